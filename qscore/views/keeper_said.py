"""What the scorekeeper's actions say, in both faces: a challenge settled, an undo and
what stands in its place, the questions asked before a finished game is changed, a
laydown saved meanwhile elsewhere, and the game closed. ``qscore challenge``, ``undo``
and ``play`` print these lines; the scorekeeper's page (qscore/web/keeper.py) shows them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qscore.game.cards import parse_laid_word, points
from qscore.game.entries import LaidDown
from qscore.game.scoresheet import challenges_back
from qscore.views.outcome import already_laid, entry_text
from qscore.views.sheet import challenge_back, names_said
from qscore.views.verdict_view import ALLOWED_THOUGH

if TYPE_CHECKING:
    from qscore.game.entries import Challenged, Entry, Left, Renamed
    from qscore.game.scoresheet import Game, Laydown


def challenge_said(game: Game, c: Challenged, before: Game | None = None, overruled: str = "") -> str:
    """What a settled challenge means for the round, in a line. With the game ``before`` it,
    a challenger's loss is what the sheet takes off. ``overruled``: what the game's
    dictionary said of a word a paper ruling went against, or the table's ruling that decided
    one the dictionary settled, its reason then (views.verdict_view.settled_note)."""
    value = points(parse_laid_word(c.word, game.deck))
    why = f" ({c.reason})" if c.reason and not (c.ruling == "dictionary" and overruled) else ""
    ruled = " by the table's ruling" if c.ruling == "table" else ""
    ruled += overruled
    if c.valid:
        lost, floor = str(value), ""
        if c.reason in ALLOWED_THOUGH:  # a name the game's rules allow (Junior), as check says it
            ruled += f" ({ALLOWED_THOUGH[c.reason]})"
        was, now = (g.rounds[c.round - 1].results for g in (before or game, game))
        floored = (
            not game.rules.penalty_past_zero
        )  # past zero, the challenger loses the word's points whatever the hand
        if floored and before is not None and now is None:  # the round is open: the floor is not known yet
            lost, floor = f"up to {value}", " (a hand stops at 0)"
        elif floored and before is not None and was is not None and now is not None:
            taken = was[c.by].hand_score - now[c.by].hand_score
            lost, floor = str(taken), f" (worth {value}, but a hand stops at 0)" if taken < value else ""
        unit = "point" if lost == "1" else "points"
        outcome = f"{c.word} is allowed{ruled}: {c.by} loses {lost} {unit} in round {c.round}{floor}."
    else:
        outcome = (
            f"{c.word} is not allowed{ruled}{why}: it is no word for {c.player}; its {value} points count against them."
        )
    return f"Challenge by {c.by}: {outcome}"


def undo_said(undone: Entry, after: Game) -> str:
    """What an undo took back, and for a laydown, what stands in its place now, and any
    challenge the laydown taken back had dropped, which stands again with the earlier one."""
    text = f"Took back {entry_text(undone)}"
    if isinstance(undone.act, LaidDown):
        who, number = undone.act.player, undone.act.round
        back = after.rounds[number - 1].laydowns.get(who)
        if back is None:
            return f"{text}; {who} has no laydown in round {number} now."
        again = "".join(f" {challenge_back(c)}." for c in challenges_back(after, number))
        return f"{text}; {who}'s earlier laydown stands again: {back.text()}.{again}"
    return text + "."


# A yes-or-no question's answers as they are said (a page's buttons; a terminal asks
# [y/N]), and what an answer of no did: nothing, said so.
YES, NO = "yes", "no"
NOTHING_TAKEN_BACK = "Nothing taken back."
NOTHING_CHANGED = "Nothing changed."


def undo_question(game: Game, entry: Entry) -> str:
    """Asked before an undo: ``Game 'fri' is over: take back ann's laydown in round 8: cat
    (went out)?`` in a finished game; before it is closed (its last round's challenges still
    open), that every round is scored; ``Take back ...?`` in any other (the page asks it)."""
    asked = f"take back {entry_text(entry)}?"
    if not game.over:
        return asked[:1].upper() + asked[1:]
    where = f"Game {game.name!r} is over" if game.finished else f"Every round of game {game.name!r} is scored"
    return f"{where}: {asked}"


def finished_challenge_question(game: str, player: str, word: str, by: str, number: int) -> str:
    """Asked before a challenge changes a game the scorekeeper closed."""
    challenged = f"{by}'s challenge of {player}'s {word} in round {number}"
    return f"Game {game!r} is over: settle {challenged}, changing its final sheet?"


def replace_question(existing: Laydown, number: int, new: Laydown) -> str:
    """Asked before a laydown (``new``) replaces the one that stands: ``ann already laid
    cat (went out) in round 1. Replace it with at (unused Z)?``"""
    return f"{already_laid(existing, number)}. Replace it with {new.text()}?"


def finished_replace_question(game: str, existing: Laydown, number: int, new: Laydown) -> str:
    """Asked before a laydown of a game the scorekeeper closed is replaced."""
    laid = f"{existing.player}'s {existing.text()} in round {number}"
    return f"Game {game!r} is over: replace {laid} with {new.text()}, changing its final sheet?"


def fix_said(existing: Laydown, number: int) -> str:
    """Said at play's fix, before the laydown that replaces one is typed."""
    return f"{existing.player}'s laydown in round {number} is {existing.text()}: type the one to put in its place."


def same_laydown_said(existing: Laydown, number: int) -> str:
    """A laydown typed again as it stands (a form sent again from a page loaded anew)."""
    return f"{existing.player}'s laydown in round {number} is already {existing.text()}: nothing changed."


def kept_said(existing: Laydown) -> str:
    """A laydown the table chose not to replace."""
    return f"Kept {existing.player}'s {existing.text()}."


def late_challenges(game: str) -> str:
    """Said as play goes back to a finished game: a challenge of any round is taken, asked first."""
    return f"Game {game!r} is over; a challenge of any round can still go in, asked first."


def saved_meanwhile(player: str, number: int, lay: Laydown) -> str:
    """A laydown the table did not type here: a phone's, or another terminal's."""
    return f"{player}'s laydown in round {number} was saved meanwhile, from a phone or another terminal: {lay.text()}."


def closed_said(game: Game) -> str:
    """The game closed by the scorekeeper: the sheet's status then says who won."""
    return f"Game {game.name!r} is closed: round {len(game.rounds)}'s challenges are settled."


def started_said(game: Game) -> str:
    """``Game 'fri' started: ann, ben.``"""
    return f"Game {game.name!r} started: {', '.join(game.config.players)}."


def renamed_said(renamed: Renamed, game: Game) -> str:
    """What a rename did, in a line."""
    return f"{renamed.old} is now {renamed.new} on the whole sheet of game {game.name!r}."


def left_said(gone: Left, after: Game) -> str:
    """What a leave did: the total that stands, and who plays on from which round."""
    who, first = gone.player, gone.round
    total = after.totals()[who]
    stand = "1 point, which stands" if total == 1 else f"{total} points, which stand"
    lines = [f"{who} leaves the game with {stand}."]
    if first <= len(after.rounds):
        state = after.rounds[first - 1]
        lines.append(f"From round {first}, {names_said(list(state.players))} play on (bonus: {state.bonus}).")
    return "\n".join(lines)


BONUSES = ("longest", "most", "none")  # what two players may play with, as new and leave offer it


def two_bonus_question() -> str:
    """Asked when a game of two players starts with no bonus named."""
    return "Two players use one bonus: longest, most or none?"


def leave_bonus_question(leaving: str, two: tuple[str, ...]) -> str:
    """Asked when a player leaves two behind with both bonuses and none was named."""
    return f"With {leaving} gone, {' and '.join(two)} play on with one bonus: longest, most or none?"


def stale_page() -> str:
    """A form of a page made by an earlier start of the server (its token is not this one's)."""
    return "This page was made before the server started again: nothing was done. Do it again on this page."


def nobody_out_said(number: int, again: str) -> str:
    """Said when round ``number`` closes with nobody out: a round ends as someone goes out,
    but house rules may differ, so it is a note. ``again``: a face's way to score again."""
    return f"Note: nobody went out in round {number}; if someone did, {again}."


# A question's way to do nothing where its answers have none (the bonus two players keep
# after a leave): back to the page, nothing sent, saying so.
LEAVE_IT = "Do nothing: no one leaves"


def another_entry_said(entry: Entry) -> str:
    """Said above an undo asked again: the entry it would now take back came in since the
    table was asked about another (a phone's laydown, a terminal's entry)."""
    return f"Another entry came in since you were asked: {entry_text(entry)}."


# Under a laydown form, the phone's and the scorekeeper's: how a double card is typed.
DOUBLE_CARD_HELP = "Type a double card in brackets: (qu)iz, (th)in."


def doubles_laid(game: Game | None) -> list[str] | None:
    """The game's double cards as laid, ``(ll)``; None for a deck with the QU card (the
    shipped decks: their help and examples stand), or no game yet."""
    doubles = [] if game is None else [token.lower() for token in game.deck.cards if len(token) > 1]
    return None if game is None or "qu" in doubles else [f"({d})" for d in doubles]


def double_card_help(game: Game | None) -> str:
    """How a double card is typed, with the game's own: a table's deck (Junior's) may have
    no QU card, but LL and OO."""
    doubles = doubles_laid(game)
    if doubles is None:
        return DOUBLE_CARD_HELP
    return f"Type a double card in brackets: {', '.join(doubles)}." if doubles else "Type each card as its letter."


def words_placeholder(game: Game | None) -> str:
    """The example in a laydown form's words box, in the game's deck."""
    return "(qu)iz cat" if doubles_laid(game) is None else "cat ox"
