"""qscore play's decisions, tested with plain values: a game replayed from entries and what
the table said, no terminal and no saved file."""

import pytest

from qscore.cli.play import CHALLENGE_FORM, ROUND_MARK
from qscore.errors import GameError
from qscore.game.entries import LogLine
from qscore.game.scoresheet import Game
from qscore.scorekeeper.answers import (
    ChallengeLine,
    check_unused,
    going_out_answer,
    players_answer,
    unused_counts,
    ways_to_lay,
    words_of,
    worth_asking,
)
from qscore.scorekeeper.answers import (
    challenge_answer as answer_of,
)
from qscore.scorekeeper.evening import (
    AskChallenges,
    AskGoingOut,
    AskLaydown,
    Finish,
    TableMemory,
    fix_round,
    fix_target,
    next_step,
    turn_order,
)

CREATED = LogLine(1, "created", {"players": ["ann", "ben", "cat"], "rounds": [3, 4]})


def challenge_answer(line):
    """A challenge as play takes it."""
    return answer_of(line, ROUND_MARK, CHALLENGE_FORM)


def game(*entries):
    """A game of ann, ben and cat (rounds of 3 and 4 cards) after ``entries``, as (kind, data)."""
    return Game.from_log("g", [CREATED, *(LogLine(i + 2, kind, data) for i, (kind, data) in enumerate(entries))])


def laydown(round_no, player, words, unused=(), out=False):
    return ("laydown", {"round": round_no, "player": player, "words": words, "unused": list(unused), "out": out})


ROUND_1 = [laydown(1, "ben", ["cat"], out=True), laydown(1, "cat", ["at"], ["Z"]), laydown(1, "ann", ["ox"], ["E"])]


def test_a_round_starts_by_asking_who_went_out():
    assert next_step(game(), TableMemory()) == AskGoingOut(1)


def test_laydowns_go_in_turn_from_the_starter_when_nobody_is_named():
    # ann deals round 1, so ben starts; then cat, then ann
    progress = TableMemory(going_out={1: ""})
    assert next_step(game(), progress) == AskLaydown(1, "ben", went_out=False)
    assert next_step(game(laydown(1, "ben", ["at"], ["Z"])), progress) == AskLaydown(1, "cat", went_out=False)


def test_the_player_named_as_going_out_lays_down_first_then_the_next_in_turn():
    progress = TableMemory(going_out={1: "cat"})
    assert next_step(game(), progress) == AskLaydown(1, "cat", went_out=True)
    after = game(laydown(1, "cat", ["cat"], out=True))
    assert next_step(after, progress) == AskLaydown(1, "ann", went_out=False)


def test_a_saved_going_out_is_not_asked_again():
    # another terminal saved ben going out: the table is not asked who went out
    assert next_step(game(laydown(1, "ben", ["cat"], out=True)), TableMemory()) == AskLaydown(1, "cat", went_out=False)


def test_challenges_come_after_the_round_closes_and_before_the_next_deal():
    closed = game(*ROUND_1)
    assert next_step(closed, TableMemory()) == AskChallenges(1)
    assert next_step(closed, TableMemory(settled={1})) == AskGoingOut(2)


def test_a_finished_game_asks_its_last_challenges_then_finishes():
    over = game(
        *ROUND_1,
        laydown(2, "cat", ["quit"], out=True),
        laydown(2, "ann", ["to"], ["E", "S"]),
        laydown(2, "ben", ["ox"], ["E", "S"]),
    )
    assert over.over
    assert next_step(over, TableMemory(settled={1})) == AskChallenges(2)
    assert next_step(over, TableMemory(settled={1, 2})) == Finish()


def test_a_round_opened_again_has_its_challenges_again():
    progress = TableMemory(settled={1, 2})
    reopened = game(ROUND_1[0], ROUND_1[1])  # an undo took back ann's laydown
    assert progress.catch_up(reopened) == []
    assert progress.settled == set()


def test_a_player_named_as_going_out_who_left_meanwhile_is_forgotten_and_said():
    progress = TableMemory(going_out={1: "cat"})
    left = game(("leave", {"player": "cat", "round": 1, "under_way": False}))
    assert progress.catch_up(left) == ["cat is no longer in round 1."]
    assert next_step(left, progress) == AskGoingOut(1)


def test_turn_order_passes_left_from_the_first():
    assert turn_order(("ann", "ben", "cat"), "cat") == ["cat", "ann", "ben"]


def test_words_are_split_on_spaces_and_commas_and_quotes_only_guard_a_command():
    assert words_of(" (qu)iz, ox 'undo' ") == ["(qu)iz", "ox", "undo"]


def test_going_out_answers():
    g = game()
    state = g.rounds[0]
    assert going_out_answer(g, state, "") == ""
    assert going_out_answer(g, state, "nobody") == ""
    assert going_out_answer(g, state, "BEN") == "ben"
    with pytest.raises(GameError, match="no player 'zed'"):
        going_out_answer(g, state, "zed")
    laid = game(laydown(1, "ben", ["at"], ["Z"]))
    with pytest.raises(GameError, match="ben's laydown is saved, not going out: fix ben to change it"):
        going_out_answer(laid, laid.rounds[0], "ben")


def counts(g, state, words, **kw):
    return [w.count for w in ways_to_lay(g, state, "ann", words, **kw)]


def test_typed_words_are_counted_in_cards_every_way_the_hand_holds():
    g = game()
    state = g.rounds[0]  # 3 cards
    assert counts(g, state, ["(qu)iz"]) == [3]
    assert counts(g, state, ["at"]) == [2]
    assert counts(g, state, ["quiz"]) == [3]  # Q·U·I·Z is 4 cards: only (qu)iz fits
    assert counts(g, state, ["inn"]) == [3, 2]  # as typed first, then IN·N
    assert counts(g, state, ["inn"], went_out=True) == [3]  # who went out laid every card
    assert counts(g, state, []) == [0]
    with pytest.raises(GameError, match="ann's words take 5 cards, but round 1 is dealt 3"):
        ways_to_lay(g, state, "ann", ["jazzy"])
    with pytest.raises(GameError, match="is one card"):
        ways_to_lay(g, state, "ann", ["(qu)"])


def test_the_unused_cards_counted_settle_the_way_the_words_were_laid():
    g = game()
    state = g.rounds[0]
    ways = ways_to_lay(g, state, "ann", ["inn"])
    assert unused_counts(state, ways) == [0, 1]
    assert [w.words for w in check_unused(g, state, "ann", ways, "E")] == [["(in)n"]]
    assert [w.words for w in check_unused(g, state, "ann", ways, "-")] == [["inn"]]
    # thin going out with 3 cards: (th)in and th(in) both fit, worth different points: the table is asked
    thin = ways_to_lay(g, state, "ann", ["thin"], went_out=True)
    assert sorted(w.words[0] for w in thin) == ["(th)in", "th(in)"] and worth_asking(thin)


def test_unused_cards_must_be_what_the_words_leave():
    g = game()
    state = g.rounds[0]
    at = ways_to_lay(g, state, "ann", ["at"])
    check_unused(g, state, "ann", at, "Z")
    with pytest.raises(GameError, match="so 1 is unused, but 2 given"):
        check_unused(g, state, "ann", at, "Z E")
    with pytest.raises(
        GameError, match="ann's words take 2 or 3 of the 3 cards dealt, so 0 or 1 are unused, but 2 given"
    ):
        check_unused(g, state, "ann", ways_to_lay(g, state, "ann", ["inn"]), "Z E")
    # er for E R is the ER card, one card: said so when that is what the count is short by
    g = game(*ROUND_1)
    at = ways_to_lay(g, g.rounds[1], "ann", ["at"])
    with pytest.raises(GameError, match=r"so 2 are unused, but 1 given \(ER is one card: for single letters put"):
        check_unused(g, g.rounds[1], "ann", at, "er")


def test_a_challenge_line_and_its_paper_ruling():
    assert challenge_answer("ann steve by ben").ruling is None
    line = challenge_answer("ann steve BY ben Invalid")
    assert (line.player, line.word, line.by, line.ruling) == ("ann", "steve", "ben", "invalid")
    # a name may have spaces: the word is the one before the last "by"
    line = challenge_answer("Mary Ann by by Bob O'Neil valid")
    assert (line.player, line.word, line.by, line.ruling) == ("Mary Ann", "by", "Bob O'Neil", "valid")
    # a word of an earlier round, as the refusal's hint says (add --round 1), with a ruling or not
    assert challenge_answer("ann cat by ben --round 1") == ChallengeLine("ann", "cat", "ben", None, 1)
    assert challenge_answer("ann cat by ben invalid --round 1").round == 1
    assert challenge_answer("ann cat by ben --round 1 valid") == ChallengeLine("ann", "cat", "ben", "valid", 1)
    # a round is ASCII digits, signed (the round's own check refuses 0 and -1); ¹ is no round
    assert challenge_answer("ann cat by ben --round 0").round == 0
    assert challenge_answer("ann cat by ben --round -1").round == -1
    assert challenge_answer("ann cat by ben --round ¹").round is None  # int("¹") was a traceback
    for bad in ("ann steve ben", "ann by ben", "ann steve by", "ann steve to ben invalid"):
        with pytest.raises(GameError, match="write a challenge as PLAYER WORD by CHALLENGER"):
            challenge_answer(bad)
    # by mistyped by a tired hand is named (ann go bt tom got the form alone)
    for slip in ("bt", "vy", "YB"):
        with pytest.raises(GameError, match=rf"earlier round \('{slip}': did you mean by\?\)$"):
            challenge_answer(f"ann go {slip} tom")
    with pytest.raises(GameError, match=r"earlier round$"):
        challenge_answer("ann steve to ben invalid")  # to is a word, not a slip of by


def test_fix_names_a_player_and_maybe_a_round():
    g = game()
    assert fix_target(g, ["fix", "ben"]) == ("ben", None)
    assert fix_target(g, ["fix", "ben", "0"]) == ("ben", 0)  # refused as no round 0, not read as none
    assert fix_target(g, ["fix", "ben", "¹"]) is None  # int("¹") was a traceback
    assert fix_target(g, ["fix", "ben", "2"]) == ("ben", 2)
    assert fix_target(g, ["fix", "zed"]) is None  # not a player: a word, perhaps
    assert fix_target(None, ["fix", "ben"]) is None  # no game yet


def test_players_are_checked_as_typed_and_names_may_have_spaces():
    assert players_answer("ann ben cat") == ["ann", "ben", "cat"]
    assert players_answer(" Mary Ann, O'Neil ,J.R.") == ["Mary Ann", "O'Neil", "J.R."]
    with pytest.raises(GameError, match="two players have the same name: Zoë, zoe"):
        players_answer("Kim zoe Zoë")
    with pytest.raises(GameError, match="two players have the same name: Mary Ann, Mary-Ann"):
        players_answer("Mary-Ann, Mary Ann")
    with pytest.raises(GameError, match="a game has 2 to 8 players, got 1"):
        players_answer("solo")


def test_fix_takes_a_name_with_a_space():
    g = Game.from_log("g", [LogLine(1, "created", {"players": ["Mary Ann", "ben", "cat"], "rounds": [3]})])
    assert fix_target(g, ["fix", "mary", "ann"]) == ("mary ann", None)
    assert fix_target(g, ["fix", "mary", "ann", "1"]) == ("mary ann", 1)


def test_fix_means_the_tables_round_or_the_one_before():
    g = game(*ROUND_1, laydown(2, "ann", ["(qu)iz"], ["E"]))
    assert fix_round(g, "ann", 2) == 2
    assert fix_round(g, "ben", 2) == 1
    with pytest.raises(GameError, match="ben has no laydown in round 1 to fix"):
        fix_round(game(), "ben", 1)


def test_a_laydown_saved_from_another_terminal_is_told_once_and_the_tables_own_never():
    progress = TableMemory(going_out={1: ""})
    assert progress.catch_up(game()) == []  # the first look: nothing to compare with
    own = game(laydown(1, "ben", ["at"], ["Z"]))
    progress.saw(1, "ben", own.rounds[0].laydowns["ben"])  # the table saved it itself
    assert progress.catch_up(own) == []
    elsewhere = game(laydown(1, "ben", ["at"], ["Z"]), laydown(1, "cat", ["ox"], ["E"]))
    assert progress.catch_up(elsewhere) == [
        "cat's laydown in round 1 was saved meanwhile, from a phone or another terminal: ox (unused E)."
    ]
    assert progress.catch_up(elsewhere) == []  # told once


def test_a_laydown_saved_elsewhere_is_told_though_the_round_closed_meanwhile():
    progress = TableMemory(going_out={1: ""})
    two = game(laydown(1, "ben", ["cat"], out=True), laydown(1, "ann", ["ox"], ["E"]))
    progress.catch_up(two)  # the table has seen ben and ann laid
    closed = game(
        laydown(1, "ben", ["cat"], out=True), laydown(1, "ann", ["ox"], ["E"]), laydown(1, "cat", ["at"], ["Z"])
    )
    assert closed.current.number == 2  # cat's laydown, saved elsewhere, closed round 1
    assert progress.catch_up(closed) == [
        "cat's laydown in round 1 was saved meanwhile, from a phone or another terminal: at (unused Z)."
    ]


def test_a_rename_elsewhere_is_told_and_is_no_laydown():
    progress = TableMemory(going_out={1: ""})
    two = game(laydown(1, "ben", ["cat"], out=True), laydown(1, "ann", ["ox"], ["E"]))
    progress.catch_up(two)  # the table has seen ben and ann laid
    rename = ("rename", {"old": "ann", "new": "anna"})
    renamed = game(laydown(1, "ben", ["cat"], out=True), laydown(1, "ann", ["ox"], ["E"]), rename)
    assert progress.catch_up(renamed) == ["ann is now called anna."]  # not "anna's laydown ... was saved"
    assert progress.catch_up(renamed) == []


def test_a_fix_of_an_unwatched_round_is_no_news_of_its_other_laydowns():
    progress = TableMemory()
    fixed = game(*ROUND_1, laydown(2, "ann", ["to"], ["E", "S"]))
    progress.catch_up(fixed)  # the table watches round 2
    progress.saw(1, "ben", fixed.rounds[0].laydowns["ben"])  # fix ben 1, saved by the table
    assert progress.catch_up(fixed) == []  # was: ann's and cat's round-1 laydowns "saved from another terminal"


def test_a_game_of_this_evening_is_one_started_within_twelve_hours():
    from datetime import UTC, datetime

    from qscore.scorekeeper.evening import of_this_evening

    now = datetime(2026, 12, 2, 1, 30, tzinfo=UTC)
    assert of_this_evening("2026-12-01 19:05:00.123456", now)  # before midnight: the same evening
    assert not of_this_evening("2026-12-01 13:00:00.000000", now)


def test_play_started_again_after_a_finished_game_asks_back_then_the_next_game():
    from datetime import UTC, datetime

    from qscore.scorekeeper.evening import after_finished

    now = datetime(2026, 12, 2, 1, 30, tzinfo=UTC)
    tonight, last_week = "2026-12-01 19:05:00.123456", "2026-11-24 19:05:00.000000"
    back, _ = asked_tonight = after_finished(game(), tonight, now)
    assert [q.kind for q in asked_tonight] == ["back-to-finished", "next-game"]
    assert not back.says_yes(back.answer(""))  # Enter goes on to the next game: a late challenge is a y
    assert [q.kind for q in after_finished(game(), last_week, now)] == ["next-game"]
    (asked,) = after_finished(game(), last_week, now)
    assert asked.words == "The next game, ann, ben, cat, set up as the last? (n: set up a new one)"
    assert asked.says_yes(asked.answer("")) and not asked.says_yes(asked.answer("n"))  # Enter: yes
    gone = [("leave", {"player": p, "round": 1, "under_way": False}) for p in ("cat", "ben")]
    one_in = game(*gone)  # one still in: no next game
    assert [q.kind for q in after_finished(one_in, tonight, now)] == ["back-to-finished"]


def test_a_challenge_line_is_checked_against_the_round_asked_and_the_players():
    from qscore.scorekeeper.answers import challenged_round, check_ruling

    g = game()
    assert challenged_round(g, challenge_answer("ann cat by ben"), 1) == 1
    assert challenged_round(g, challenge_answer("ann cat by ben --round 1"), 2) == 1
    with pytest.raises(GameError, match="round 2 is not laid yet: these are round 1's challenges"):
        challenged_round(g, challenge_answer("ann cat by ben --round 2"), 1)
    assert challenged_round(g, challenge_answer("ann cat by ben --round 7"), 1) == 7  # the game's own refusal
    with pytest.raises(GameError, match="no ruling 'invlaid': did you mean invalid"):
        check_ruling(g, challenge_answer("ann cat by ben invlaid"))
    check_ruling(g, challenge_answer("ann cat by ben invalid"))
    check_ruling(g, challenge_answer("ann cat by ben"))
    check_ruling(g, challenge_answer("ann cat by ben jones"))  # no ruling near: the name's own check


def test_no_card_left_is_said_one_way_for_every_face():
    from qscore.game.cards import no_cards, parse_unused

    assert all(no_cards(t) for t in ("", " ", "-", "--", "\u2013", "\u2014", "none", "None"))
    assert not any(no_cards(t) for t in ("E", "- E", "n"))
    assert parse_unused("-") == [] and [c.token for c in parse_unused("E qu")] == ["E", "QU"]
