"""A whole game of Quiddler Junior, worked by hand from its rule sheet first
(tests/data/junior-game.json, with the deck tests/data/junior-game.toml), then kept in
``qscore play`` and on the scorekeeper's page: each round's scores and running totals
must be the hand-worked table's."""

from __future__ import annotations

import html
import json
import os
import re
import sys
from pathlib import Path

from starlette.testclient import TestClient

from qscore import scorekeeper
from qscore.web.pages import make_app
from tests import test_keeper as keeper_page
from tests import test_serve as phone_page
from tests.conftest import ok
from tests.terminal import Terminal
from tests.test_play import in_order, lines

DATA = Path(__file__).resolve().parent / "data"
DECK = DATA / "junior-game.toml"
WORKED = json.loads((DATA / "junior-game.json").read_text("utf-8"))


def test_play_asks_a_junior_game_for_its_deck_file_until_one_reads(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "deck.toml"
    bad.write_text("[junior]\nrounds = [2, 3]\n", "utf-8")
    answers = lines("ann ben cat", "junior", "", "none.toml", "deck.toml", "quit")
    out = ok("play", input=answers)
    in_order(
        out,
        "Variant: standard, short or junior [standard]: junior",
        "Deck file (the cards' points and counts; qscore deck junior writes one to fill in): \n",
        "Not taken: a Junior game needs its deck file: type its path (qscore deck junior writes one to fill in).",
        "Not taken: no deck file 'none.toml'",  # each fault in the deck file's own words, one line
        "Not taken: deck.toml line 1: a [junior.cards] table gives each card",
        "Deck file (",
    )
    assert "Keeping score" not in out and "Traceback" not in out


# words the table keeps as laid though the dictionary refuses them: they stand until challenged
KEPT = {"zorpe"}
PLAYERS = WORKED["players"]


def worked_figures(key: str) -> list[dict[str, int]]:
    """Each round's hand-worked figure for every player: "round" (its score) or "total"."""
    return [{p: r["scores"][p][key] for p in PLAYERS} for r in WORKED["rounds"]]


def sheet_figures(sheet: dict) -> tuple[list[dict[str, int]], list[dict[str, int]]]:
    """Each round's scores and running totals as the sheet's JSON gives them."""
    return [r["scores"] for r in sheet["rounds"]], [r["running"] for r in sheet["rounds"]]


def play_answers(past_zero: str = "") -> list[str]:
    """The whole evening typed at play's prompts, from the hand-worked rounds (``past_zero``:
    the answer to the house rule's question, blank for the sheet's)."""
    typed = ["ann ben cat", "junior", str(DECK), past_zero, ""]  # players, variant, deck, house rule, dictionary
    for r in WORKED["rounds"]:
        typed.append(r["out"])  # who went out lays down first
        for lay in r["laydowns"]:
            typed.append(" ".join(lay["words"]) or "-")
            typed += ["y" for word in lay["words"] if word in KEPT]  # kept as laid: it stands unless challenged
            if lay["unused"]:
                typed.append(" ".join(lay["unused"]))
        typed += [f"{c['player']} {c['word']} by {c['by']}" for c in r["challenges"]]
        typed.append("")  # no more challenges: the next deal, or the game's end
    return typed


def test_the_hand_worked_junior_game_kept_in_play():
    out = ok("play", input=lines(*play_answers()))
    in_order(
        out,
        "Round 1: 2 cards. ann deals, ben starts.",
        "cat's words: i",
        "ann's words: -",
        "Round 2: 3 cards. ben deals, cat starts.",
        "cat's words: tim",
        "Challenge by ben: tim is allowed",
        "Round 3: 4 cards.",
        "ann's words: ba(ll)s",
        "Round 4: 5 cards.",
        "Keep zorpe as laid?",
        "ann's words: a hen",
        "Challenge by ann: zorpe is not allowed",
        "Round 6: 7 cards. cat deals, ann starts.",
        "Game over. ben wins with 69.",
    )
    assert "tim: not allowed" not in out and "Keep tim" not in out  # a name is a word in Junior
    assert "Not taken" not in out
    sheet = json.loads(ok("sheet", "--json"))
    scores, running = sheet_figures(sheet)
    for number, (got, worked) in enumerate(zip(scores, worked_figures("round"), strict=True), 1):
        assert got == worked, f"round {number}: {got} (the hand-worked {worked})"
    assert running == worked_figures("total")
    assert sheet["totals"] == WORKED["totals"] and sheet["winner"] == WORKED["winner"]


def test_the_house_rule_that_a_round_stops_at_zero_kept_in_play():
    out = ok("play", input=lines(*play_answers(past_zero="n")))
    assert "May a lost challenge take a round below zero? (the sheet: yes) [Y/n]: n" in out
    assert "house rule: a round never scores below zero" in out  # kept with the game, and shown
    sheet = json.loads(ok("sheet", "--json"))
    scores, _ = sheet_figures(sheet)
    floored = WORKED["floored"]
    for number, changed in floored["rounds"].items():
        for player, figure in changed.items():
            assert scores[int(number) - 1][player] == figure["round"]
    assert sheet["totals"] == floored["totals"]


def test_the_hand_worked_junior_game_kept_on_the_page():
    """The rounds laid on the players' phones (odd rounds) and on the scorekeeper's page (even
    ones), the challenges settled by the dictionary on the scorekeeper's page; each round's
    scores and running totals as the page serves them are the hand-worked ones, and the next
    game the page starts is Junior on the same deck."""
    ok("new", *PLAYERS, "--variant", "junior", "--deck", str(DECK), "-g", "fri")
    page = TestClient(make_app("fri", keeper_page.CODE, keeper_page.KEEPER))
    for r, scores, totals in zip(WORKED["rounds"], worked_figures("round"), worked_figures("total"), strict=True):
        for lay in r["laydowns"]:
            fields = {"player": lay["player"], "words": " ".join(lay["words"]), "unused": " ".join(lay["unused"])}
            fields |= {"out": "yes"} if lay["out"] else {}
            if r["round"] % 2:  # the player's own phone
                said = phone_page.outcome(phone_page.lay(page, **fields).text)
            else:
                said = " ".join(keeper_page.outcome(keeper_page.do(page, "laydown", **fields)))
            assert "Recorded " + lay["player"] in said, said
            flagged = "Flagged: " in said
            assert flagged == any(word in KEPT for word in lay["words"]), said  # a name or "i" is no slip
        for c in r["challenges"]:
            fields = {"player": c["player"], "word": c["word"], "by": c["by"], "ruling": "dictionary"}
            said = keeper_page.outcome(keeper_page.do(page, "challenge", **fields, round=str(r["round"])))
            allowed = f"Challenge by {c['by']}: {c['word']} is {'allowed' if c['valid'] else 'not allowed'}"
            assert said[0].startswith(allowed), said
        sheet = page.get(keeper_page.BASE + "api/sheet").json()
        got = sheet["rounds"][r["round"] - 1]
        assert (got["scores"], got["running"]) == (scores, totals), f"round {r['round']}"
        shown = html.unescape(page.get(keeper_page.BASE).text)  # the table's page: each cell's score (running)
        row = re.findall(rf"<tr(?: class=\"now\")?><td>{r['round']}</td>.*?</tr>", shown, re.S)[0]
        for player in PLAYERS:
            cell = rf'<td>{scores[player]}\b[^<]*<span class="running">\({totals[player]}\)</span></td>'
            assert re.search(cell, row), (player, row)
    assert "junior rules, the table's deck 'junior'" in shown  # the sheet names the rules it is scored under
    assert keeper_page.outcome(keeper_page.do(page, "close"))[0].startswith("Game 'fri' is closed")
    assert "Game over. ben wins with 69." in html.unescape(page.get(keeper_page.BASE).text)
    keeper_page.do(page, "next")
    following = scorekeeper.load_game(page.get(keeper_page.BASE + "api/sheet").json()["game"])
    before = scorekeeper.load_game("fri").config
    assert following.name != "fri" and following.config.variant == "junior"
    assert following.config.cards == before.cards and following.config.rounds == (2, 3, 4, 5, 6, 7)
    assert following.config.penalty_past_zero == before.penalty_past_zero


def test_play_tells_how_to_type_the_double_cards_of_the_games_deck():
    """The hint named the QU card, which Junior's deck has not, and not its LL and OO."""
    ok("new", *PLAYERS, "--variant", "junior", "--deck", str(DECK), "-g", "fri")
    out = ok("play", "--game", "fri", input=lines("ben", "help", "y", "quit", "y"))
    hint = "Words as laid: a letter is one card, a double card in brackets: (ll), (oo). Blank or -: no words."
    assert out.count(hint) == 2 and "(qu)" not in out  # at the start, and as help's hint at the prompt


def test_the_evening_names_a_best_word_laid_with_a_double_card_no_shipped_deck_has():
    """A best word with the LL card crashed the evening's summary: its cards were looked up
    in the standard deck, which has none."""
    ok("new", *PLAYERS, "--variant", "junior", "--deck", str(DECK), "--rounds", "4")
    for laid in (("ann", "ba(ll)s", "--out"), ("ben", "open"), ("cat", "dog", "-u", "V")):
        ok("score", *laid)
    ok("close")
    assert "Best word: ann's BA(LL)S, 9 points (round 1)." in ok("sheet")


def test_two_junior_players_are_asked_no_bonus_as_they_play_the_one():
    out = ok("play", "--game", "two", input=lines("ann ben", "junior", str(DECK), "", "", "quit"))
    assert "one bonus" not in out and "Keeping score for game 'two': ann, ben." in out
    sheet = json.loads(ok("sheet", "--json", "--game", "two"))
    assert (sheet["bonus"], sheet["bonus_points"]) == ("longest", 5)


def test_the_laydown_forms_tell_how_to_type_the_double_cards_of_the_games_deck():
    """The phone's and the scorekeeper's forms showed (qu)iz and (th)in: a Junior deck has
    neither card, but LL and OO."""
    ok("new", *PLAYERS, "--variant", "junior", "--deck", str(DECK), "-g", "fri")
    page = TestClient(make_app("fri", keeper_page.CODE, keeper_page.KEEPER))
    for shown in (phone_page.as_player(page, "ann"), page.get(keeper_page.KBASE).text):
        assert "Type a double card in brackets: (ll), (oo)." in shown
        assert "(qu)" not in shown and "(th)" not in shown


def test_the_hand_worked_junior_game_typed_at_a_terminal(tmp_path):
    """The same evening in qscore play on a terminal, as a table types it."""
    play = Terminal([str(Path(sys.executable).with_name("qscore")), "play"], dict(os.environ), tmp_path)
    try:
        play.type(lines(*play_answers()))
        shown = play.read_until(r"Game over\. \w+ wins with -?\d+\.", timeout=60)
    finally:
        play.close()
    assert "Game over. ben wins with 69." in shown and "Not taken" not in shown
    scores, running = sheet_figures(json.loads(ok("sheet", "--json")))
    assert (scores, running) == (worked_figures("round"), worked_figures("total"))


def test_the_pages_next_game_keeps_the_house_rule_the_table_chose():
    scorekeeper.start_game(list(PLAYERS), variant="junior", deck=DECK, penalty_past_zero=False, rounds="2", name="fri")
    for laid in (("ben", "at", "--out"), ("cat", "i", "-u", "Z"), ("ann", "-u", "X Q")):
        ok("score", *laid)
    page = TestClient(make_app("fri", keeper_page.CODE, keeper_page.KEEPER))
    keeper_page.do(page, "close")
    keeper_page.do(page, "next")
    following = scorekeeper.load_game(page.get(keeper_page.BASE + "api/sheet").json()["game"])
    assert following.name != "fri" and following.config.rules.penalty_past_zero is False
    assert (following.config.variant, following.config.cards) == ("junior", scorekeeper.load_game("fri").config.cards)
