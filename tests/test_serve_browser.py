"""qscore serve in a real browser: Debian's headless chromium, driven through its
chromedriver (both installed by ./dev test), plays a whole round at a table: three phones
lay down, the scorekeeper adds the fourth from the command line, and every page, phone
and TV, shows the totals qscore sheet shows.

The screenshots in docs/ are tests/test_serve_browser_phone.py's.

It runs late in the suite (after test_fuzz.py, by its name): selenium loaded in the test
process raises its resident size, which every process it starts inherits as its peak
(Linux's ru_maxrss), and test_fuzz bounds the peak of the qscore runs it starts.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ok

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
PHONE, TV = (412, 915), (1920, 1080)  # a phone held upright; a TV at 1080p
WAIT = 30  # seconds a page may take on a busy machine; the load benchmark measures the real delay

# every browser test: slow, and skipped where Debian's chromium and its driver are missing
IN_CHROMIUM = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)),
        reason="no chromium and chromium-driver here (./dev test installs them as root)",
    ),
]
pytestmark = IN_CHROMIUM


@pytest.fixture
def table(isolated_home: Path) -> Iterator[str]:
    """A game of four and its table's address, served by qscore serve in its own process."""
    ok("new", "ann", "ben", "cat", "dee", "-g", "Friday night")
    server = subprocess.Popen(
        [sys.executable, "-m", "qscore", "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ | {"QSCORE_HOME": str(isolated_home)},
    )
    try:
        assert server.stdout is not None
        yield next(line for line in server.stdout if line.startswith("http://")).strip()
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=20)
        finally:
            server.kill()


@pytest.fixture
def browser(tmp_path: Path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={tmp_path / 'chromium'}",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()


def totals_shown(driver) -> dict[str, int]:
    """The totals row as the page shows it, read in one step (the sheet may be replaced live)."""
    cells = driver.execute_script(
        "return [...document.querySelectorAll('#sheet tfoot td[data-player]')]"
        ".map(c => [c.dataset.player, c.innerText])"
    )
    return {player: int(text) for player, text in cells if text.strip()}


def lay_down(driver, player: str, words: str, unused: str = "", out: bool = False) -> str:
    """Lay down as a player does on the page (the phone's player chosen first, if it is
    another's); what the page then says."""
    from selenium.webdriver.common.by import By

    holds(driver, player)
    driver.find_element(By.ID, "words").clear()
    driver.find_element(By.ID, "words").send_keys(words)
    driver.find_element(By.ID, "unused").clear()
    driver.find_element(By.ID, "unused").send_keys(unused)
    if driver.find_element(By.ID, "out").is_selected() != out:
        driver.find_element(By.ID, "out").click()
    from selenium.webdriver.support.ui import WebDriverWait

    # a second laydown from the same phone: the outcome shown already is marked, so that
    # the wait below reads only the new page's (no reference to an element the new page
    # detaches: a browser may answer a question about one with an error of its own)
    driver.execute_script("const o = document.getElementById('outcome'); if (o) o.dataset.before = 'yes'")
    driver.find_element(By.ID, "send").click()
    # the answer is a new page: wait for it, and read it in one step once it is there
    return WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script(
            "const o = document.getElementById('outcome'); return o && !o.dataset.before && o.innerText"
        )
    )


def holds(driver, player: str) -> None:
    """The phone is the player's: "who are you?" answered, or "not ann?" then answered.
    Each look at the page is one script (a page being replaced detaches what was found)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def heading(d) -> str:
        return d.execute_script("const h = document.getElementById('laydown-head'); return h ? h.textContent : ''")

    if heading(driver) == f"Lay down: {player}":
        return
    if heading(driver) != "Who are you?":
        driver.find_element(By.ID, "not-me").click()
    WebDriverWait(driver, WAIT).until(lambda d: heading(d) == "Who are you?")
    driver.find_element(By.CSS_SELECTOR, f'form.who button[value="{player}"]').click()
    WebDriverWait(driver, WAIT).until(lambda d: heading(d) == f"Lay down: {player}")


def test_a_whole_round_at_a_table(table, browser, tmp_path):
    from selenium.webdriver.support.ui import WebDriverWait

    windows = {}
    for who in ("ann", "ben", "cat", "tv"):
        if windows:
            browser.switch_to.new_window("window")
        browser.set_window_size(*(TV if who == "tv" else PHONE))
        browser.get(table)
        windows[who] = browser.current_window_handle
    assert "Round 1: 3 cards. ann deals, ben starts." in browser.page_source

    browser.switch_to.window(windows["ann"])
    said = lay_down(browser, "ann", "cat", out=True)
    assert "Recorded ann's laydown in round 1: cat (went out)." in said
    browser.switch_to.window(windows["ben"])
    said = lay_down(browser, "ben", "it", unused="Q")
    assert "Recorded ben's laydown in round 1: it (unused Q)." in said
    browser.switch_to.window(windows["cat"])
    said = lay_down(browser, "cat", "cats")  # one card too many: refused, with its reason
    assert "cat's laydown has 4 cards (4 in words, 0 unused), but round 1 is dealt 3" in said
    assert "--" not in said
    said = lay_down(browser, "cat", "qiz")  # not a word: it stands, flagged with why
    assert "Flagged: qiz (not in the dictionary" in said and "Round 1 waits for dee." in said

    ok("score", "dee", "zoo")  # the scorekeeper, at the terminal
    expected = json.loads(ok("sheet", "--json"))["totals"]
    assert any(expected.values())
    for who, handle in windows.items():
        browser.switch_to.window(handle)
        WebDriverWait(browser, WAIT).until(
            lambda d: totals_shown(d) == expected, f"{who}'s page never showed {expected}"
        )
        shown = browser.execute_script("return document.getElementById('sheet').innerText")  # one step: it is live
        assert re.search(r"Round 2: 4 cards\. ben deals, cat starts\.", shown)

    browser.switch_to.window(windows["cat"])  # a phone held upright: four players fit across
    wide, room = browser.execute_script(
        "const s = document.querySelector('#sheet .scroll'); return [s.scrollWidth, s.clientWidth]"
    )
    assert wide <= room, f"the phone's sheet scrolls sideways: {wide} px in {room}"

    browser.switch_to.window(windows["ben"])
    browser.refresh()  # (the windows of one browser share the cookie that says whose phone it is)
    holds(browser, "ben")
    ok("rename", "ben", "Benjamin")  # the scorekeeper puts a name right: ben's phone follows it
    browser.refresh()
    head = "const h = document.getElementById('laydown-head'); return h ? h.textContent : ''"
    assert browser.execute_script(head) == "Lay down: Benjamin"  # not "Who are you?" again
    assert "Recorded Benjamin's laydown in round 2: tie (unused S)." in lay_down(browser, "Benjamin", "tie", "S")

    shutil.rmtree(tmp_path / "chromium", ignore_errors=True)
