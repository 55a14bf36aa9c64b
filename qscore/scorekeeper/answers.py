"""What the table's answers in ``qscore play`` mean: the words typed, the players, who
went out, the ways a laydown's words can be laid and the unused cards that settle which,
and a challenge as the table types it. Each answer is checked against the saved game and
refused with a GameError worded in qscore.views.conversation; nothing here reads a
terminal or prints.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass

from qscore.errors import GameError
from qscore.game.cards import Card, format_laid, no_words, parse_unused
from qscore.game.choices import Ruling
from qscore.game.doubles import fits
from qscore.game.names import names_listed
from qscore.game.rules import check_laydown, check_players, check_words, playing
from qscore.game.scoresheet import Game, Laydown, RoundState, name_key
from qscore.views.conversation import (
    UnusedChoice,
    challenge_form_refusal,
    challenge_round_ahead,
    laid_not_going_out,
    ruling_misspelt,
    unused_miscounted,
    words_past_deal,
)

NOBODY = ("", "nobody", "none", "-")


def words_of(line: str) -> list[str]:
    """The words of a typed line, between spaces or commas; quotes only keep a word from
    being read as a command. A dash alone (-, or the en or em dash a phone types) is no
    words, as on a paper sheet."""
    if no_words(line):
        return []
    return [w.strip("'\"") for w in re.split(r"[\s,]+", line) if w.strip("'\"")]


def players_answer(line: str) -> list[str]:
    """The players typed at the start, checked at once: names between commas when the
    line has a comma (``Mary Ann, Bob``), else between spaces (``ann ben cat``)."""
    players = names_listed([line]) if "," in line else line.split()
    check_players(players)
    return players


def going_out_answer(game: Game, state: RoundState, answer: str) -> str:
    """The player an answer to "Who went out?" names, or "" for nobody."""
    if answer.lower() in NOBODY:
        return ""
    who = game.player(answer.strip("'\""))  # a name that is also a command, in quotes
    playing(game, who, state)
    if who in state.laydowns:
        raise GameError(laid_not_going_out(who))
    return who


@dataclass(frozen=True)
class Way:
    """One way to lay the words typed: each word's cards (a word typed in letters may be
    laid with double cards)."""

    cards: tuple[tuple[Card, ...], ...]
    typed: bool = False  # the way the words were typed

    @property
    def count(self) -> int:
        return sum(len(w) for w in self.cards)

    @property
    def points(self) -> int:
        return sum(c.points for w in self.cards for c in w)

    @property
    def words(self) -> list[str]:
        return [format_laid(w) for w in self.cards]


def ways_to_lay(game: Game, state: RoundState, player: str, words: list[str], *, went_out: bool = False) -> list[Way]:
    """Every way to lay a player's typed words that the round's hand holds, the way typed
    first: for a player who went out, those taking every card, if any do. Checked against
    the deck and the deal; GameError when no way fits the hand."""
    _, _, laid = check_words(game, player, words, state.number)
    hand = state.hand_size
    typed = Way(tuple(tuple(c) for c in laid), typed=True)
    found = [
        Way(tuple(f), typed=list(f) == [tuple(c) for c in laid])
        for f in fits(words, laid, hand, game.deck, at_most=True)
    ]
    if not found and typed.count <= hand:  # too many spellings to try: the words as typed
        found = [typed]
    if not found:
        raise GameError(words_past_deal(player, typed.count, state.number, hand))
    found.sort(key=lambda w: not w.typed)
    every = [w for w in found if w.count == hand]
    return every if went_out and every else found


def unused_counts(state: RoundState, ways: list[Way]) -> list[int]:
    """How many cards the ways to lay the words leave in hand, fewest first."""
    return sorted({state.hand_size - w.count for w in ways})


def unused_choice(state: RoundState, words: list[str], ways: list[Way]) -> UnusedChoice:
    """How many cards the ways to lay ``words`` may leave in hand, and the double cards
    that make the counts differ, for the question that asks for the unused cards."""
    lefts = unused_counts(state, ways)
    if len(lefts) == 1:
        return UnusedChoice(lefts)
    held = [Counter(c.token for word in way.cards for c in word if len(c.letters) == 2) for way in ways]
    doubles = sorted({t for counts in held for t in counts if len({c[t] for c in held}) > 1})
    # the one word a double card may lay or not (QU·I·Z or Q·U·I·Z): named with it
    apart = {i for way in ways for i, word in enumerate(way.cards) if len(word) != len(ways[0].cards[i])}
    word = words[apart.pop()] if len(doubles) == 1 and len(ways) == 2 and len(apart) == 1 else None
    return UnusedChoice(lefts, tuple(doubles), word)


def check_unused(game: Game, state: RoundState, player: str, ways: list[Way], unused: str) -> list[Way]:
    """The cards a player says were left in hand (``-`` or none: no card): as many as a way
    to lay the words leaves, from the deck. The ways that leave that many, the way typed
    first when it is one of them: the cards counted may settle a double card."""
    cards = parse_unused(unused, game.deck)
    given, hand = len(cards), state.hand_size
    fitting = [w for w in ways if w.count + given == hand]
    if not fitting:
        lefts = unused_counts(state, ways)
        # er typed for E R is the ER card: say so when the count is short by the doubles
        doubles = [c.token for c in cards if c.is_double]
        raise GameError(
            unused_miscounted(player, hand, lefts, given, doubles if doubles and given + len(doubles) in lefts else [])
        )
    # whether a saved laydown is replaced is decided when it is saved
    text = unused if cards else ""
    checked, refusal = [], None
    for way in fitting:
        try:
            check_laydown(game, player, way.words, text, False, state.number, replace=True)
        except GameError as exc:
            refusal = refusal or exc
            continue
        checked.append(way)
    if refusal is not None and not checked:
        raise refusal
    return checked


def worth_asking(ways: list[Way]) -> bool:
    """Whether the table must say which way the words were laid: they differ in points."""
    return len({w.points for w in ways}) > 1


def laid_as(game: Game, player: str, words: list[str], unused: str, out: bool, round_no: int) -> Laydown:
    """The laydown typed, as it would replace the one that stands: what the question that
    asks whether to replace it names; one the very same (saved meanwhile from another
    terminal) is nothing to ask. QscoreError when it cannot be laid."""
    return check_laydown(game, player, words, unused, out, round_no, replace=True)[1]


@dataclass(frozen=True)
class ChallengeLine:
    player: str
    word: str
    by: str
    ruling: Ruling | None  # a paper ruling; None: the game's dictionary decides
    round: int | None = None  # a word of an earlier round (--round N); None: the round asked


ROUND_NUMBER = re.compile(r"-?[0-9]{1,6}")  # a round typed: ASCII digits (int() would take ¹ for a digit and fail)


def challenge_answer(line: str, round_mark: str, form: str) -> ChallengeLine:
    """A challenge as the table types it: ``ann steve by ben``, ``ann steve by ben invalid``,
    ``ann cat by ben --round 1`` (``round_mark``: the face's mark before a round, ``form``:
    its form in words, told when the line is not one); a name may have spaces (``Mary Ann steve by Bob``): the
    word is the one before the last ``by``."""
    parts = line.split()
    said, number = None, None
    for _ in range(2):  # the ruling and the round, in either order
        if said is None and parts and parts[-1].lower() in RULINGS:
            said = parts.pop().lower()
        elif number is None and len(parts) > 2 and parts[-2] == round_mark and ROUND_NUMBER.fullmatch(parts[-1]):
            number = int(parts.pop())  # the round's own check refuses 0, -1 and past the last
            parts.pop()
    ruling: Ruling | None = "valid" if said == "valid" else "invalid" if said == "invalid" else None
    at = next((i for i in range(len(parts) - 2, 1, -1) if parts[i].lower() == "by"), None)
    if at is None:
        slip = next((w for w in parts[2:-1] if _slip_of_by(w.lower())), None)
        raise GameError(challenge_form_refusal(form, slip))
    return ChallengeLine(" ".join(parts[: at - 1]), parts[at - 1], " ".join(parts[at + 1 :]), ruling, number)


def challenged_round(game: Game, line: ChallengeLine, asked: int) -> int:
    """The round a challenge typed at round ``asked``'s challenges is of: that round, or an
    earlier one its line names; a later round of the game is refused as the question put
    it (a round the game has not is the game's own refusal)."""
    if line.round is not None and asked < line.round <= len(game.rounds):
        raise GameError(challenge_round_ahead(line.round, asked))
    return asked if line.round is None else line.round


RULINGS = ("valid", "invalid")


def check_ruling(game: Game, line: ChallengeLine) -> None:
    """A paper ruling misspelt (``ann steve by ben invlaid``) is read as part of the
    challenger's name: refused with the ruling it is nearest, when the name without it is
    a player's and the name with it is not."""
    *name, last = line.by.split() or [""]
    keys = {name_key(p) for p in game.players}
    if line.ruling is not None or name_key(" ".join(name)) not in keys or name_key(line.by) in keys:
        return
    near = difflib.get_close_matches(last.lower(), RULINGS, n=1, cutoff=0.7)
    if near:
        raise GameError(ruling_misspelt(last, near[0]))


def _slip_of_by(word: str) -> bool:
    """A two-letter word one key from "by" (bt, vy, bu, yb), as a tired hand types it."""
    return len(word) == 2 and word != "by" and (word[0] == "b" or word[1] == "y" or word == "yb")
