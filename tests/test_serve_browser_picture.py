"""The evening's picture in Debian's headless chromium at a phone's size: the link appears
on the open page as the scorekeeper closes the game (the live sheet), and following it
shows the PNG, at least 600 px wide, which the phone scales to its width; axe-core finds
nothing on the page holding the link.

QSCORE_SCREENSHOTS=docs ./dev test tests/test_serve_browser_picture.py writes
docs/evening-phone.png again: the picture as a 390 px phone shows it (look at it first).
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.axe import violations
from tests.conftest import ok
from tests.test_serve_browser import IN_CHROMIUM, browser
from tests.test_serve_browser_phone import PHONE, Serve, serve, shown, wait
from tests.test_serve_browser_tv import screen

__all__ = ["browser", "serve"]  # fixtures

pytestmark = IN_CHROMIUM


def test_the_closed_games_picture_link_works_on_a_phone(serve: Serve, browser, tmp_path):
    from selenium.webdriver.common.by import By

    ok("new", "Grandma", "Ben", "Zoë", "Mary-Kate", "-g", "Friday night", "--rounds", "3,4")
    for laid in (["Grandma", "cat", "--out"], ["Ben", "at", "-u", "X"], ["Zoë", "it", "-u", "E"]):
        ok("score", *laid)
    ok("score", "Mary-Kate", "ox", "-u", "E")
    for laid in (["Ben", "quiz", "--out"], ["Zoë", "tax", "-u", "E"], ["Mary-Kate", "zoo", "-u", "E"]):
        ok("score", *laid)
    ok("score", "Grandma", "to", "-u", "A B")
    serve.start()
    screen(browser, *PHONE)
    browser.get(serve.address)
    assert not browser.find_elements(By.ID, "picture")  # the game is not closed yet
    ok("close")
    wait(browser, "return document.getElementById('picture')", "the picture's link did not come with the sheet")
    assert not (found := violations(browser, least="minor")), found
    browser.find_element(By.ID, "picture").click()
    wait(browser, "return document.contentType === 'image/png' && document.images[0]?.complete", "no picture")
    assert browser.current_url == serve.address + "picture.png"
    width, height = shown(browser, "const i = document.images[0]; return [i.naturalWidth, i.naturalHeight]")
    assert width >= 600 and height > width
    keep = Path(os.environ.get("QSCORE_SCREENSHOTS", tmp_path))
    browser.save_screenshot(str(keep / "evening-phone.png"))
