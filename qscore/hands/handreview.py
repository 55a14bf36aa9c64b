"""The post-round review: the best play each player's own cards allowed.

A laydown's words plus its unused cards are exactly the hand the player held after the
discard, so the best play of those cards, with no discard, is what the player could
have laid. Both sides are hand scores as the sheet counts them (RULES.md, "Scoring a
round"): word points less unused points less challenge penalties, never below zero;
under the game's rules (``Game.config.rules``): unused cards count nothing in Quiddler
Junior, one-card words are allowed there, and a challenge's cost may take a hand below
zero where the rules say so. The game's deck (``Game.deck``) gives the cards.

- ``scored`` is the sheet's hand score: a word struck by a challenge counts against its
  owner, and points lost for challenging a word that stood are taken off.
- ``best`` is the hand score of the best play of the same cards, with the same
  challenge penalties taken off (they were owed whatever was laid), never below zero.
- The words allowed follow the table's rulings for that hand: the game's dictionary and
  house lists, plus the player's own words that stood on the sheet (a word the
  dictionary refuses but nobody challenged, or one a paper ruling let stand, counted at
  the table, so it counts here too), less the words a challenge struck (ruled out by the
  dictionary or on paper: the best play may not lay them again).
- The best play lays only words qscore proposes: never a slur or a vulgar word
  (dictionaries/README.md, "Words never suggested"), even where one would score more or
  the player laid it; it scored as laid, and the review offers the best play without it.

So ``missed = best - scored`` is what the choice of words cost; it is never negative.

The play the review calls best is one the table can check: when the top play lays a
word with no meaning on file (``qscore define`` answers "no meaning on file" for yuk, kif,
sud) that is not one of SCOWL's common words (it, or, the: WordNet defines no such
word), a play of words that all have one or are common is shown instead if it is worth
as much or NEAR points less, and is no worse than what the player scored; ``best`` is
then its score. Two points is the least card's value (A, E, I, O): a play that close
differs by which card is left unused, not by a better word, and the table can look up
every word of it. Each word of the play shown is one of SCOWL's common words laid with
the same cards, where there is one (HASTE, not ASHET, the first anagram).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from qscore.game.variants import STANDARD, Rules  # every game read loads it (game/entries.py)
from qscore.words.sortedrows import Commonness, commonness

if TYPE_CHECKING:  # a write asks only reviewed_part, and must not load the judge and the solver
    from qscore.game.cards import Card, Deck
    from qscore.game.scoresheet import Game
    from qscore.game.scoring import LaidWord, PlayedHand
    from qscore.hands.solver import Play
    from qscore.words.dictionaries import Dictionary

NEAR = 2  # points a play of words with meanings may be short of the top play and be shown instead


class HandReview(NamedTuple):
    """One player's closed round: what the sheet shows, and the best the cards allowed."""

    round: int
    player: str
    scored: int
    best: int
    best_play: Play

    @property
    def missed(self) -> int:
        return max(0, self.best - self.scored)


def hand_cards(laid: PlayedHand) -> list[Card]:
    """The hand a laydown came from: its words' cards and its unused cards."""
    return [c for w in laid.words for c in w.cards] + list(laid.unused)


def ruled(laid: PlayedHand, dictionary: Dictionary) -> Dictionary:
    """The words allowed in a laydown's hand under the table's rulings on it: the owner's
    standing words count as allowed, the words struck do not."""
    from qscore.words.dictionaries import HouseRules

    stood = {w.text for w in laid.words if not w.struck}
    refused = {w for w in stood if dictionary.refusal(w) is not None}
    # a word ruled out (on paper too) is no word for this hand, unless a copy of it stood
    struck = {w.text for w in laid.words if w.struck} - stood
    ruled_out = {w for w in struck if dictionary.refusal(w) is None}
    return HouseRules(dictionary, refused, ruled_out) if refused or ruled_out else dictionary


def proposed_for(laid: PlayedHand, dictionary: Dictionary) -> Dictionary:
    """The words a review may propose for a laydown's hand: those allowed under the
    table's rulings on it (:func:`ruled`) less the words qscore never proposes, even a
    slur or a vulgar word the player laid and that stood (it scored as laid; it is not
    offered back). A word the player laid that stood and only a table could not defend
    (no meaning on file: kif) the table took, and the review may lay it again."""
    from qscore.words.dictionaries import HouseRules
    from qscore.words.dictionaries.proposed import indefensible_only, proposed

    allowed = ruled(laid, dictionary)
    stood = {w.text for w in laid.words if not w.struck and allowed.contains(w.text)}
    taken = {w for w in stood if indefensible_only(w)}
    return HouseRules(proposed(allowed), taken, set()) if taken else proposed(allowed)


def best_play(
    laid: PlayedHand, dictionary: Dictionary, deck: Deck | None = None, scored: int = 0, rules: Rules = STANDARD
) -> Play:
    """The best play of a laydown's cards, no discard, under the table's rulings on that
    hand (:func:`ruled`) and the game's ``rules``. A play whose words all have meanings on
    file is preferred to one NEAR points above it that lays a word without one, if it is
    worth at least ``scored`` (the sheet's hand score) after the hand's challenge penalties."""
    from qscore.hands.candidates import candidate_words
    from qscore.hands.solver import Play, solve

    cards = hand_cards(laid)
    if len(cards) < rules.min_cards:
        return Play((), None, tuple(cards), rules.unused_count)  # one card makes no word
    allowed = proposed_for(laid, dictionary)
    words = candidate_words(Counter(cards), allowed, rules.min_cards)
    # the words allowed are those the review may propose already (a word laid that stood among them)
    top = solve(cards, allowed, discard=False, deck=deck, found=words, any_word=True, rules=rules).best
    if _looked_up({w.text for w in top.words}) == {w.text for w in top.words}:
        return _commonest(top, words)
    known = _looked_up({w.text for w in words})
    checkable = [w for w in words if w.text in known]
    near = solve(cards, allowed, discard=False, deck=deck, found=checkable, any_word=True, rules=rules).best
    return _commonest(near if near.score >= max(top.score - NEAR, scored + laid.penalty) else top, checkable)


def hand_score(value: int, penalty: int, rules: Rules = STANDARD) -> int:
    """The sheet's hand score of a play worth ``value`` (words less unused cards) when the
    hand owes ``penalty`` for challenges: never below zero (RULES.md, "Scoring a round"),
    unless the rules let a challenge's cost take it there (Quiddler Junior: "subtract the
    number of points in the word from your score"), from a play floored at zero."""
    if rules.penalty_past_zero:
        return max(0, value) - penalty
    return max(0, value - penalty)


def _commonest(play: Play, words: Sequence[LaidWord]) -> Play:
    """``play`` with each word one of SCOWL's common words where one of ``words`` is laid
    with the very same cards, the first of them in the dictionary's order (HASTE, not
    the Scots ASHET before it): the review names words a table knows, where the solver
    takes a set of cards' first anagram."""
    by_cards: dict[tuple[Card, ...], list[LaidWord]] = {}
    for w in words:
        by_cards.setdefault(tuple(sorted(w.cards)), []).append(w)
    chosen = []
    for w in play.words:
        same = by_cards.get(tuple(sorted(w.cards)), [w])
        chosen.append(next((o for o in same if commonness(o.text) < Commonness.RARE), w))
    return play._replace(words=tuple(chosen))


def missed_in(
    laid: PlayedHand, scored: int, dictionary: Dictionary, deck: Deck, *, many: bool = False, rules: Rules = STANDARD
) -> int:
    """``review_hand(...).missed``, found from values alone, without making a play: the
    top value V of the cards (a set of cards standing for its words), and only when V
    would miss points, C, the value of the words a table can check, where C >= max(V -
    NEAR, scored + penalty): ``best_play`` returns a play worth C there (then C is V, or
    the top play lays a word that cannot be checked) and one worth V otherwise. So C is
    searched for only within those points of V, bounded by the values of every set of
    cards, and the words of a set are looked up only where that search reaches it. With ``many``
    (one of many hands), the dictionary's anagram keys, read once a run, spare looking up
    the keys no word has. ``rules``: the game's."""
    from qscore.hands.solver import check_hand
    from qscore.hands.wordsets import WordSets

    cards = hand_cards(laid)
    if len(cards) < rules.min_cards:
        return 0  # one card makes no word: its best is every card unused, never above zero
    check_hand(cards, deck, min_cards=rules.min_cards)
    allowed = proposed_for(laid, dictionary)
    keys = allowed.anagram_keys() if many else None
    least, count = rules.min_cards, rules.unused_count
    hand = (
        WordSets.looked_up(cards, allowed, min_cards=least, unused_count=count)
        if keys is None
        else WordSets.of_keys(cards, allowed, keys, min_cards=least, unused_count=count)
    )
    # no play is worth more than every card that makes some word laid, the rest unused: a
    # hand that scored that much already misses nothing, without packing it
    if hand_score(hand.bound(), laid.penalty, rules) <= scored:
        return 0
    top = hand.value(hand.full)
    if hand_score(top, laid.penalty, rules) <= scored:
        return 0  # a play worth less than the top misses nothing either
    checkable: dict[int, bool] = {}

    def can_check(i: int) -> bool:  # a set of cards one of whose words a table can check
        found = checkable.get(i)
        if found is None:
            found = checkable[i] = bool(_looked_up(set(hand.words(i))))
        return found

    # C, where it is at least max(V - NEAR, scored + penalty): only there is it best
    near = hand.best_where(can_check, max(top - NEAR, scored + laid.penalty))
    best = top if near is None else near
    return max(0, hand_score(best, laid.penalty, rules) - scored)


def _looked_up(words: set[str]) -> set[str]:
    """Those of ``words`` a table can check: one of SCOWL's common words (it, or, the:
    WordNet gives no meaning to such words), or one with a meaning on file."""
    from qscore.words.definitions import MeaningsError, define

    common = {w for w in words if commonness(w) < Commonness.RARE}
    try:
        return common | {w for w in words - common if define(w).found}
    except MeaningsError:
        return common


def review_hand(
    number: int,
    player: str,
    laid: PlayedHand,
    scored: int,
    dictionary: Dictionary,
    deck: Deck,
    rules: Rules = STANDARD,
) -> HandReview:
    """Review one laydown whose sheet hand score is ``scored``, under the game's ``rules``."""
    play = best_play(laid, dictionary, deck, scored, rules)
    return HandReview(number, player, scored, hand_score(play.score, laid.penalty, rules), play)


def review_game(
    game: Game,
    dictionary: Dictionary,
    *,
    rounds: Iterable[int] | None = None,
    players: Iterable[str] | None = None,
) -> list[HandReview]:
    """Every closed round's review, round by round in seating order; ``rounds`` and
    ``players`` (names as on the sheet) narrow it."""
    wanted_rounds = set(rounds) if rounds is not None else None
    wanted_players = set(players) if players is not None else None
    out = []
    for state in game.rounds:
        if state.results is None or (wanted_rounds is not None and state.number not in wanted_rounds):
            continue
        laid = game.laid(state)
        for p in game.players:
            if p not in state.results or (wanted_players is not None and p not in wanted_players):
                continue
            scored = state.results[p].hand_score
            out.append(review_hand(state.number, p, laid[p], scored, dictionary, game.deck, game.config.rules))
    return out


def missed_points(game: Game, dictionary: Dictionary, *, many: bool = False) -> dict[str, int]:
    """Each player's points missed over ``review_game(game, dictionary)``, each hand's found by
    :func:`missed_in`: what the kept figures keep of a review. A hand that laid every
    card, none struck, missed nothing: no play scores more than all its cards. ``many``:
    one of many games reviewed in a run."""
    totals = dict.fromkeys(game.players, 0)
    for state in game.rounds:
        if state.results is None:
            continue
        laid = game.laid(state)
        for p in game.players:
            hand = laid[p] if p in state.results else None
            if hand is None or (not hand.unused and not any(w.struck for w in hand.words)):
                continue
            scored = state.results[p].hand_score
            totals[p] += missed_in(hand, scored, dictionary, game.deck, many=many, rules=game.config.rules)
    return totals


def reviewed_part(game: Game) -> tuple[object, ...]:
    """What a game's review depends on: its players and its closed rounds as laid and
    challenged. Two states of a game with equal parts have the same review."""
    closed = tuple((r.number, r.bonus, r.laydowns, r.challenges) for r in game.rounds if r.closed)
    return game.players, closed
