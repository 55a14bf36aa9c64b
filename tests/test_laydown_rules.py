"""The laydown checks (qscore.game.rules.check_laydown), worked by hand from RULES.md.

Each example is a game of ann, ben and cat replayed from its entries, round 1 dealt 3
cards (the standard schedule: "8 rounds, dealt 3, 4, ... 10 cards"). The checks judge
the cards, not the words: the dictionary is consulted by the application layer.
"""

import pytest

from qscore.errors import CardError, GameError, OneCardWordError
from qscore.game.entries import Created, Entry, GameConfig, LaidDown, Renamed, Undone
from qscore.game.forms import FormTakenError, SheetChangedError, check_form_new, check_unchanged_since, form_player
from qscore.game.rules import LaydownExistsError, ScorekeepersOnlyError, check_laydown
from qscore.game.scoresheet import Game, Laydown

PLAYERS = ("ann", "ben", "cat")
LAID = LaidDown(1, "ann", ("cat",), (), True)  # ann went out in round 1 with CAT


def game(*laid: LaidDown) -> Game:
    entries = [Entry(1, Created(GameConfig(PLAYERS)))]
    entries += [Entry(n, act) for n, act in enumerate(laid, 2)]
    return Game("evening", entries)


def test_a_laydown_that_goes_out_is_put_right():
    # round 1 deals 3 cards: CAT is three cards, all in a word, so ann went out. The name is
    # matched without regard to case, and kept as the sheet has it.
    state, lay = check_laydown(game(), "ANN", ["cat"], "", out=True)
    assert state.number == 1 and state.hand_size == 3
    assert lay == Laydown("ann", ("cat",), (), True)


def test_words_and_unused_cards_make_up_the_deal():
    # AT is two cards and the E left in hand the third: 2 + 1 = 3, the round's deal
    _, lay = check_laydown(game(), "ben", ["at"], "e", out=False)
    assert lay == Laydown("ben", ("at",), ("E",), False)


def test_a_laydown_of_the_wrong_number_of_cards_is_refused():
    # AT alone is 2 cards where round 1 deals 3 ("must end with round-size cards")
    with pytest.raises(GameError) as refused:
        check_laydown(game(), "ann", ["at"], "", out=False)
    # no unused card given: the one missing is most likely the card left in hand, and said so
    # (a phone's "-" with the unused box empty was told only the count)
    assert str(refused.value) == (
        "ann's laydown has 2 cards (2 in words, 0 unused), but round 1 is dealt 3: "
        "add the 1 card left in hand as unused"
    )


def test_a_laydown_a_card_short_says_what_is_most_likely_missing():
    # a card left in hand given, another not: add it (the refusal gave only the count)
    round_2 = [LAID, LaidDown(1, "ben", ("it",), ("Q",), False), LaidDown(1, "cat", ("ox",), ("E",), False)]
    with pytest.raises(GameError) as refused:
        check_laydown(game(*round_2), "ann", ["at"], "e", out=False)  # round 2 deals 4
    assert str(refused.value).endswith(
        "in round 1: replace the laydown of round 1 to change it): add the 1 card left in hand to unused"
    )
    # qu given for a Q and a U: QU is one card, and its letters apart make the deal
    with pytest.raises(GameError) as refused:
        check_laydown(game(*round_2), "ann", ["at"], "qu", out=False)
    assert str(refused.value).endswith("to change it) (QU is one card: for single letters put spaces between them)")
    assert check_laydown(game(*round_2), "ann", ["at"], "q u", out=False)[1].unused == ("Q", "U")


def test_a_word_typed_in_letters_is_laid_as_the_deal_allows():
    # QUIZ typed in letters is Q·U·I·Z, four cards; round 1 deals three, and only QU·I·Z
    # fits ("every spelling a hand allows is legal; the cards actually laid decide"): the
    # laydown is (qu)iz
    _, lay = check_laydown(game(), "ann", ["quiz"], "", out=True)
    assert lay.words == ("(qu)iz",)


def test_a_player_who_went_out_has_no_unused_cards():
    # "A player who went out has no unused cards, by definition: a laydown that says
    # otherwise is an input error."
    with pytest.raises(GameError) as refused:
        check_laydown(game(), "ann", ["at"], "e", out=True)
    assert str(refused.value) == "ann went out, so has no unused cards, but 1 is given"


def test_only_one_player_goes_out_in_a_round():
    # ann went out first; everyone else then has one last turn, and none of them goes out
    first = game(LaidDown(1, "ann", ("cat",), (), True))
    with pytest.raises(GameError) as refused:
        check_laydown(first, "ben", ["top"], "", out=True)
    assert str(refused.value) == "ann already went out in round 1"


def test_a_word_takes_two_cards():
    # "At least two cards. QU, IN, ER, CL, TH alone are one card": (in) is the IN card alone
    with pytest.raises(OneCardWordError) as refused:
        check_laydown(game(), "ann", ["(in)", "at"], "", out=True)
    assert refused.value.word == "(in)"
    # in laid as I·N is two cards, and with the E unused makes the three dealt
    _, lay = check_laydown(game(), "ann", ["in"], "e", out=False)
    assert lay.words == ("in",)


def test_a_laydown_holds_no_more_of_a_card_than_the_deck():
    # the deck has two Z cards: ZZZ would need three ("three Zs is an input error")
    with pytest.raises(CardError) as refused:
        check_laydown(game(), "ann", ["zzz"], "", out=True)
    assert str(refused.value) == "too many Z cards in the laydown of ann: 3, the standard deck has 2"


def test_a_rounds_laydowns_together_hold_no_more_of_a_card_than_the_deck():
    # ann laid ZOO and ben ZA with a Z unused: Z cards 1 + 2 = 3, and the deck has 2. The
    # hands of a round come from one deck, so the third Z is a typing slip
    first = game(LaidDown(1, "ann", ("zoo",), (), True))
    with pytest.raises(GameError) as refused:
        check_laydown(first, "ben", ["za"], "z", out=False)
    assert str(refused.value).startswith("3 Z cards in round 1, the standard deck has 2 (laid by ann, ben)")


def test_a_second_laydown_replaces_the_first_only_when_asked():
    first = game(LaidDown(1, "ann", ("cat",), (), True))
    with pytest.raises(LaydownExistsError) as refused:
        check_laydown(first, "ann", ["top"], "", out=True)
    assert refused.value.existing == Laydown("ann", ("cat",), (), True) and refused.value.round == 1
    _, lay = check_laydown(first, "ann", ["top"], "", out=True, replace=True)
    assert lay.words == ("top",)


def test_a_laydown_for_a_round_not_yet_reached_is_refused():
    with pytest.raises(GameError) as refused:
        check_laydown(game(), "ann", ["tops"], "", out=True, round_no=2)
    assert str(refused.value) == "round 2 has not started: the current round is 1"


# --- a laydown filled in against an earlier sheet (a page's form) ---------------------------


def test_a_form_filled_before_the_players_own_laydown_was_taken_back_is_refused():
    # entry 2 is ann's laydown; ann's form was filled when the log ended there (2); entry 3
    # takes entry 2 back: the laydown ann's form saw no longer stands
    played = Game("evening", [Entry(1, Created(GameConfig(PLAYERS))), Entry(2, LAID), Entry(3, Undone(2))])
    with pytest.raises(SheetChangedError) as refused:
        check_unchanged_since(played, 2, "ann")
    assert refused.value.undone and refused.value.entry == Entry(2, LAID)
    # ben's form saw nothing of ann's laydown that matters to his: it stays good
    check_unchanged_since(played, 2, "ben")


def test_a_form_filled_before_the_players_own_laydown_came_in_is_refused():
    # ben's form was filled at entry 1; ben's laydown came in from elsewhere as entry 2
    ben = LaidDown(1, "ben", ("at",), ("E",), False)
    with pytest.raises(SheetChangedError) as refused:
        check_unchanged_since(game(ben), 1, "BEN")
    assert not refused.value.undone and refused.value.entry.act == ben


def test_a_form_stays_good_through_the_players_own_laydown_entered_and_taken_back():
    # ben's form was filled at entry 1; another phone laid for ben (2) and the scorekeeper took
    # it back (3): ben has no laydown, as his form saw, and it records what it would have
    ben = LaidDown(1, "ben", ("at",), ("E",), False)
    check_unchanged_since(game(ben).then(Entry(3, Undone(2))), 1, "ben")
    # ann's form was filled after her laydown (2); a replacement (3) was taken back (4)
    replaced = game(LAID, LaidDown(1, "ann", ("act",), (), True)).then(Entry(4, Undone(3)))
    check_unchanged_since(replaced, 2, "ann")
    with pytest.raises(SheetChangedError) as refused:  # filled on the replacement: it is gone
        check_unchanged_since(replaced, 3, "ann")
    assert refused.value.undone


def test_a_form_stays_good_through_other_players_laydowns():
    # ann laid down after ben's form was filled: nothing ben's form saw has changed
    check_unchanged_since(game(LAID), 1, "ben")
    check_unchanged_since(game(LAID), 2, "ann")  # filled after ann's own laydown: nothing since


def test_a_form_stays_good_through_the_players_own_laydown_in_another_round():
    # ann's form for round 2 was filled at entry 4 (round 1 closed); entry 5 is the
    # scorekeeper's fix of ann's round 1: it changes nothing her round-2 form would record
    closed = [LAID, LaidDown(1, "ben", ("it",), ("Q",), False), LaidDown(1, "cat", ("ox",), ("E",), False)]
    fixed = game(*closed, LaidDown(1, "ann", ("act",), (), True))
    check_unchanged_since(fixed, 4, "ann", 2)
    check_unchanged_since(fixed, 4, "ann")  # no round sent: the round being played, 2
    with pytest.raises(SheetChangedError):
        check_unchanged_since(fixed, 4, "ann", 1)  # a form for round 1 would replace the fix


def test_a_form_filled_before_a_rename_is_the_renamed_players():
    renamed = game().then(Entry(2, Renamed("ben", "benny")))
    assert form_player(renamed, "ben", 1) == "benny"
    assert form_player(renamed, "ben", 2) == "ben"  # filled after: no seat called so then, as sent
    since = renamed.then(Entry(3, LaidDown(1, "benny", ("it",), ("Q",), False)))
    with pytest.raises(SheetChangedError):
        check_unchanged_since(since, 1, "ben")  # benny's laydown, entered since, is the form's player's


# --- who asks: the table's page or the scorekeeper ---------------------------------------


def test_the_table_lays_down_only_in_the_round_being_played():
    closed = game(LAID, LaidDown(1, "ben", ("it",), ("Q",), False), LaidDown(1, "cat", ("ox",), ("E",), False))
    with pytest.raises(ScorekeepersOnlyError) as refused:
        check_laydown(closed, "ben", ["(qu)it"], "", out=False, round_no=1, replace=True, by="table")
    assert refused.value.round == 1 and not refused.value.game_closed
    assert str(refused.value) == "round 1 is closed: replace the laydown of round 1 to change it"
    _, lay = check_laydown(closed, "ben", ["at"], "Q", out=False, round_no=1, replace=True, by="scorekeeper")
    assert lay.words == ("at",)
    _, lay = check_laydown(closed, "ben", ["tax"], "E", out=False, by="table")  # round 2, for another player
    assert lay.player == "ben"


def test_a_form_is_taken_once_as_the_log_says():
    laid = game().then(Entry(2, LAID, "f1"))
    check_form_new(laid, "f2")
    check_form_new(laid, None)  # a terminal's write: no form
    with pytest.raises(FormTakenError) as taken:
        check_form_new(laid, "f1")
    assert taken.value.entry == Entry(2, LAID, "f1") and taken.value.standing
    with pytest.raises(FormTakenError) as taken:
        check_form_new(laid.then(Entry(3, Undone(2))), "f1")
    assert not taken.value.standing  # its entry was taken back since: it is not laid again
