"""A whole Short game (4 rounds) run from phones only, in Debian's headless chromium, after
`qscore serve`: three players lay down from their own phones, the scorekeeper's phone
settles a challenge, takes back a mistaken laydown and closes the game, the TV follows, and
`serve` is stopped and started again halfway, the open pages recovering by themselves. Its
`sheet --json` is then the same as the same game kept in a terminal (issue 35, item 8).

The screenshots of the scorekeeper's page in docs/ are this test's:
QSCORE_SCREENSHOTS=docs ./dev test tests/test_keeper_browser.py writes them again.
"""

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.axe import violations
from tests.conftest import ok
from tests.test_serve_browser import IN_CHROMIUM, WAIT, browser, lay_down, totals_shown
from tests.test_serve_browser_phone import Serve

PHONE, TV = (390, 844), (1920, 1080)

pytestmark = IN_CHROMIUM
__all__ = ["browser"]  # the fixture, shared

# The evening, each step as the phones make it and as a terminal would: (who, what).
ROUNDS = [
    [("ann", "cat", "", True), ("ben", "it", "O", False), ("cat", "ox", "E", False)],
    [("ann", "sun", "D", False), ("ben", "dog", "A", False), ("cat", "rain", "", True)],
    [("ann", "horse", "", True), ("ben", "bean", "L", False), ("cat", "mile", "T", False)],
    [("ann", "planet", "", True), ("ben", "guide", "S", False), ("cat", "work", "Y J", False)],
]


@pytest.fixture
def served(isolated_home: Path) -> Iterator[Serve]:
    ok("new", "ann", "ben", "cat", "--variant", "short", "-g", "Short")
    serve = Serve(isolated_home)
    try:
        yield serve
    finally:
        serve.stop()


def keeper_does(driver, section: str, fields: dict[str, str], button: str | None = None) -> str:
    """An action on the scorekeeper's page, as a thumb does it: the section's fields filled,
    its button pressed; what the page then says at its top."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    for name, value in fields.items():
        box = driver.find_element(By.CSS_SELECTOR, f"#{section} [name={name}]")
        if box.tag_name == "select":
            Select(box).select_by_value(value)
        elif box.get_attribute("type") == "checkbox":
            if box.is_selected() != (value == "yes"):
                box.click()
        else:
            box.clear()
            box.send_keys(value)
    driver.execute_script("const o = document.getElementById('outcome'); if (o) o.dataset.before = 'yes'")
    driver.find_element(By.CSS_SELECTOR, button or f"#{section} button[type=submit]").click()
    return answered(driver)


def answered(driver) -> str:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script(
            "const o = document.getElementById('outcome'); return o && !o.dataset.before && o.innerText"
        )
    )


def answer(driver, label: str) -> str:
    """The question at the top answered by its button."""
    from selenium.webdriver.common.by import By

    driver.execute_script("const o = document.getElementById('outcome'); if (o) o.dataset.before = 'yes'")
    driver.find_element(By.XPATH, f"//section[@id='outcome']//button[normalize-space()='{label}']").click()
    return answered(driver)


def at_the_top(driver) -> bool:
    """The outcome starts within the first screen, where the thumb is."""
    top = driver.execute_script("return document.getElementById('outcome').getBoundingClientRect().top")
    return 0 <= top < driver.execute_script("return window.innerHeight") / 2


def test_each_section_is_one_tap_from_the_top_and_a_refusal_keeps_its_form(served, browser, tmp_path):
    """On a phone Challenge started 1,557 px down and Undo 1,989 px, reached only by
    scrolling; a refused laydown emptied its form and was plain red text."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    shots = Path(os.environ.get("QSCORE_SCREENSHOTS", tmp_path))
    for who, words, unused, out in ROUNDS[0]:
        ok("score", who, words, *(["--unused", unused] if unused else []), *(["--out"] if out else []))
    served.start()
    browser.set_window_size(*PHONE)
    browser.get(served.keeper)
    screen = browser.execute_script("return window.innerHeight")
    links = browser.find_elements(By.CSS_SELECTOR, "nav.sections a")
    assert [a.get_attribute("hash") for a in links] == [
        "#keeper-laydown", "#challenge", "#undo", "#review", "#players", "#game"
    ]  # fmt: skip
    for link in links:
        section = link.get_attribute("hash")
        browser.execute_script("window.scrollTo(0, 0)")
        assert link.rect["y"] + link.rect["height"] < screen  # on the first screen, as the page opens
        link.click()

        def shown(d, section=section):
            top, bottom = d.execute_script(
                "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.top, r.bottom]",
                section,
            )
            return top >= 0 and (top < 20 or bottom <= screen)  # at the top, or the page's end whole on the screen

        WebDriverWait(browser, WAIT).until(shown, f"{section} not brought into view")

    typed = {"player": "ben", "words": "horse bean", "unused": "L", "round": "9", "out": "yes", "replace": "yes"}
    said = keeper_does(browser, "keeper-laydown", typed)
    assert said.startswith("✗ Not saved\n") and "no round 9" in said, said
    assert at_the_top(browser)
    assert browser.save_screenshot(str(shots / "serve-keeper-refused.png"))
    assert violations(browser) == []
    kept = browser.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('#keeper-laydown [name]')]"
        ".filter(f => f.name !== 'token')"
        ".map(f => [f.name, f.type === 'checkbox' ? (f.checked ? 'yes' : '') : f.value]))"
    )
    assert kept == typed
    said = keeper_does(browser, "challenge", {"player": "ann", "word": "cat", "by": "ann"})
    assert said.split("\n") == ["✗ Not saved", "", "ann cannot challenge their own word"], said
    kept = {
        name: browser.find_element(By.CSS_SELECTOR, f"#challenge [name={name}]").get_attribute("value")
        for name in ("player", "word", "by")
    }
    assert kept == {"player": "ann", "word": "cat", "by": "ann"}
    assert not json.loads(ok("sheet", "--json"))["rounds"][0]["challenges"]


def test_a_whole_short_game_from_phones_only(served, browser, tmp_path, isolated_home, monkeypatch):
    from selenium.webdriver.support.ui import WebDriverWait

    shots = Path(os.environ.get("QSCORE_SCREENSHOTS", tmp_path))
    served.start()
    table, keeper = served.address, served.keeper
    # the players' phones and the TV by one name of this machine, the scorekeeper's by another:
    # a browser keeps six connections a host, and each open page holds one for the live sheet
    keeper = keeper.replace("127.0.0.1", "localhost")
    windows: dict[str, str] = {}
    for who in ("keeper", "ann", "ben", "cat", "tv"):
        if windows:
            browser.switch_to.new_window("window")
        browser.set_window_size(*(TV if who == "tv" else PHONE))
        browser.get(keeper if who == "keeper" else table)
        windows[who] = browser.current_window_handle

    def phone(who: str):
        browser.switch_to.window(windows[who])
        return browser

    def lay(number: int, who: str, words: str, unused: str, out: bool) -> None:
        said = lay_down(phone(who), who, words, unused, out)
        assert f"Recorded {who}'s laydown in round {number}" in said, said

    for step in ROUNDS[0]:
        lay(1, *step)
    said = keeper_does(phone("keeper"), "challenge", {"player": "cat", "word": "ox", "by": "ben"})
    assert said.startswith("Challenge by ben: ox is allowed: ben loses"), said
    assert at_the_top(browser)

    lay(2, *ROUNDS[1][0])
    lay(2, "ben", "god", "A", False)  # a slip: the scorekeeper takes it back
    said = keeper_does(phone("keeper"), "undo", {})
    assert "Take back ben's laydown in round 2: god (unused A)?" in said
    assert answer(browser, "no") == "Nothing taken back."  # and the question goes, all as it was
    assert "god" in json.dumps(json.loads(ok("sheet", "--json"))["rounds"][1])
    said = keeper_does(phone("keeper"), "undo", {})
    assert at_the_top(browser)
    assert browser.save_screenshot(str(shots / "serve-keeper-phone.png"))  # a question, where the thumb is
    assert violations(browser) == []
    said = answer(browser, "yes")
    assert said.startswith("Took back ben's laydown in round 2: god (unused A)"), said
    # (a phone's form filled before the undo is refused naming it: tests/test_serve_guard.py;
    # here the windows of one browser share the cookie that says whose phone it is)
    lay(2, *ROUNDS[1][1])

    served.stop()  # the server goes away and comes back on the same address
    served.start()
    fields = {"player": "cat", "words": "rain", "out": "yes"}
    # a form of the page the last server made: its key is kept beside the game's codes, so it
    # is taken, once the page is back in touch (its buttons wait while the server is away)
    WebDriverWait(phone("keeper"), WAIT).until(
        lambda d: d.execute_script("return ![...document.querySelectorAll('form button')].some(b => b.disabled)")
    )
    said = keeper_does(phone("keeper"), "keeper-laydown", fields)
    assert "Recorded cat's laydown in round 2: rain (went out)." in said
    expected = json.loads(ok("sheet", "--json"))["totals"]
    for who in ("ann", "ben", "cat", "tv"):  # no reload: each page's live sheet recovered by itself
        WebDriverWait(phone(who), WAIT).until(lambda d: totals_shown(d) == expected, f"{who}'s page stayed behind")
        browser.refresh()  # its laydown form, made again by this server

    for number, laid in enumerate(ROUNDS[2:], 3):
        for step in laid:
            lay(number, *step)
    page = phone("keeper")
    page.refresh()
    assert "Round 4 is scored: its challenges, then the scorekeeper closes the game." in page.page_source
    said = keeper_does(page, "challenge", {}, "#close")
    assert said == "Game 'Short' is closed: round 4's challenges are settled."
    kept = json.loads(ok("sheet", "--json"))
    assert kept["closed"] and kept["winner"] == "ann"
    WebDriverWait(phone("tv"), WAIT).until(
        lambda d: "Game over. ann wins" in d.execute_script("return document.getElementById('sheet').innerText")
    )

    page = phone("keeper")
    page.set_window_size(*TV)
    page.get(keeper + "?review=4#review")
    assert "ben: 16 of a possible 22" in page.execute_script("return document.getElementById('review').innerText")
    assert page.save_screenshot(str(shots / "serve-keeper-tv.png"))
    assert violations(page) == []
    for shot in ("serve-keeper-phone.png", "serve-keeper-tv.png"):
        assert (shots / shot).read_bytes().startswith(b"\x89PNG")
    served.stop()
    shutil.rmtree(tmp_path / "chromium", ignore_errors=True)

    # the same game kept in a terminal
    terminal = tmp_path / "terminal"
    terminal.mkdir()
    (terminal / "cache").symlink_to(isolated_home / "cache", target_is_directory=True)
    monkeypatch.setenv("QSCORE_HOME", str(terminal))
    ok("new", "ann", "ben", "cat", "--variant", "short", "-g", "Short")
    for number, laid in enumerate(ROUNDS, 1):
        for who, words, unused, out in laid:
            if (number, who) == (2, "ben"):
                ok("score", "ben", "god", "--unused", "A")
                ok("undo")
            ok("score", who, *words.split(), *(["--unused", unused] if unused else []), *(["--out"] if out else []))
        if number == 1:
            ok("challenge", "cat", "ox", "--by", "ben")
    ok("close")
    assert json.loads(ok("sheet", "--json")) == kept
