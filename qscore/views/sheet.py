"""A game's scoresheet as data, built once: each round with each player's words (their
points, struck by a challenge or refused by the game's dictionary), unused cards and
result, and the running totals. The sheet's view (views/sheet_view.py) words it for both
faces, and ``sheet --json`` and ``export --format json`` lay it out as plain data.

Plain classes, not named tuples or dataclasses: a write loads this module for
``challenge_dropped``, and three named tuples here cost it 5.5 M instructions
(qscore/startup.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from qscore.game.cards import parse_laid_word
from qscore.game.choices import DEFAULT_DICTIONARY
from qscore.game.scoring import LaidWord

if TYPE_CHECKING:
    from collections.abc import Callable

    from qscore.game.scoresheet import Challenge, Game, RoundState
    from qscore.game.scoring import RoundResult


class SheetWord:
    """A word as laid (``(qu)iz``) and its points; struck: a challenge ruled it out (its
    cards count as unused); refused: the game's dictionary refuses it, and no challenge
    settled it (judged only when a judge is given)."""

    __slots__ = ("points", "refused", "struck", "text")

    def __init__(self, text: str, points: int, struck: bool = False, refused: bool = False) -> None:
        self.text = text
        self.points = points
        self.struck = struck
        self.refused = refused


class PlayerRound:
    """A player's round: their words, whether they went out, their unused cards, and once
    the round is closed their result; whether they lost a challenge in it (laid: they have
    laid down)."""

    __slots__ = ("laid", "lost_challenge", "out", "player", "result", "unused", "words")

    def __init__(
        self,
        player: str,
        laid: bool,
        words: tuple[SheetWord, ...] = (),
        out: bool = False,
        unused: tuple[str, ...] = (),
        result: RoundResult | None = None,
        lost_challenge: bool = False,
    ) -> None:
        self.player = player
        self.laid = laid
        self.words = words
        self.out = out
        self.unused = unused
        self.result = result
        self.lost_challenge = lost_challenge

    @property
    def score(self) -> int | None:
        """The round's score, None while the round is open."""
        return self.result.score if self.result is not None else None

    @property
    def struck(self) -> list[str]:
        """The words a challenge struck, in the order laid."""
        return [w.text for w in self.words if w.struck]


class SheetRound:
    """A round of the sheet: who deals, starts and plays it, under which bonus, each of its
    players' round in the order they play, its challenges, and once it is closed every
    player's running total after it (a player who left keeps theirs)."""

    __slots__ = (
        "bonus",
        "challenges",
        "closed",
        "dealer",
        "hand_size",
        "hands",
        "number",
        "playing",
        "running",
        "starts",
        "unused_count",
    )

    def __init__(
        self,
        state: RoundState,
        hands: tuple[PlayerRound, ...],
        running: dict[str, int] | None,
        unused_count: bool = True,
    ) -> None:
        self.number = state.number
        self.hand_size = state.hand_size
        self.dealer = state.dealer
        self.starts = state.starts
        self.playing = tuple(state.players)
        self.bonus = state.bonus
        self.closed = state.closed
        self.hands = hands
        self.challenges = tuple(state.challenges)
        self.running = running
        self.unused_count = unused_count  # whether the game's rules count unused cards (Junior's do not)

    def hand(self, player: str) -> PlayerRound | None:
        """A player's round, None for one who had left."""
        return next((h for h in self.hands if h.player == player), None)


def struck_as_ruled(game: Game, state: RoundState, player: str) -> list[LaidWord]:
    """A player's words as cards with the round's challenges applied: the round's own once
    it is closed (as scored), else by the same rule (a word ruled out strikes one of its
    copies, the first)."""
    if state.closed:
        return list(game.laid(state)[player].words)
    ruled_out = [c.word for c in state.challenges if c.player == player and not c.valid]
    words = []
    for text in state.laydowns[player].words:
        hit = text in ruled_out
        if hit:
            ruled_out.remove(text)
        words.append(LaidWord(tuple(parse_laid_word(text, game.deck)), struck=hit))
    return words


def player_round(game: Game, state: RoundState, player: str, allows: Callable[[str], bool] | None) -> PlayerRound:
    """A player's round as the sheet shows it; with ``allows`` (the game's judge), a word
    it refuses is marked, unless a challenge upheld it."""
    lay = state.laydowns.get(player)
    if lay is None:
        return PlayerRound(player, False)
    upheld = {c.word for c in state.challenges if c.player == player and c.valid}
    words = []
    for text, w in zip(lay.words, struck_as_ruled(game, state, player), strict=True):
        refused = allows is not None and not w.struck and text not in upheld and not allows(text)
        words.append(SheetWord(text, w.points, w.struck, refused))
    result = state.results[player] if state.results is not None else None
    lost = any((c.player == player and not c.valid) or (c.by == player and c.valid) for c in state.challenges)
    return PlayerRound(player, True, tuple(words), lay.out, tuple(lay.unused), result, lost)


def sheet_round(
    game: Game, state: RoundState, running: dict[str, int] | None = None, allows: Callable[[str], bool] | None = None
) -> SheetRound:
    """A round of the sheet, built once for every face and export."""
    hands = tuple(player_round(game, state, p, allows) for p in state.players)
    return SheetRound(state, hands, running, game.rules.unused_count)


def sheet_rounds(game: Game, allows: Callable[[str], bool] | None = None) -> list[SheetRound]:
    """Every round of the sheet, with its running totals."""
    return [sheet_round(game, s, running, allows) for s, running in zip(game.rounds, running_totals(game), strict=True)]


def sheet_json(game: Game) -> dict[str, Any]:
    """The whole sheet as plain data (docs/json.md)."""
    totals = game.totals()
    leaders = game.leaders()
    return {
        "game": game.name,
        "players": list(game.players),
        "deck": game.config.deck,
        "bonus": game.config.bonus,
        "bonus_points": game.config.bonus_points if game.config.bonus != "none" else None,
        "dictionary": game.config.dictionary or DEFAULT_DICTIONARY,
        **rules_json(game),
        "rounds": [round_json(r, game.players) for r in sheet_rounds(game)],
        "totals": totals,
        "left": game.left,
        "leaders": leaders,
        "over": game.over,
        "winner": game.winner,
        "closed": game.finished,
    }


def rules_json(game: Game) -> dict[str, Any]:
    """What the sheet's JSON says of a game's rules beyond its deck's own, each only when the
    game has it (a standard or short game's sheet is as it was): the ``variant`` whose rules
    a table's deck plays, that the deck is the table's (``table_deck``), and the house rule
    on a challenge's cost below zero (``penalty_past_zero``)."""
    c = game.config
    said: dict[str, Any] = {} if c.variant is None else {"variant": c.variant}
    if c.cards is not None:
        said["table_deck"] = True
    if c.penalty_past_zero is not None:
        said["penalty_past_zero"] = c.penalty_past_zero
    return said


def names_said(names: list[str]) -> str:
    """Players named as a sheet's status line says them: ``ann``, ``ann and ben``, ``ann, ben and cat``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def challenge_dropped(c: Challenge) -> str:
    """A challenge a replaced laydown took with it, as every face says it: its word is no
    longer laid, so its penalty and its mark go too."""
    return f"{c.by}'s challenge of {c.player}'s {c.word} no longer stands: {c.word} is not in the laydown now"


def challenge_back(c: Challenge) -> str:
    """A challenge an undo brought back with the laydown it stood on, as every face says it."""
    return f"{c.by}'s challenge of {c.player}'s {c.word} stands again"


def running_totals(game: Game) -> list[dict[str, int] | None]:
    """Each round's running totals, as a paper sheet keeps them: every player's total after
    the round (a player who left keeps theirs), or None for a round not scored yet."""
    running = dict.fromkeys(game.players, 0)
    after: list[dict[str, int] | None] = []
    for state in game.rounds:
        if state.results is None:
            after.append(None)
            continue
        running = {p: running[p] + (state.results[p].score if p in state.results else 0) for p in game.players}
        after.append(running)
    return after


def hand_json(hand: PlayerRound) -> dict[str, Any]:
    """A player's laydown in a round, and once it is scored, each part of its score."""
    row: dict[str, Any] = {"words": [w.text for w in hand.words], "unused": list(hand.unused), "out": hand.out}
    r = hand.result
    if r is not None:
        row |= {
            "struck": hand.struck,
            "word_points": r.word_points,
            "unused_points": r.unused_points,
            "penalty": r.penalty,
            "hand_score": r.hand_score,
            "bonuses": list(r.bonuses),
            "score": r.score,
        }
    return row


def round_json(r: SheetRound, players: tuple[str, ...]) -> dict[str, Any]:
    """One round of the sheet: who deals, starts and plays, each laydown and its score, and
    the running totals after it (None: not scored yet)."""
    hands = {h.player: h for h in r.hands if h.laid}
    return {
        "number": r.number,
        "hand_size": r.hand_size,
        "dealer": r.dealer,
        "starts": r.starts,
        "playing": list(r.playing),
        "bonus": r.bonus,
        "closed": r.closed,
        "scores": {p: hands[p].score if p in hands else None for p in players},
        "running": {p: r.running[p] if r.running is not None else None for p in players},
        "players": {p: hand_json(hands[p]) if p in hands else None for p in players},
        "challenges": [
            {"player": c.player, "word": c.word, "by": c.by, "valid": c.valid, "ruling": c.ruling} for c in r.challenges
        ],
    }
