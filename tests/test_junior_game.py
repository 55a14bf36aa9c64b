"""A whole game of Quiddler Junior, worked by hand from its rule sheet first
(tests/data/junior-game.json, with the deck tests/data/junior-game.toml), then kept in
``qscore play`` and on the scorekeeper's page: each round's scores and running totals
must be the hand-worked table's."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import ok
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
        "Not taken: no deck file 'none.toml'.",
        "Not taken: deck file 'deck.toml': a [junior.cards] table gives each card as CARD = [points, count].",
        "Deck file (",
    )
    assert "Keeping score" not in out and "Traceback" not in out
