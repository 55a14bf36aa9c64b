"""The scorekeeper: new, score, challenge, sheet, export, undo, games (and --delete, --rename)."""

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer

from qscore.cli import asking
from qscore.cli.app import app, print_json, progress_shown, reports_errors, warn, warn_if_empty, worded
from qscore.cli.asking import answered
from qscore.cli.completion import game_names, new_players, players_still_in
from qscore.cli.options import (
    AllowOpt,
    DeckOpt,
    DenyOpt,
    DictionaryOpt,
    GameOpt,
    JsonOpt,
    NewGameOpt,
    PenaltyPastZeroOpt,
    RoundsOpt,
    RulingOpt,
    VariantOpt,
    bonus_option,
    round_option,
)
from qscore.errors import DictionaryError, GameError, QscoreError, quoted_as_shown
from qscore.game.choices import Bonus

if TYPE_CHECKING:
    from qscore.game.entries import Challenged
    from qscore.game.scoresheet import Game
    from qscore.scorekeeper import LaydownRecorded, Saved
    from qscore.words.dictionaries import Dictionary

# The game modules (sqlite3, tabulate, the sheet) are imported inside the commands that use
# them: help and Tab completion load every command's module (qscore/startup.py).

RoundOpt = Annotated[int | None, round_option("an earlier round, to correct it (default: the current round)")]
ReplaceOpt = Annotated[
    bool, typer.Option("--replace", help="replace the player's laydown in that round (refused without it)")
]
UncheckedOpt = Annotated[
    bool,
    typer.Option("--unchecked", help="record without checking the words, e.g. when the game's dictionary is gone"),
]


def start_game(players: list[str], **choices: Any) -> "Game":
    """Start a game; two players with no bonus named are asked for one on a terminal."""
    from qscore import scorekeeper

    started = answered(lambda reply: scorekeeper.start_game(players, reply=reply, **choices))
    assert started is not None  # every answer starts it
    return started


@app.command(short_help="Start a game: players, variant, bonuses, dictionary")
@reports_errors
def new(
    players: Annotated[
        list[str], typer.Argument(help="the players, in seating order (the deal passes left): ann ben, or ann,ben")
    ],
    variant: VariantOpt = "standard",
    deck: DeckOpt = None,
    penalty_past_zero: PenaltyPastZeroOpt = None,
    rounds: RoundsOpt = None,
    bonus: Annotated[
        Bonus | None, bonus_option("both (default; junior: longest), longest, most or none; two players choose one")
    ] = None,
    dealer: Annotated[
        str | None,
        typer.Option(
            "--dealer", help="who deals first (default: the first player)", metavar="PLAYER", autocompletion=new_players
        ),
    ] = None,
    bonus_points: Annotated[
        int | None, typer.Option("--bonus-points", help="what each bonus is worth (default: 10, junior 5)", metavar="N")
    ] = None,
    review: Annotated[
        bool, typer.Option("--review/--no-review", help="in qscore play, show after each round what was missed")
    ] = True,
    dictionary: DictionaryOpt = None,
    allow: AllowOpt = None,
    deny: DenyOpt = None,
    game: NewGameOpt = None,
) -> None:
    """Start a game: players, variant, bonuses and dictionary are remembered."""
    from qscore.game.names import names_listed

    started = start_game(
        names_listed(players),  # ann,ben is two players, as play's question reads it
        variant=variant,
        deck=deck,
        penalty_past_zero=penalty_past_zero,  # not given: the variant's own
        rounds=rounds,
        bonus=bonus,
        dealer=dealer,
        dictionary=dictionary,
        allow=allow,
        deny=deny,
        name=game,
        bonus_points=bonus_points,
        review=review,
    )
    from qscore.cli.sheets import standing_text
    from qscore.views.keeper_said import started_said
    from qscore.views.setup_said import deck_size_note
    from qscore.views.sheet_view import settings_text
    from qscore.words.dictionaries import read_word_file

    for house_list in (allow, deny):
        if house_list:  # the game keeps the table's own words beside a house list's
            warn_if_empty(house_list, read_word_file(house_list))
    if note := deck_size_note(started):  # a table's deck of other than its rule sheet's count
        warn(note)
    print(started_said(started), settings_text(started), standing_text(started), sep="\n")


@app.command(short_help="Record a player's laydown")
@reports_errors
def score(
    player: Annotated[str, typer.Argument(help="whose laydown", autocompletion=players_still_in)],
    words: Annotated[
        list[str] | None, typer.Argument(help="the words as laid: letters, with (qu) for a double card")
    ] = None,
    unused: Annotated[
        str, typer.Option("--unused", "-u", help='cards left in hand, quoted: -u "M X"', metavar="CARDS")
    ] = "",
    out: Annotated[bool, typer.Option("--out", help="this player went out")] = False,
    replace: ReplaceOpt = False,
    unchecked: UncheckedOpt = False,
    round_no: RoundOpt = None,
    game: GameOpt = None,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="replace a laydown of a finished game without asking")
    ] = False,
) -> None:
    """Record a player's laydown for the round (--replace to change one already recorded).
    A finished game's is asked about first on a terminal, and needs --yes otherwise."""
    from qscore import scorekeeper
    from qscore.game.cards import no_words

    typed = [] if words and no_words(" ".join(words)) else words or []  # "-": no words, as on paper
    try:
        done = answered(
            lambda reply: scorekeeper.record_laydown(
                player,
                typed,
                unused,
                out,
                round_no,
                game,
                replace=replace,
                unchecked=unchecked,
                ask=True,
                reply=reply,
                confirmed=yes,
            )
        )
    except GameError as exc:
        raise quote_hint(exc, typed, unused) from None
    if done is not None:
        print(laydown_text(done, typed))


def laydown_text(done: "LaydownRecorded", words: list[str]) -> str:
    """What a recorded laydown shows: the cards as laid, flags, what it replaced, the round if it closed."""
    from qscore.cli.laid import laid_lines, notes_lines
    from qscore.views.keeper_said import nobody_out_said
    from qscore.views.outcome import laydown_outcome

    saved = done.saved
    outcome = laydown_outcome(saved, words, done.refused)
    lines = [outcome.headline, *laid_lines(outcome), *notes_lines(outcome.dropped)]
    if not outcome.checked:
        lines.append("  words not checked (--unchecked): challenge any the table doubts")
    lines += notes_lines(outcome.flagged)
    lines += closing_text(saved, saved.act.round, done.dictionary)
    if outcome.nobody_out:
        number = saved.act.round
        lines.append(nobody_out_said(number, f"score them again with --round {number} --out --replace"))
    return "\n".join(lines)


def quote_hint(exc: GameError, words: list[str], unused: str) -> GameError:
    """One-card words beside unused cards were meant as unused cards: ``-u Z E S T`` unquoted."""
    from qscore.errors import CardError, OneCardWordError
    from qscore.game.cards import no_cards, parse_laid_word

    def one_card(word: str) -> bool:
        try:
            return len(parse_laid_word(word)) == 1
        except CardError:
            return False

    singles = [w for w in words if one_card(w)]
    if not singles or not isinstance(exc, OneCardWordError):
        return exc
    left = "" if no_cards(unused) else unused.strip()  # -u - is no card
    cards = " ".join([left, *(w.upper() for w in singles)]).strip()
    if not left:
        return GameError(*exc.parts, f' (cards left in hand go after --unused: -u "{cards}")')
    return GameError(*exc.parts, f' (several unused cards go in quotes: -u "{cards}")')


def closing_text(saved: "Saved", number: int, dictionary: "Dictionary | None" = None) -> list[str]:
    """After an entry: the round and the sheet when the round is (still) closed, its words
    judged by ``dictionary`` if the entry opened the game's already."""
    from qscore.views.outcome import round_closing

    after = saved.after
    if not saved.closed:
        return [round_closing(saved)]
    from qscore import scorekeeper
    from qscore.cli.sheets import round_text, sheet_text, standing_text

    if dictionary is None:
        try:  # the words it refuses marked, as play and sheet --words mark them
            dictionary = scorekeeper.game_dictionary(after)
        except DictionaryError:  # recorded --unchecked: the round is shown unmarked
            dictionary = None
    state = after.rounds[number - 1]
    return [
        "",
        round_closing(saved),
        round_text(after, state, dictionary),
        "",
        sheet_text(after),
        standing_text(after),
    ]


@app.command(short_help="Settle a challenge and rescore the round")
@reports_errors
def challenge(
    player: Annotated[str, typer.Argument(help="whose word is challenged", autocompletion=players_still_in)],
    word: Annotated[str, typer.Argument(help="the word, as laid or in letters")],
    by: Annotated[str, typer.Option("--by", help="who challenges", metavar="PLAYER", autocompletion=players_still_in)],
    ruling: RulingOpt = None,
    round_no: Annotated[int | None, round_option("the round (default: the player's last laydown)")] = None,
    game: GameOpt = None,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="challenge a word of a finished game without asking")
    ] = False,
) -> None:
    """Settle a challenge with the game's dictionary (or --ruling) and rescore the round.
    A finished game is asked about first on a terminal, and needs --yes otherwise."""
    from qscore import scorekeeper

    saved = answered(
        lambda reply: scorekeeper.settle_challenge(player, word, by, ruling, round_no, game, confirmed=yes, reply=reply)
    )
    if saved is not None:
        print("\n".join([challenge_text(saved.after, saved.act, saved.before), *closing_text(saved, saved.act.round)]))


def challenge_text(
    game: "Game", c: "Challenged", before: "Game | None" = None, dictionary: "Dictionary | None" = None
) -> str:
    """A settled challenge's line (a standing word's meaning after it); a paper ruling says what the dictionary said."""
    from qscore.cli.meanings import meaning_after_challenge
    from qscore.views.keeper_said import challenge_said

    return challenge_said(game, c, before, overruled(game, c, dictionary)) + meaning_after_challenge(c.word, c.valid)


def overruled(game: "Game", c: "Challenged", dictionary: "Dictionary | None") -> str:
    """`` (the game's dictionary allows it)`` when a paper ruling went against the game's
    dictionary (``dictionary``, if open already); "" when they agree or it cannot be opened;
    `` by the table's ruling of ...`` when the table's words the game recorded decided it."""
    from qscore import scorekeeper
    from qscore.views.verdict_view import settled_note

    against, kept = scorekeeper.what_decided(game, c.word, c.ruling, c.valid, dictionary)
    return settled_note(c.ruling, c.valid, kept, against)


@app.command(short_help="Show the whole scoresheet")
@reports_errors
def sheet(
    game: GameOpt = None,
    words: Annotated[
        bool, typer.Option("--words", "-w", help="each round's words as laid, with their points, then the sheet")
    ] = False,
    as_json: JsonOpt = False,
    chart: Annotated[
        bool, typer.Option("--chart", help="the running totals round by round, a line a player, named at its end")
    ] = False,
) -> None:
    """Show the whole scoresheet: rounds by players, bonuses marked, totals, the leader."""
    from qscore import scorekeeper
    from qscore.cli.sheets import sheet_text, standing_text, words_sheet_text

    if chart and (words or as_json):
        raise GameError("--chart goes alone: not with " + ("--json" if as_json else "--words"))
    g = scorekeeper.load_game(game)
    if chart:
        from qscore.cli.chart import game_chart

        print(game_chart(g))
        print(standing_text(g))
    elif as_json:
        from qscore.views.sheet import sheet_json

        print_json(sheet_json(g))
    elif words:
        try:
            dictionary = scorekeeper.game_dictionary(g)
        except DictionaryError as exc:  # the words are still shown, only not checked
            warn(f"the game's dictionary cannot be opened, so refused words are not marked: {worded(exc)}")
            dictionary = None
        print(words_sheet_text(g, dictionary))
        print(standing_text(g))
    else:
        print(sheet_text(g))
        print(standing_text(g))
    if g.finished and not as_json:
        summary_shown(g)


@app.command(short_help="Print the scoresheet as CSV, JSON, Markdown, SVG or PNG")
@reports_errors
def export(
    fmt: Annotated[
        Literal["csv", "json", "markdown", "md", "svg", "png"],
        typer.Option(
            "--format",
            "-f",
            case_sensitive=False,
            help="the format (md: markdown; svg, png: the sheet and the chart of running totals, a picture)",
        ),
    ] = "csv",
    long: Annotated[
        bool,
        typer.Option("--long", help="CSV with one row per player per round: words, unused, each part of the score"),
    ] = False,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", metavar="FILE", help="write to this file (default: standard output)"),
    ] = None,
    game: GameOpt = None,
) -> None:
    """Print the scoresheet as CSV, JSON or Markdown, for a spreadsheet or a chat; or draw
    the sheet and the chart of running totals as a picture (SVG or PNG) to send to a chat."""
    from qscore import scorekeeper
    from qscore.cli.sheets import export_text, long_csv

    fmt = "markdown" if fmt == "md" else fmt  # its usual short form, as a file name has it
    if long and fmt != "csv":
        raise GameError(f"--long goes with --format csv, not {fmt}")
    g = scorekeeper.load_game(game)
    if fmt in ("svg", "png") or output is not None:
        from qscore.cli.pictures import picture, put_out

        put_out(picture(g, fmt) if fmt in ("svg", "png") else long_csv(g) if long else export_text(g, fmt), output)
        return
    sys.stdout.write(long_csv(g) if long else export_text(g, fmt))


@app.command(short_help="Close the game once its last round's challenges are settled")
@reports_errors
def close(game: GameOpt = None) -> None:
    """Close the game: its last round is scored and its challenges settled, so it is over
    and the sheet says who won, and the evening's summary follows. A later challenge asks first."""
    from qscore import scorekeeper
    from qscore.cli.sheets import standing_text
    from qscore.views.keeper_said import closed_said

    saved = scorekeeper.close_game(game)
    print(closed_said(saved.after))
    print(standing_text(saved.after))
    summary_shown(saved.after)


def summary_shown(game: "Game") -> None:
    """A closed game's summary, after its sheet (cli/evening_text.py)."""
    from qscore.cli.evening_text import evening_text

    try:
        said = evening_text(game)
    except QscoreError as exc:  # the sheet stands without it
        warn(f"the evening's summary cannot be worked out: {worded(exc)}")
        return
    if said is not None:
        print(said)


@app.command(short_help="Take back the last entry")
@reports_errors
def undo(
    game: GameOpt = None,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="take back the last entry of a finished game without asking")
    ] = False,
) -> None:
    """Take back the last entry (a laydown, challenge, rename or leave), and say what it was.
    A finished game is asked about first on a terminal, and needs --yes otherwise."""
    from qscore import scorekeeper
    from qscore.cli.sheets import standing_text

    saved = answered(lambda reply: scorekeeper.undo(game, confirmed=yes, reply=reply))
    if saved is not None:
        print(undo_text(saved))
        print(standing_text(saved.after))


def undo_text(saved: "Saved") -> str:
    """What an undo took back, and for a laydown, what stands in its place now."""
    from qscore import scorekeeper
    from qscore.views.keeper_said import undo_said

    return undo_said(scorekeeper.undone(saved), saved.after)


@app.command(short_help="List the saved games, or rename or delete one")
@reports_errors
def games(
    as_json: JsonOpt = False,
    delete: Annotated[
        str | None,
        typer.Option(
            "--delete", help="delete the game of this name, its whole sheet", metavar="NAME", autocompletion=game_names
        ),
    ] = None,
    rename: Annotated[
        tuple[str, str] | None,
        typer.Option("--rename", help="give a game a new name", metavar="OLD NEW", autocompletion=game_names),
    ] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="delete without asking")] = False,
) -> None:
    """List the saved games (players, round reached, leaders), or delete or rename one."""
    from qscore import scorekeeper

    if delete is not None and rename is not None:
        raise GameError("--delete and --rename go one at a time")
    if delete is not None:
        delete_game(delete, yes)
        return
    if rename is not None:
        old = scorekeeper.rename_game(*rename)
        print(f"Game {old!r} is now called {rename[1].strip()!r}.")
        return
    with progress_shown("working out each saved game's figures") as tell:
        listed = scorekeeper.game_list(tell)
    if listed.damage:
        warn(damaged_file(listed.damage))
    from qscore.views.games_list import game_rows, played_said

    for g in listed.games:
        if not isinstance(g, tuple):
            warn(f"game {quoted_as_shown(g.name)} cannot be read: {g.reason}")
    rows = game_rows(listed.games)
    if as_json:
        print_json(rows)
        return
    if not rows:
        print("No saved games yet: start one with qscore new ALICE BOB")
        return
    from qscore.cli.tables import plain_table

    table = [
        (
            r["game"],
            ", ".join(r["players"]),
            played_said(r),
            f"{' & '.join(r['leaders'])} ({r['leader_total']})" if r["leaders"] else "-",
        )
        if "error" not in r
        else (r["game"], "(cannot be read: see above)", "-", "-")
        for r in rows
    ]
    print(plain_table(table, headers=["game", "players", "played", "leader"]))


def damaged_file(damage: str) -> str:
    """The warning for a games file SQLite's check finds damaged: what still reads is shown."""
    return (
        f"the saved games file is damaged ({damage}): the games that still read are shown; qscore will not write to it"
    )


def delete_game(name: str, yes: bool) -> None:
    """Delete a game: asked on a terminal, --yes otherwise (a deleted sheet cannot come back)."""
    from qscore import scorekeeper

    if not yes:
        name = scorekeeper.saved_name(name)  # no such game is said before --yes is asked for
        if not asking.on_terminal():
            raise GameError(f"deleting game {name!r} cannot be undone: add --yes to delete it")
        try:
            g = scorekeeper.load_game(name)
            what = f"game {g.name!r} ({', '.join(g.players)}, round {g.round_reached()} of {len(g.rounds)})"
        except GameError:
            what = f"game {name!r}"  # a damaged log can still be deleted
        if not typer.confirm(f"Delete {what} and its whole sheet?", default=False):
            print("Nothing deleted.")
            return
    print(f"Deleted game {scorekeeper.delete_game(name)!r}.")
