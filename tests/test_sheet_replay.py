"""The replay: a game's sheet is its entries folded in order (qscore.game.scoresheet.Game),
worked by hand from RULES.md.

The game: ann, ben and cat, two rounds of five and six cards (a house schedule, as
"players may also agree on any other schedule"), ann dealing first. Round 1:

- ann: (QU)IZ 9+2+14 = 25, M and E unused 5+2 = 7: 25 - 7 = 18; one word of 4 letters.
- ben: STEVE 3+3+2+11+2 = 21, went out; one word of 5 letters.
- cat: TOP 3+2+6 = 11 and AT 2+3 = 5: 16; two words, the longest of 3 letters.

Most words: cat alone (two), +10: 26. Longest word: ben's STEVE alone, +10: 31.
"""

from qscore.game.entries import Act, Challenged, Created, Entry, GameConfig, LaidDown, Left, Renamed, Undone
from qscore.game.scoresheet import Game

CONFIG = GameConfig(("ann", "ben", "cat"), rounds=(5, 6))
ROUND_1 = [
    LaidDown(1, "ann", ("(qu)iz",), ("M", "E"), False),
    LaidDown(1, "ben", ("steve",), (), True),
    LaidDown(1, "cat", ("top", "at"), (), False),
]


def replayed(*acts: Act) -> Game:
    return Game("evening", [Entry(n, act) for n, act in enumerate([Created(CONFIG), *acts], 1)])


def scores(game: Game, round_no: int = 1) -> dict[str, int]:
    results = game.rounds[round_no - 1].results
    assert results is not None
    return {p: r.score for p, r in results.items()}


def test_the_deal_passes_to_the_left_and_the_next_player_starts():
    # "The deal passes to the left each round; the player left of the dealer plays first."
    game = replayed()
    assert [(r.number, r.hand_size, r.dealer, r.starts) for r in game.rounds] == [
        (1, 5, "ann", "ben"),
        (2, 6, "ben", "cat"),
    ]


def test_a_round_closes_and_scores_once_everyone_has_laid_down():
    open_round = replayed(*ROUND_1[:2])
    assert open_round.rounds[0].results is None and open_round.current is open_round.rounds[0]
    game = replayed(*ROUND_1)
    assert scores(game) == {"ann": 18, "ben": 31, "cat": 26}
    assert game.totals() == {"ann": 18, "ben": 31, "cat": 26}
    assert game.current is game.rounds[1] and game.leaders() == ["ben"]


def test_a_word_ruled_not_allowable_comes_off_its_owners_score():
    # ann challenges ben's STEVE and it is refused: its 21 points count against ben, his
    # hand is 0 - 21, never below zero: 0, and he has no word for a bonus. The longest word
    # is now ann's QUIZ (4 letters) alone: 18 + 10 = 28. cat keeps most words: 26.
    game = replayed(*ROUND_1, Challenged(1, "ben", "steve", "ann", False, "table"))
    assert scores(game) == {"ann": 28, "ben": 0, "cat": 26}


def test_a_challenger_whose_word_stood_pays_for_it():
    # cat challenges ann's (QU)IZ and it stands: cat loses its 25 points, 16 - 25 is below
    # zero: 0, and her most-words bonus comes on top: 10. ann and ben as before.
    game = replayed(*ROUND_1, Challenged(1, "ann", "(qu)iz", "cat", True, "dictionary"))
    assert scores(game) == {"ann": 18, "ben": 31, "cat": 10}


def test_an_undo_takes_back_the_entry_it_names():
    # the challenge is entry 5 (the start is 1, the laydowns 2 to 4): undone, the round
    # scores as it did before it
    game = replayed(*ROUND_1, Challenged(1, "ben", "steve", "ann", False, "table"), Undone(5, 1))
    assert scores(game) == {"ann": 18, "ben": 31, "cat": 26}
    # an undone laydown leaves its round open again
    reopened = replayed(*ROUND_1, Undone(4, 1))
    assert reopened.rounds[0].results is None and "cat" not in reopened.rounds[0].laydowns


def test_a_second_laydown_replaces_the_first():
    # cat's laydown typed again: TOP with A and T unused, 11 - 5 = 6. She has one word
    # now: most words is a three-way tie, nobody's. ben keeps the longest: 31.
    game = replayed(*ROUND_1, LaidDown(1, "cat", ("top",), ("A", "T"), False))
    assert scores(game) == {"ann": 18, "ben": 31, "cat": 6}


def test_a_rename_changes_the_name_on_the_whole_sheet():
    game = replayed(*ROUND_1, Renamed("ben", "bob"))
    assert game.players == ("ann", "bob", "cat")
    assert scores(game) == {"ann": 18, "bob": 31, "cat": 26}
    assert game.rounds[1].dealer == "bob"


def test_a_player_who_left_plays_no_later_round():
    # cat goes home after round 1: round 2 is ann's and ben's, dealt by ben (the deal
    # passes left, from ann); cat's round-1 score stays on the sheet
    game = replayed(*ROUND_1, Left("cat", 2, False, "most"))
    assert game.rounds[1].players == ("ann", "ben") and game.still_in == ("ann", "ben")
    assert (game.rounds[1].dealer, game.rounds[1].starts) == ("ben", "ann")
    assert game.totals()["cat"] == 26


def test_the_game_is_over_once_its_last_round_closes():
    # round 2, six cards each: ann TOPAZ 3+2+6+2+14 = 27 with E unused (2): 25; ben STEVE
    # 21 with A unused (2): 19; cat out with ZONE 14+2+5+2 = 23 and AT 5: 28, and the
    # most words alone (two), +10: 38. The longest word is a tie (TOPAZ, STEVE): nobody's.
    game = replayed(
        *ROUND_1,
        LaidDown(2, "ann", ("topaz",), ("E",), False),
        LaidDown(2, "ben", ("steve",), ("A",), False),
        LaidDown(2, "cat", ("zone", "at"), (), True),
    )
    assert game.over and game.current is None
    assert scores(game, 2) == {"ann": 25, "ben": 19, "cat": 38}
    assert game.totals() == {"ann": 43, "ben": 50, "cat": 64} and game.leaders() == ["cat"]
