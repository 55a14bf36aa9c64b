"""Names a table could type apart but never read apart (qscore/game/names.py): full-width
and small-capital letters read as the letters they stand for, and a name of characters that
show nothing (the Hangul filler) is no name. Games' and players' names alike."""

import pytest

from tests.conftest import ok, run
from tests.test_players import fails

FULL_WIDTH = "\uff46\uff52\uff49\uff44\uff41\uff59"  # friday in full-width letters
SMALL_CAPITALS = "\ua730\u0280\u026a\u1d05\u1d00\u028f"  # friday in small capitals
FILLER = "\u3164"  # HANGUL FILLER: a letter (Lo) that shows nothing


@pytest.mark.parametrize("name", [FULL_WIDTH, SMALL_CAPITALS])
def test_a_game_name_in_full_width_or_small_capitals_is_taken_by_friday(isolated_home, name):
    ok("new", "ann", "ben", "cat", "-g", "friday")
    r = run("new", "dee", "eve", "fay", "-g", name, "--bonus", "most")
    assert r.exit_code == 2 and "a game named 'friday' exists already" in r.stderr, r.output
    assert r.stderr.count("\n") == 1 and "and 3 more" in r.stderr  # the letters named, three of them
    ok("new", "dee", "eve", "fay", "-g", "sat")
    r = run("games", "--rename", "sat", name)
    assert r.exit_code == 2 and "looks the same" in r.stderr, r.output


def test_a_player_in_small_capitals_looks_like_the_player_in_plain_letters(isolated_home):
    r = run("new", "friday", SMALL_CAPITALS, "cat")
    assert r.exit_code == 2 and "two players' names look alike: 'friday' and" in r.stderr, r.output
    ok("new", "friday", "ben", "cat")
    fails("rename", "ben", SMALL_CAPITALS, message="looks like 'friday', a player in game")
    fails("rename", "ben", FULL_WIDTH, message="there is a player called friday already")


@pytest.mark.parametrize("name", [FILLER, "\uffa0", "ann" + FILLER, "ann\ufe0f", "\u115f\u1160"])
def test_a_name_of_characters_that_show_nothing_is_refused(isolated_home, name):
    """A rename to U+3164 gave a player a blank-looking name."""
    ok("new", "ann", "ben", "cat")
    fails("rename", "ben", name, message="which shows nothing: write the name in letters")
    r = run("new", "dee", name, "fay", "-g", "sat")
    assert r.exit_code == 2 and "which shows nothing" in r.stderr, r.output
    r = run("new", "dee", "eve", "fay", "-g", name)
    assert r.exit_code == 2 and "which shows nothing" in r.stderr, r.output


def test_names_of_other_scripts_and_accents_are_still_taken(isolated_home):
    ok("new", "Zoë", "Nguyễn", "\u674e", "\u041e\u043b\u0435\u0433", "-g", "Ngày hội")
    ok("new", "ann", "ben", "-g", "\ud55c\uae00", "--bonus", "most")  # Hangul letters, not the filler
