"""A game's sheet as both faces show it: each cell with its marks, the legend, the status
lines (who leads or won, who left and when, who deals and starts), and each round's words
(with the marks and lines of a round in detail, as ``sheet --words`` shows it).

The words are written here, once: the terminal lays the sheet out in columns, a round in
detail for ``sheet --words``, CSV and Markdown (cli/sheets.py), and the page in HTML
(web/templates/sheet.html); none of them words any of it or works out a score or a mark.
Built from the sheet's data (views/sheet.py: each round built once from the replayed Game),
which each row carries.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from qscore.errors import quoted
from qscore.game.cards import laid_letters
from qscore.game.scoring import BONUS_POINTS, BONUS_RULES, LONGEST_WORD, MOST_WORDS
from qscore.views.sheet import PlayerRound, SheetRound, SheetWord, names_said, sheet_rounds
from qscore.views.verdict_view import ALLOWED_THOUGH, settled_note

if TYPE_CHECKING:
    from qscore.game.scoresheet import Challenge, Game, RoundState
    from qscore.views.verdict_view import RuledWord

MARKS = {MOST_WORDS: "M", LONGEST_WORD: "L"}  # a bonus's mark in a cell
WENT_OUT = "*"
LOST_CHALLENGE = "!"
HAD_LEFT = "-"  # the cell of a player who had left
LEGEND = {
    "M": "M: most-words bonus",
    "L": "L: longest-word bonus",
    WENT_OUT: "*: went out",
    LOST_CHALLENGE: "!: lost a challenge",
    HAD_LEFT: "-: had left",
}
RUNNING_SAID = "(n): the running total after the round"  # what a closed round's ``(52)`` beside a score is
NO_WORDS = "(no words)"  # an open round's cell of a player who laid none
NOT_LAID = "not laid yet"
STRUCK = "struck"  # after a word a challenge ruled out
FLAGGED = "?"  # after a word the game's dictionary refuses, standing until challenged
FLAGGED_SAID = f"{FLAGGED}: not in the game's dictionary; it stands unless challenged"
NOT_COUNTED = "(not counted)"  # after the unused cards of a game whose rules count none (Junior's)
# the house rule on a challenge's cost below zero, as the sheet's header names it
HOUSE_RULE = {
    True: "house rule: a challenge's cost may take a round below zero",
    False: "house rule: a round never scores below zero",
}


class Cell(NamedTuple):
    """A player's cell in a round: its text (``37 ML*``; in an open round the words laid so
    far; ``-`` for a player who had left) and the running total after it (None: the round
    is open, or the player not in it)."""

    shown: str
    running: int | None = None

    @property
    def running_text(self) -> str:
        """``(52)``, as a paper sheet writes the running total beside a score; "" without one."""
        return f"({self.running})" if self.running is not None else ""


class Laid(NamedTuple):
    """A player's words in a round, each with whether a challenge struck it, and the rest
    of the laydown: went out, its unused cards, or not laid yet."""

    player: str
    words: tuple[tuple[str, bool], ...]
    out: bool
    unused: tuple[str, ...]
    pending: bool = False  # the player has not laid down yet
    counted: bool = True  # the game's rules count unused cards against the hand
    struck: int = 0  # the points of the words a challenge struck, which count against the hand

    @property
    def rest(self) -> str:
        """``went out``, ``unused M X`` (``unused M X (not counted)`` where the rules count
        none), ``not laid yet``, or ""; then what struck words cost: ``-12 for a struck word``."""
        if self.pending:
            return NOT_LAID
        said = "went out" if self.out else unused_said(self.unused, self.counted)
        if self.struck:
            cost = f"-{self.struck} for a struck word"
            said = f"{said}; {cost}" if said else cost
        return said


class Row(NamedTuple):
    """One round of the sheet."""

    number: int
    cards: int
    dealer: str
    starts: str
    cells: tuple[Cell, ...]  # a player's each, in seating order
    now: bool  # the round being played
    closed: bool
    laid: tuple[Laid, ...]  # each player of the round's words, in the order they play
    detail: SheetRound  # the round as data: each player's words with their points and marks, result, challenges


class SheetView(NamedTuple):
    """The whole sheet as shown: rows, totals, status lines, legend."""

    game: str
    players: tuple[str, ...]
    rows: tuple[Row, ...]
    totals: tuple[int, ...]
    leaders: tuple[str, ...]  # those who lead, once anyone has scored
    status: tuple[str, ...]
    legend: tuple[str, ...]
    playing: tuple[str, ...]  # who lays down in the round being played
    over: bool
    rules: str = ""  # the rules beyond the deck's own, the sheet's header says (rules_line); "" for none


def cell_text(r: SheetRound, player: str) -> str:
    """A player's score in a round with its marks, e.g. ``37 ML*``; in an open round, the
    words laid so far; ``-`` for a player who had left."""
    hand = r.hand(player)
    if hand is None:
        return HAD_LEFT
    if not r.closed:
        if not hand.laid:
            return ""
        return (" ".join(w.text for w in hand.words) or NO_WORDS) + (f" {WENT_OUT}" if hand.out else "")
    return f"{hand.score} {cell_marks(hand)}".strip()


def cell_marks(hand: PlayerRound) -> str:
    """The marks of a scored round's cell: ``ML*`` of ``37 ML*`` (its bonuses, went out,
    lost a challenge)."""
    marks = "".join(MARKS[b] for b in hand.result.bonuses) if hand.result is not None else ""
    return marks + (WENT_OUT if hand.out else "") + (LOST_CHALLENGE if hand.lost_challenge else "")


def unused_said(unused: tuple[str, ...], counted: bool = True) -> str:
    """A laydown's unused cards: ``unused M X``; ``unused M X (not counted)`` where the game's
    rules count none; "" for none."""
    if not unused:
        return ""
    return "unused " + " ".join(unused) + ("" if counted else f" {NOT_COUNTED}")


def table_rules(game: Game) -> list[str]:
    """The rules a game plays beyond its shipped deck's own, as its sheet's header names them:
    the variant whose rules a table's deck plays, and the table's deck by its name (none for
    a game on a shipped deck)."""
    c = game.config
    said = [] if c.variant is None else [f"{c.variant} rules"]
    return said if c.cards is None else [*said, f"the table's deck {quoted(c.deck)}"]


def house_rules(game: Game) -> list[str]:
    """The house rule a game keeps, as its sheet's header names it (none: the rules' own)."""
    house = game.config.penalty_past_zero
    return [] if house is None else [HOUSE_RULE[house]]


def rules_line(game: Game) -> str:
    """``junior rules, the table's deck 'kids', house rule: ...``: the sheet's header line
    under its name; "" for a standard or short game played as the rule sheets say."""
    return ", ".join([*table_rules(game), *house_rules(game)])


def word_mark(word: SheetWord) -> str:
    """A word's mark in a round in detail: STRUCK, FLAGGED, or none ("")."""
    return STRUCK if word.struck else FLAGGED if word.refused else ""


def legend(game: Game) -> list[str]:
    """What the sheet's marks mean: only the marks this game's sheet can show (a bonus the
    game does not play has no mark; the running total once a round has closed; ``-`` once
    a player has left)."""
    played = {b for s in game.rounds for b in BONUS_RULES[s.bonus]}
    marks = [MARKS[b] for b in (MOST_WORDS, LONGEST_WORD) if b in played] + [WENT_OUT, LOST_CHALLENGE]
    worth = game.config.bonus_points  # a bonus worth other than the rule sheets' 10 (Junior's 5) says so
    points = f" ({worth} points)" if worth != BONUS_POINTS else ""
    said = [LEGEND[m] + (points if m in MARKS.values() else "") for m in marks]
    if any(s.closed for s in game.rounds):  # a closed round's cells carry the running total
        said.append(RUNNING_SAID)
    if game.left:
        said.append(LEGEND[HAD_LEFT])
    return said


def left_text(player: str, round_no: int) -> str:
    """When a player left, by the last round whose cells are theirs: ``cat (after round 1)``;
    ``cat (before round 1)`` for one who never played."""
    return f"{player} (" + (f"after round {round_no - 1}" if round_no > 1 else "before round 1") + ")"


def deal_line(state: RoundState) -> str:
    """``Round 2: 4 cards. ben deals, cat starts.``"""
    return f"Round {state.number}: {state.hand_size} cards. {state.dealer} deals, {state.starts} starts."


def round_head(r: SheetRound) -> str:
    """A round in detail, headed: ``Round 2 (4 cards)``, and who deals and starts while it is open."""
    head = f"Round {r.number} ({r.hand_size} cards)"
    return head if r.closed else f"{head}, open: {r.dealer} deals, {r.starts} starts"


def challenge_said(c: Challenge, kept: Mapping[str, RuledWord] | None = None) -> str:
    """``ben challenged cat's qiz: not allowed by the dictionary``; one the game's dictionary
    settled by the table's words it recorded at its start (``kept``, scorekeeper.kept_rulings)
    names the ruling: ``allowed by the table's ruling of 2026-12-02 in game 'fam1'``."""
    verdict = "allowed" if c.valid else "not allowed"
    if c.ruling == "dictionary" and (note := settled_note(c.ruling, c.valid, (kept or {}).get(laid_letters(c.word)))):
        return f"{c.by} challenged {c.player}'s {c.word}: {verdict}{note}"
    though = f" ({ALLOWED_THOUGH[c.reason]})" if c.reason in ALLOWED_THOUGH else ""  # a name under Junior
    by = "by the dictionary" if c.ruling == "dictionary" else "by the table's ruling"
    return f"{c.by} challenged {c.player}'s {c.word}: {verdict} {by}{though}"


def last_round_open(game: Game) -> str:
    """The last round scored, its challenges not yet settled: the game is not over yet."""
    n = len(game.rounds)
    return f"Round {n} is scored: its challenges, then the scorekeeper closes the game."


def status_lines(game: Game) -> list[str]:
    """Who won, or who left, who leads and who deals and starts next (or, the last round
    scored, that its challenges come before the game is over)."""
    totals = game.totals()
    leaders = game.leaders()
    best = totals[leaders[0]]
    if game.finished:
        if len(leaders) == 1:
            return [f"Game over. {leaders[0]} wins with {best}."]
        return [f"Game over. A tie: {names_said(leaders)} with {best}."]
    lines = []
    if game.left:
        lines.append("Left: " + ", ".join(left_text(p, r) for p, r in game.left.items()) + ".")
    if any(totals.values()) or game.over:
        lines.append(f"Leader: {names_said(leaders)} with {best}.")
    current = game.current
    lines.append(last_round_open(game) if current is None else deal_line(current))
    return lines


def laid_in(r: SheetRound) -> tuple[Laid, ...]:
    """Each player of a round's words, a struck one marked (in a round still open too, as
    ``sheet --words`` marks it), and the rest of their laydown."""
    return tuple(
        Laid(
            h.player,
            tuple((w.text, w.struck) for w in h.words),
            h.out,
            h.unused,
            pending=not h.laid,
            counted=r.unused_count,
            struck=sum(w.points for w in h.words if w.struck),
        )
        for h in r.hands
    )


def sheet_row(r: SheetRound, players: tuple[str, ...], now: bool) -> Row:
    """A round of the sheet as shown: its cells, its words, and the round as data."""
    cells = tuple(
        Cell(cell_text(r, p), r.running[p] if r.running is not None and p in r.playing else None) for p in players
    )
    return Row(r.number, r.hand_size, r.dealer, r.starts, cells, now, r.closed, laid_in(r), r)


def sheet_view(game: Game, allows: Callable[[str], bool] | None = None) -> SheetView:
    """The sheet of a replayed game, as every face shows it; with ``allows`` (the game's
    judge), a word it refuses is marked in its round's detail."""
    now = game.current
    players = tuple(game.players)
    rows = tuple(sheet_row(r, players, s is now) for s, r in zip(game.rounds, sheet_rounds(game, allows), strict=True))
    totals = game.totals()
    return SheetView(
        game.name,
        players,
        rows,
        tuple(totals[p] for p in players),
        tuple(game.leaders()) if any(totals.values()) else (),
        tuple(status_lines(game)),
        tuple(legend(game)),
        tuple(now.players) if now is not None else (),
        now is None,
        rules_line(game),
    )


def settings_text(game: Game) -> str:
    """What the table agreed: deck (the rules a table's deck plays), rounds, bonus and its
    size, dictionary, a house rule, review. The
    bonus is the one in force: a leave down to two players may have changed it from a
    round on, and the one before is said."""
    c = game.config
    rounds = f"{len(c.rounds)} round" + ("s" if len(c.rounds) != 1 else "")
    bonus = (game.current or game.rounds[-1]).bonus
    size = "" if bonus == "none" else f" ({c.bonus_points} points)"
    since = next(r for r in game.rounds if r.bonus == bonus).number
    if since > 1:
        size += f" from round {since} ({game.rounds[0].bonus} before)"
    deck = ", ".join(table_rules(game)) or f"{c.deck} deck"
    house = "".join(f", {s}" for s in house_rules(game))
    return (
        f"{deck}, {rounds} ({', '.join(map(str, c.rounds))} cards), "
        f"bonus: {bonus}{size}, dictionary: {c.dictionary}{house}" + ("." if c.review else ", no review in play.")
    )
