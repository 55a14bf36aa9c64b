"""``qscore stats``: each player's figures and the table's records, across every saved game."""

from typing import TYPE_CHECKING

from qscore import scorekeeper
from qscore.cli.app import app, print_json, progress_shown, reports_errors, warn
from qscore.cli.options import JsonOpt, PlayerOpt
from qscore.cli.tables import plain_table
from qscore.errors import GameError, quoted, quoted_as_shown
from qscore.game.names import nearest_name
from qscore.views.stats_view import HEAD_TO_HEAD, RATINGS_HEAD, laid_word, rating_said, stats_json

if TYPE_CHECKING:
    from qscore.game.gamefigures import WordRecord
    from qscore.game.tablestats import PlayerStats, TableStats


@app.command(short_help="Each player's figures and the table's records")
@reports_errors
def stats(
    player: PlayerOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show each player's games, wins, totals, best round and word, rating (openskill, from
    every finished game) and record against each other player, and the table's records."""
    with progress_shown("working out each saved game's figures and review") as tell:
        report = scorekeeper.table_figures(tell)
    if report.damage:
        from qscore.cli.games import damaged_file

        warn(damaged_file(report.damage))
    for g in report.unreadable:
        warn(f"left out game {quoted_as_shown(g.name)}: it cannot be read: {g.reason}")
    for why in report.unreviewed:
        warn(f"{why}; its points missed are left out")
    figures = report.figures
    chosen = list(figures.players.values())
    key = None
    if player is not None:
        one = figures.player(player)
        if one is None:
            names = [s.name for s in figures.players.values()]
            near = nearest_name(player, names)
            meant = f" (did you mean {near}?)" if near else ""
            known = ", ".join(names) or "none yet"
            raise GameError(f"no player {quoted(player)} in any saved game: players are {known}{meant}")
        chosen = [one]
        key = next(k for k, s in figures.players.items() if s is one)
    if as_json:
        print_json(stats_json(chosen, figures, key))
    elif not figures.players:
        print("No saved games yet: start one with qscore new ALICE BOB")
    else:
        print(stats_text(chosen, figures, key))


def where(game: str, number: int | None = None) -> str:
    return f"{game}, round {number}" if number is not None else game


def record_text(w: "WordRecord") -> str:
    """``(QU)IZ, 25 points (friday, round 3)``: the word as laid, so QU·I·Z and Q·U·I·Z differ."""
    return f"{laid_word(w)}, {w.points} points ({where(w.game, w.round)})"


def stats_text(chosen: list["PlayerStats"], figures: "TableStats", key: str | None = None) -> str:
    """The players' table; when their finished games are of more than one variant, their
    totals follow in a table of their own, a row a variant (a Short game's total is no
    standard game's), and the records give the highest game total of each. Then the
    ratings and the head to head; of one player (``key``), their record against each
    other player, and no records."""
    from qscore.game.tablestats import average

    def number(value: float | None) -> str:
        return "-" if value is None else str(value) if isinstance(value, int) else f"{value:.1f}"

    variants = list(dict.fromkeys(kind for s in chosen for kind in s.totals))
    apart = len(variants) > 1
    rows = [
        [
            s.name,
            s.games,
            s.finished,
            s.wins,
            *([] if apart else [number(s.average_total), number(s.best_total)]),
            number(s.best_round),
            s.times_out,
            f"{s.challenges_made} ({s.challenges_won} won)",
            s.missed,
        ]
        for s in chosen
    ]
    headers = [
        "player",
        "games",
        "finished",
        "wins",
        *([] if apart else ["average", "best total"]),
        "best round",
        "out",
        "challenges",
        "missed",
    ]
    lines = [plain_table([[str(c) for c in row] for row in rows], headers, "l" + "r" * (len(headers) - 1))]
    if apart:
        by_variant = [
            [s.name, kind, str(len(totals)), number(average(totals)), number(max(totals))]
            for s in chosen
            for kind, totals in s.totals.items()
        ]
        lines += ["Totals of finished games, by variant:"]
        lines += [plain_table(by_variant, ["player", "variant", "finished", "average", "best total"], "llrrr")]
    lines += ratings_lines(chosen, figures) + head_to_head_lines(figures, key)
    words = [f"  {s.name}: {record_text(s.best_word)}" for s in chosen if s.best_word]
    if words:
        lines += ["Best words:", *words]
    r = figures.records
    if key is None and (r.highest_total or r.highest_round or r.best_word):
        lines.append("Records:")
        if len(r.highest_totals) > 1:
            for kind, ht in r.highest_totals.items():
                lines.append(f"  highest game total, {kind}: {ht.player}, {ht.total} ({ht.game})")
        elif r.highest_total:
            ht = r.highest_total
            lines.append(f"  highest game total: {ht.player}, {ht.total} ({ht.game})")
        if r.highest_round:
            hr = r.highest_round
            lines.append(f"  highest round: {hr.player}, {hr.score} ({where(hr.game, hr.round)})")
        if r.best_word:
            lines.append(f"  best word: {r.best_word.player}'s {record_text(r.best_word)}")
    return "\n".join(lines)


def ratings_lines(chosen: list["PlayerStats"], figures: "TableStats") -> list[str]:
    """The players rated, highest first."""
    rated = [(r, s.name) for s in chosen if (r := figures.rating_of(s.name)) is not None]
    rated.sort(key=lambda pair: -pair[0].mu)
    return [f"{RATINGS_HEAD}:", *(f"  {name}: {rating_said(r)}" for r, name in rated)] if rated else []


def head_to_head_lines(figures: "TableStats", key: str | None) -> list[str]:
    """Every pair's games and times ahead; of one player (``key``), a row for each player met."""
    pairs = figures.pairs(key)
    if not pairs:
        return []
    name = {k: s.name for k, s in figures.players.items()}
    if key is None:
        rows = [
            [f"{name[a]} v {name[b]}", str(m.games), f"{name[a]} {m.first}, {name[b]} {m.second}"] for a, b, m in pairs
        ]
        return [f"{HEAD_TO_HEAD}:", plain_table(rows, ["players", "games", "ahead"], "lrl")]
    rows = [
        [name[b], str(m.games), str(m.first), str(m.second), str(m.games - m.first - m.second)] for _, b, m in pairs
    ]
    headers = [f"{name[key]} against", "games", "ahead", "behind", "tied"]
    return [f"{HEAD_TO_HEAD}:", plain_table(rows, headers, "lrrrr")]
