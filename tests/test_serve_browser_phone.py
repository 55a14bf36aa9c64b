"""The table's page on a phone and the TV's page, in Debian's headless chromium as
tests/test_serve_browser.py drives it: six players fit a phone's width, the answer lands
where the eye is, a restart of serve is said and recovered from, and axe-core finds no
serious or critical WCAG 2.1 AA violation at phone and TV sizes.

The screenshots in docs/ are this file's: QSCORE_SCREENSHOTS=docs ./dev test
tests/test_serve_browser_phone.py writes them again (look at them before keeping them).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.axe import violations
from tests.conftest import ok
from tests.test_serve_browser import IN_CHROMIUM, WAIT, browser, holds, totals_shown

__all__ = ["browser"]  # a fixture

PHONES = [(360, 740), (390, 844)]  # the narrowest phone in common use, and a common one
PHONE, TV = (390, 844), (1920, 1080)
SIX = ("Annabel", "Benedict", "Catherine", "Dominic", "Eleanor", "Frederick")

pytestmark = IN_CHROMIUM


class Serve:
    """qscore serve in its own process on a port of its own, stopped and started again at will."""

    def __init__(self, home: Path) -> None:
        self.home = home
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.process: subprocess.Popen[str] | None = None
        self.address = self.keeper = ""

    def start(self) -> str:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "qscore", "serve", "--host", "127.0.0.1", "--port", str(self.port)],
            stdout=subprocess.PIPE,
            text=True,
            env=os.environ | {"QSCORE_HOME": str(self.home)},
        )
        assert self.process.stdout is not None
        addresses = (line.strip() for line in self.process.stdout if line.startswith("http://"))
        self.address, self.keeper = next(addresses), next(addresses)  # the table's, the scorekeeper's
        return self.address

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=20)
        finally:
            self.process.kill()
            self.process = None


@pytest.fixture
def serve(isolated_home: Path) -> Iterator[Serve]:
    served = Serve(isolated_home)
    try:
        yield served
    finally:
        served.stop()


def shown(driver, script: str):
    return driver.execute_script(script)


def wait(driver, script: str, what: str):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(script), what)


def send(driver, words: str, unused: str = "", out: bool = False) -> None:
    """The player's form filled and sent; back once the answer's page is loaded."""
    from selenium.webdriver.common.by import By

    for box, typed in (("words", words), ("unused", unused)):
        driver.find_element(By.ID, box).clear()  # a refused laydown's form comes back filled
        driver.find_element(By.ID, box).send_keys(typed)
    if driver.find_element(By.ID, "out").is_selected() != out:
        driver.find_element(By.ID, "out").click()
    driver.execute_script("document.body.dataset.before = 'yes'")
    driver.find_element(By.ID, "send").click()
    wait(driver, "return !document.body.dataset.before && document.getElementById('outcome')", "no answer")


def in_view(driver, element_id: str) -> bool:
    """Whether the element's top is on screen and it holds the focus."""
    return shown(
        driver,
        f"const e = document.getElementById('{element_id}'); const r = e.getBoundingClientRect();"
        f"return r.top >= 0 && r.top < window.innerHeight - 40 && document.activeElement === e",
    )


def test_six_players_fit_a_phone_without_sideways_scrolling(serve, browser):
    """At 390 px the words of the open round pushed the 4th player's column and total off screen."""
    ok("new", *SIX, "--rounds", "3,10", "-g", "Saturday")
    for player, words in zip(SIX, ("cat", "it -u E", "(qu)it", "zoo", "at -u E", "to -u E"), strict=True):
        ok("score", player, *words.split())
    ok("score", "Annabel", "wizards", "(th)en", "--out")  # the open round's words fill its cells
    ok("score", "Benedict", "monarchs", "-u", "E S")
    serve.start()
    for width, height in PHONES:
        browser.set_window_size(width, height)
        browser.get(serve.address)
        inner, wide, room, page = shown(
            browser,
            "const s = document.querySelector('#sheet .scroll');"
            "return [window.innerWidth, s.scrollWidth, s.clientWidth, document.documentElement.scrollWidth]",
        )
        assert wide <= room and page <= inner, f"at {width} px the sheet is {wide} px in {room}, the page {page}"
        totals = shown(
            browser,
            "return [...document.querySelectorAll('#sheet tfoot td[data-player]')]"
            ".map(c => c.getBoundingClientRect().right)",
        )
        assert len(totals) == 6 and max(totals) <= inner, (width, totals)
        # the sheet that scrolled sideways was a region a keyboard could not scroll
        assert not (found := violations(browser)), (width, found)


def test_the_answer_lands_where_the_eye_is_and_a_reload_sends_nothing(serve, browser):
    """On a 390x844 phone the outcome began at y 850 and the word box's answer at 898, below
    the fold; the address after a laydown was /laydown, which a reload sent again."""
    ok("new", "ann", "ben", "cat", "dee", "-g", "Friday night")
    serve.start()
    browser.set_window_size(*PHONE)
    browser.get(serve.address)
    assert "Who are you?" in shown(browser, "return document.getElementById('laydown').innerText")
    holds(browser, "ann")
    send(browser, "cats")  # one card too many: refused
    assert in_view(browser, "outcome")
    assert shown(browser, "return document.getElementById('outcome').className") == "refused"
    assert "/laydown" not in browser.current_url and "?sent=" in browser.current_url
    send(browser, "cat", out=True)
    assert in_view(browser, "outcome")
    said = shown(browser, "return document.getElementById('outcome').innerText")
    assert said.startswith("✓ Saved") and "Recorded ann's laydown in round 1: cat (went out)." in said
    laid = json.loads(ok("sheet", "--json"))
    browser.refresh()
    wait(browser, "return document.getElementById('outcome')", "the answer is gone on a reload")
    assert json.loads(ok("sheet", "--json")) == laid  # nothing sent again

    from selenium.webdriver.common.by import By

    browser.find_element(By.ID, "word").send_keys("quixotic")
    browser.execute_script("document.body.dataset.before = 'yes'")
    browser.find_element(By.CSS_SELECTOR, "#wordbox button").click()
    wait(browser, "return !document.body.dataset.before && document.getElementById('verdict')", "no verdict")
    assert in_view(browser, "verdict")


def test_a_restart_of_serve_is_said_at_once_and_recovered_by_itself(serve, browser):
    """A restart made a new code: every page was left on a dead address, saying nothing,
    and the TV kept the old totals after the next entry."""
    from selenium.webdriver.support.ui import WebDriverWait

    ok("new", "ann", "ben", "cat", "-g", "Friday night")
    first = serve.start()
    windows = {}
    for who, size in (("phone", PHONE), ("tv", TV)):
        if windows:
            browser.switch_to.new_window("window")
        browser.set_window_size(*size)
        browser.get(first + ("tv" if who == "tv" else ""))
        windows[who] = browser.current_window_handle
    browser.switch_to.window(windows["phone"])
    holds(browser, "ann")  # the form is loaded before the restart and sent after it
    serve.stop()
    for handle in windows.values():
        browser.switch_to.window(handle)
        wait(browser, "return !document.getElementById('connection').hidden", "the lost server is not said")
        assert shown(browser, "return document.getElementById('connection').innerText").startswith(
            "Connection lost: reconnecting"
        )
    # meanwhile the phone's form waits: sent, it would end on the browser's own error page
    browser.switch_to.window(windows["phone"])
    assert shown(browser, "return document.getElementById('send').disabled")
    assert serve.start() == first  # one address for the evening
    for handle in windows.values():
        browser.switch_to.window(handle)
        wait(browser, "return document.getElementById('connection').hidden", "the page never recovered")
    browser.switch_to.window(windows["phone"])
    assert not shown(browser, "return document.getElementById('send').disabled")
    browser.switch_to.window(windows["phone"])
    send(browser, "cat", out=True)
    assert "Recorded ann's laydown" in shown(browser, "return document.getElementById('outcome').innerText")
    ok("score", "ben", "it", "-u", "Q")
    ok("score", "cat", "(qu)it")
    expected = json.loads(ok("sheet", "--json"))["totals"]
    for handle in windows.values():
        browser.switch_to.window(handle)
        WebDriverWait(browser, WAIT).until(lambda d: totals_shown(d) == expected, "the totals never followed")


def test_no_accessibility_violation_at_phone_and_tv_sizes(serve, browser, tmp_path):
    """Every page and state a table sees, at a phone's size and a TV's: no WCAG 2.1 AA
    violation of any impact (every control labelled, contrast 4.5:1)."""
    ok("new", "ann", "ben", "cat", "dee", "-g", "Friday night")
    for laid in (["ann", "cat", "--out"], ["ben", "it", "-u", "Q"], ["cat", "(qu)it"], ["dee", "zoo"]):
        ok("score", *laid)
    for laid in (
        ["ben", "quit", "--out"],
        ["cat", "tax", "-u", "E"],
        ["dee", "zoo", "-u", "E"],
        ["ann", "to", "-u", "A B"],
    ):
        ok("score", *laid)
    serve.start()
    keep = Path(os.environ.get("QSCORE_SCREENSHOTS", tmp_path))
    for size in (PHONE, TV):
        browser.set_window_size(*size)
        browser.get(serve.address)
        assert not (found := violations(browser, least="minor")), ("who are you?", size, found)
        holds(browser, "cat")
        send(browser, "taxes", unused="")
        assert not (found := violations(browser, least="minor")), ("an outcome", size, found)
        if size == PHONE:
            browser.execute_script("window.scrollTo(0, 0)")
            assert browser.save_screenshot(str(keep / "serve-phone.png"))
            # a phone set to its dark scheme: the page follows it, its contrast held too
            dark = {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", dark)
            box = "return getComputedStyle(document.getElementById('outcome')).backgroundColor"
            assert shown(browser, box) == "rgb(16, 40, 31)"  # the dark scheme's saved box: it took
            assert not (found := violations(browser, least="minor")), ("dark", size, found)
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        browser.get(serve.address + "tv")  # (its screenshot is tests/test_serve_browser_tv.py's)
        assert not (found := violations(browser, least="minor")), ("the TV", size, found)
        browser.get(serve.address + "me")  # the next size starts as a new phone
        ok("undo")  # and cat lays down again
    assert (keep / "serve-phone.png").read_bytes().startswith(b"\x89PNG")
