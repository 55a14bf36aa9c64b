"""The table's page of a closed game offers the evening's picture (web/picture_served.py): a link
in the sheet every page shows, to picture.png (and .svg) under the table's code and the
scorekeeper's; Not Found before the game is closed. In process, through starlette's test
client (tests/test_serve_browser_phone.py follows the link in chromium)."""

import xml.etree.ElementTree as ET

from starlette.testclient import TestClient

from qscore.web.pages import make_app
from tests.conftest import ok
from tests.test_picture import png_size, texts

CODE, KEEPER = "K7Q3M9", "M9T4HC"
BASE, KBASE = f"/t/{CODE}/", f"/k/{KEEPER}/"
LINK = '<a href="picture.png" id="picture">'


def evening_to_close() -> TestClient:
    ok("new", "ann", "ben", "--rounds", "3", "--bonus", "none", "-g", "fri")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "-u", "X")
    return TestClient(make_app("fri", CODE, KEEPER))


def test_a_closed_games_page_links_its_picture_and_serves_it():
    page = evening_to_close()
    assert LINK not in page.get(BASE).text  # scored, not yet closed
    assert page.get(BASE + "picture.png").status_code == 404
    ok("close")
    assert LINK in page.get(BASE).text and LINK in page.get(BASE + "tv").text and LINK in page.get(KBASE).text
    for base in (BASE, KBASE):  # the link is the sheet's, on every page: relative to each page's own path
        png = page.get(base + "picture.png")
        assert png.status_code == 200 and png.headers["content-type"] == "image/png"
        svg = page.get(base + "picture.svg")
        assert svg.headers["content-type"].startswith("image/svg+xml")
        root = ET.fromstring(svg.text)
        assert png_size(png.content) == (int(root.get("width")), int(root.get("height")))
        assert png_size(png.content)[0] >= 600
        assert "Game over. ann wins with 13." in " ".join(texts(svg.text)) and "★ ann" in texts(svg.text)
    assert page.get(BASE + "picture.gif").status_code == 404
    assert page.get(BASE.replace(CODE, "AAAAAA") + "picture.png").status_code == 404


def test_the_picture_follows_a_rename_made_after_the_close():
    page = evening_to_close()
    ok("close")
    before = page.get(BASE + "picture.svg").text
    ok("rename", "ben", "Benedict")
    after = page.get(BASE + "picture.svg").text
    assert "Benedict" not in before and "Benedict" in texts(after)


def test_the_picture_is_named_by_the_game():
    """Every evening's picture downloaded as quiddler.png: a family's chat then held a row of
    the same name. It is named by the game, made safe for a file's name."""
    page = evening_to_close()
    ok("close")
    for kind in ("png", "svg"):
        said = page.get(BASE + f"picture.{kind}").headers["content-disposition"]
        assert said == f'inline; filename="fri.{kind}"'


def test_a_games_name_made_a_safe_file_name():
    from qscore.views.picture import picture_file

    assert picture_file("Friday night", "png") == "friday-night.png"
    assert picture_file('Zoë\'s "big" night / 2026-11-27', "svg") == "zoes-big-night-2026-11-27.svg"
    assert picture_file("../..", "png") == "quiddler.png"  # nothing of the name left: the old name
    assert picture_file("夜", "png") == "quiddler.png"
