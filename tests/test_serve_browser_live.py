"""The pages live in Debian's headless chromium: an answer at the top follows the sheet (an
undo since, a round closed), a phone follows its player's rename without a reload, and a
lost connection is said large on every page (the phone's, the TV's, the scorekeeper's)
while no control leads to the browser's own error page.
"""

from __future__ import annotations

from tests.axe import violations
from tests.conftest import ok
from tests.test_serve_browser import IN_CHROMIUM, browser, holds
from tests.test_serve_browser_phone import PHONE, TV, Serve, send, serve, shown, wait

__all__ = ["browser", "serve"]  # fixtures

pytestmark = IN_CHROMIUM

OUTCOME = "const o = document.getElementById('outcome'); return o ? o.innerText : ''"
HEAD = "const h = document.getElementById('laydown-head'); return h ? h.textContent : ''"


def test_the_answer_at_the_top_follows_the_sheet_and_the_phone_a_rename(serve: Serve, browser):
    """ "Saved ... Round 1 waits for ben, cat." stayed at the top after the scorekeeper took
    the laydown back, above a sheet saying otherwise; a phone whose player was renamed kept
    the old name until reloaded by hand."""
    ok("new", "ann", "ben", "cat", "-g", "Friday night")
    serve.start()
    browser.set_window_size(*PHONE)
    browser.get(serve.address)
    holds(browser, "ann")
    send(browser, "cat", out=True)
    assert "Round 1 waits for ben, cat." in shown(browser, OUTCOME)

    ok("undo", "--yes")  # the scorekeeper, at the terminal
    wait(browser, "return document.getElementById('outcome').innerText.includes('Since then')", "the answer stayed")
    said = shown(browser, OUTCOME)
    assert "Since then, the scorekeeper took back ann's laydown in round 1: cat (went out)." in said
    assert "Round 1 waits for ben, cat." not in said and "Round 1 waits for ann, ben, cat." in said

    from selenium.webdriver.common.by import By

    browser.find_element(By.ID, "words").send_keys("zoo")  # typed, not sent, when the rename comes
    ok("score", "ben", "it", "-u", "Q")
    ok("score", "cat", "(qu)it")
    ok("rename", "ann", "Anne")
    wait(browser, f"return (() => {{ {HEAD} }})() === 'Lay down: Anne'", "the phone kept the old name")
    assert shown(browser, "return document.querySelector('#laydown [name=player]').value") == "Anne"
    assert shown(browser, "return document.getElementById('words').value") == "zoo"
    assert shown(browser, OUTCOME) == ""  # four entries since the answer: old news, it gave way to the sheet
    assert not (found := violations(browser, least="minor")), found


def test_an_answers_replace_control_goes_live_once_its_round_is_over(serve: Serve, browser):
    """ "Replace it with at" stayed on the open page after the round closed, and pressing it
    was refused: the control goes as the sheet moves on, without a reload."""
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    serve.start()
    browser.set_window_size(*PHONE)
    browser.get(serve.address)
    holds(browser, "ann")
    send(browser, "cat", out=True)
    send(browser, "at", unused="C")  # ann again: refused, with a control to replace it
    control = "return document.querySelectorAll('#outcome form').length"
    assert shown(browser, control) >= 1 and "Replace it with at" in shown(browser, OUTCOME)
    ok("score", "ben", "it", "-u", "Q")
    ok("score", "cat", "ox", "-u", "E")  # round 1 closes
    wait(browser, control + " === 0", "the replace control stayed")
    assert "Replace it with" not in shown(browser, OUTCOME)


def test_the_scorekeepers_answer_follows_the_sheet_too(serve: Serve, browser):
    """The scorekeeper's "Recorded ... Round 1 waits for ben, cat." stayed above a sheet
    whose round had closed since, from the phones."""
    from tests.test_keeper_browser import keeper_does

    ok("new", "ann", "ben", "cat", "-g", "Friday night")
    serve.start()
    browser.set_window_size(*PHONE)
    browser.get(serve.keeper)
    said = keeper_does(browser, "keeper-laydown", {"player": "ann", "words": "cat", "out": "yes"})
    assert "Round 1 waits for ben, cat." in said
    ok("score", "ben", "it", "-u", "Q")
    ok("score", "cat", "(qu)it")
    wait(browser, "return document.getElementById('outcome').innerText.includes('Round 2 waits')", "the answer stayed")
    assert "Since then, cat's laydown in round 1: (qu)it was entered." in shown(browser, OUTCOME)


def test_a_lost_connection_is_said_large_everywhere_and_no_control_leads_to_an_error_page(serve: Serve, browser):
    """The scorekeeper's page said nothing (its buttons greyed out), the TV's notice was a
    16 px strip, and a phone's Check pressed while the server was away ended on the
    browser's own error page."""
    from selenium.webdriver.common.by import By

    ok("new", "ann", "ben", "cat", "-g", "Friday night")
    first = serve.start()
    pages = {"phone": (first, PHONE, 24), "tv": (first + "tv", TV, 48), "keeper": (serve.keeper, PHONE, 24)}
    windows = {}
    for who, (address, size, _) in pages.items():
        if windows:
            browser.switch_to.new_window("window")
        browser.set_window_size(*size)
        browser.get(address)
        windows[who] = browser.current_window_handle
    browser.switch_to.window(windows["phone"])
    holds(browser, "ann")
    serve.stop()
    for who, (_address, _size, large) in pages.items():
        browser.switch_to.window(windows[who])
        wait(browser, "return !document.getElementById('connection').hidden", f"the {who}'s page says nothing")
        size, top, bottom, inner = shown(
            browser,
            "const c = document.getElementById('connection'); const r = c.getBoundingClientRect();"
            "return [parseFloat(getComputedStyle(c).fontSize), r.top, r.bottom, innerHeight]",
        )
        assert size >= large, f"the {who}'s notice is {size} px"
        assert top >= 0 and bottom <= inner, f"the {who}'s notice is off screen"
        assert shown(browser, "return document.getElementById('connection').innerText").startswith(
            "Connection lost: reconnecting"
        )

    browser.switch_to.window(windows["phone"])
    browser.find_element(By.ID, "word").send_keys("quiz")
    browser.find_element(By.CSS_SELECTOR, "#wordbox button").click()
    wait(browser, "return !document.querySelector('#connection .unsent').hidden", "a Check while away says nothing")
    assert browser.current_url.startswith(first), browser.current_url  # not the browser's error page
    assert shown(browser, "return !!document.getElementById('wordbox')")
    browser.find_element(By.ID, "not-me").click()  # a link too
    assert browser.current_url.startswith(first) and shown(browser, "return !!document.getElementById('wordbox')")

    assert serve.start() == first
    for who in pages:
        browser.switch_to.window(windows[who])
        wait(browser, "return document.getElementById('connection').hidden", f"the {who}'s page never recovered")
    browser.switch_to.window(windows["phone"])
    browser.execute_script("document.body.dataset.before = 'yes'")
    browser.find_element(By.CSS_SELECTOR, "#wordbox button").click()  # once back, it checks the word
    wait(browser, "return !document.body.dataset.before && document.getElementById('verdict')", "no verdict")
    assert "quiz: allowed" in shown(browser, "return document.getElementById('verdict').innerText")
