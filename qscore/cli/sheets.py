"""How a scoresheet looks: tables for the terminal, and the exports."""

import csv
import io
import json

from tabulate import tabulate

from qscore.scoresheet import Game, RoundState
from qscore.scoring import LONGEST_WORD, MOST_WORDS

MARKS = {MOST_WORDS: "M", LONGEST_WORD: "L"}
LEGEND = "M: most-words bonus, L: longest-word bonus, *: went out, !: lost a challenge"


def cell(game: Game, state: RoundState, player: str) -> str:
    """A player's score in a round with its marks, e.g. ``37 ML*``."""
    if player not in state.players:
        return "-"
    if state.results is None:
        return "..." if player in state.laydowns else ""
    r = state.results[player]
    marks = "".join(MARKS[b] for b in r.bonuses)
    if state.laydowns[player].out:
        marks += "*"
    if any((c.player == player and not c.valid) or (c.by == player and c.valid) for c in state.challenges):
        marks += "!"
    return f"{r.score} {marks}".strip()


def sheet_rows(game: Game) -> list[list[str]]:
    rows = [[str(s.number), str(s.hand_size), s.dealer, *(cell(game, s, p) for p in game.players)] for s in game.rounds]
    totals = game.totals()
    rows.append(["total", "", "", *(str(totals[p]) for p in game.players)])
    return rows


def sheet_text(game: Game) -> str:
    headers = ["round", "cards", "dealer", *game.players]
    legend = LEGEND + (", -: had left" if game.left else "")
    return f"Game {game.name!r}\n" + tabulate(sheet_rows(game), headers=headers) + f"\n{legend}"


def standing_text(game: Game) -> str:
    """Who leads or won, and who deals and starts next."""
    totals = game.totals()
    leaders = game.leaders()
    best = totals[leaders[0]]
    if game.over:
        if len(leaders) == 1:
            return f"Game over. {leaders[0]} wins with {best}."
        return f"Game over. A tie: {' and '.join(leaders)} with {best}."
    current = game.current
    assert current is not None
    lines = []
    if game.left:
        gone = [f"{p} (" + (f"after round {r - 1}" if r > 1 else "before round 1") + ")" for p, r in game.left.items()]
        lines.append("Left: " + ", ".join(gone) + ".")
    if any(totals.values()):
        lead = leaders[0] if len(leaders) == 1 else " and ".join(leaders)
        lines.append(f"Leader: {lead} with {best}.")
    lines.append(f"Round {current.number}: {current.hand_size} cards. {current.dealer} deals, {current.starts} starts.")
    return "\n".join(lines)


def round_text(game: Game, state: RoundState) -> str:
    """A closed round in detail: each player's words, unused cards, penalties, bonuses."""
    assert state.results is not None
    rows = []
    for p in state.players:
        lay, r = state.laydowns[p], state.results[p]
        struck = [c.word for c in state.challenges if c.player == p and not c.valid]
        words = " ".join(f"{w}(x)" if w in struck else w for w in lay.words) or "-"
        rows.append(
            [
                p + (" *" if lay.out else ""),
                words,
                " ".join(lay.unused) or "-",
                r.word_points,
                -r.unused_points,
                -r.penalty or "",
                r.hand_score,
                " ".join(MARKS[b] for b in r.bonuses),
                r.score,
            ]
        )
    headers = ["player", "words", "unused", "words pts", "unused", "penalty", "hand", "bonus", "round"]
    text = f"Round {state.number} ({state.hand_size} cards):\n" + tabulate(rows, headers=headers)
    for c in state.challenges:
        verdict = "allowed" if c.valid else "not allowed"
        text += f"\n  {c.by} challenged {c.player}'s {c.word}: {verdict} ({c.ruling})"
    return text


def export_text(game: Game, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(game.summary(), indent=2, ensure_ascii=False) + "\n"  # as sheet --json
    headers = ["round", "cards", "dealer", *game.players]
    if fmt == "markdown":
        return f"## Quiddler: {game.name}\n\n" + tabulate(sheet_rows(game), headers=headers, tablefmt="github") + "\n"
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(headers)
    for s in game.rounds:
        scores = [s.results[p].score if s.results and p in s.results else "" for p in game.players]
        writer.writerow([s.number, s.hand_size, s.dealer, *scores])
    totals = game.totals()
    writer.writerow(["total", "", "", *(totals[p] for p in game.players)])
    return out.getvalue()
