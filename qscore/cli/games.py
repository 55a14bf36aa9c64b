"""The scorekeeper: new, score, challenge, sheet, export, undo, games (and --delete, --rename)."""

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from qscore.cli.app import (
    AllowOpt,
    DenyOpt,
    DictionaryOpt,
    JsonOpt,
    VariantOpt,
    app,
    dictionary_from,
    open_store,
    print_json,
    reports_errors,
    warn,
)
from qscore.cli.completion import (
    bonuses,
    export_formats,
    game_names,
    new_players,
    players_still_in,
    rulings,
)
from qscore.errors import DictionaryError, GameError

if TYPE_CHECKING:
    from qscore.dictionaries import Dictionary
    from qscore.scoresheet import Entry, Game
    from qscore.storage import GameStore

# The game modules (sqlite3, tabulate, the sheet) are imported inside the commands:
# every qscore run imports this file, and `check` should not pay for them.


def store() -> "GameStore":
    return open_store()


GameOpt = Annotated[
    str | None,
    typer.Option(
        "--game", "-g", help="the game's name (default: the game most recently started)", autocompletion=game_names
    ),
]
NewGameOpt = Annotated[
    str | None,
    typer.Option("--game", "-g", help="a name for the game (default: today's date, e.g. 2026-11-20, or 2026-11-20-2)"),
]
RoundOpt = Annotated[
    int | None, typer.Option("--round", "-r", help="an earlier round, to correct it (default: the current round)")
]
ReplaceOpt = Annotated[
    bool, typer.Option("--replace", help="replace the player's laydown in that round (refused without it)")
]
UncheckedOpt = Annotated[
    bool,
    typer.Option("--unchecked", help="record without checking the words, e.g. when the game's dictionary is gone"),
]


def game_dictionary(game: "Game") -> Any:
    """The dictionary the table chose when the game started, house lists included."""
    from qscore.dictionaries import open_dictionary

    c = game.config
    return open_dictionary(c.dictionary, c.allow, c.deny)


def on_terminal() -> bool:
    """Whether a person is there to answer a question (CI and pipes are not)."""
    return sys.stdin.isatty()


def ask_bonus(question: str = "Two players use one bonus: longest or most?") -> str:
    """Two players use one bonus: ask for it on a terminal, refuse without one."""
    if not on_terminal():
        raise GameError("two players use one bonus: choose --bonus longest or --bonus most")
    while True:
        answer = typer.prompt(question).strip().lower()
        if answer in ("longest", "most"):
            return answer
        print("Answer longest or most.")


def start_game(
    players: list[str],
    *,
    variant: str = "standard",
    rounds: str | None = None,
    bonus: str | None = None,
    dealer: str | None = None,
    dictionary: str | None = None,
    allow: Path | None = None,
    deny: Path | None = None,
    name: str | None = None,
    bonus_points: int | None = None,
    review: bool = True,
) -> "Game":
    """Check the table's choices and save the new game."""
    from qscore.cards import load_deck
    from qscore.dictionaries import dictionary_name, read_word_file
    from qscore.scoresheet import BONUS_POINTS, GameConfig, name_key, parse_rounds

    deck = load_deck(variant.strip().lower())
    dictionary_from(dictionary, allow, deny)  # fails now, not mid-game, if it cannot open
    if bonus is None:
        bonus = ask_bonus() if len(players) == 2 else "both"
    bonus = bonus.strip().lower()
    if bonus == "none" and bonus_points is not None:
        raise GameError("--bonus-points with --bonus none: the game plays no bonus")
    first = 0
    if dealer is not None:
        keys = [name_key(p) for p in players]
        if name_key(dealer) not in keys:
            raise GameError(f"dealer {dealer!r} is not a player: players are {', '.join(players)}")
        first = keys.index(name_key(dealer))
    config = GameConfig(
        players=tuple(players),
        deck=deck.key,
        rounds=deck.rounds if rounds is None else parse_rounds(rounds),
        bonus=bonus,
        dictionary=dictionary_name(dictionary),
        allow=tuple(sorted(read_word_file(allow))) if allow else (),
        deny=tuple(sorted(read_word_file(deny))) if deny else (),
        first_dealer=first,
        bonus_points=BONUS_POINTS if bonus_points is None else bonus_points,
        review=review,
    )
    return store().create(config, name)


@app.command()
@reports_errors
def new(
    players: Annotated[list[str], typer.Argument(help="the players, in seating order (the deal passes left)")],
    variant: VariantOpt = "standard",
    rounds: Annotated[str | None, typer.Option("--rounds", help="the cards dealt each round: 3-10, or 3,4,5")] = None,
    bonus: Annotated[
        str | None,
        typer.Option(
            "--bonus",
            help="both (the default), longest, most or none; two players choose longest or most",
            autocompletion=bonuses,
        ),
    ] = None,
    dealer: Annotated[
        str | None,
        typer.Option("--dealer", help="who deals first (default: the first player)", autocompletion=new_players),
    ] = None,
    bonus_points: Annotated[
        int | None, typer.Option("--bonus-points", help="what each bonus is worth (default: 10)")
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
    started = start_game(
        players,
        variant=variant,
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

    c = started.config
    print(f"Game {started.name!r} started: {', '.join(c.players)}.")
    rounds = f"{len(c.rounds)} round" + ("s" if len(c.rounds) != 1 else "")
    size = "" if c.bonus == "none" else f" ({c.bonus_points} points)"
    print(
        f"{c.deck} deck, {rounds} ({', '.join(map(str, c.rounds))} cards), "
        f"bonus: {c.bonus}{size}, dictionary: {c.dictionary}" + ("." if c.review else ", no review in play.")
    )
    print(standing_text(started))


@app.command()
@reports_errors
def score(
    player: Annotated[str, typer.Argument(help="whose laydown", autocompletion=players_still_in)],
    words: Annotated[
        list[str] | None, typer.Argument(help="the words as laid: letters, with (qu) for a double card")
    ] = None,
    unused: Annotated[str, typer.Option("--unused", "-u", help='cards left in hand, quoted: -u "M X"')] = "",
    out: Annotated[bool, typer.Option("--out", help="this player went out")] = False,
    replace: ReplaceOpt = False,
    unchecked: UncheckedOpt = False,
    round_no: RoundOpt = None,
    game: GameOpt = None,
) -> None:
    """Record a player's laydown for the round (--replace to change one already recorded)."""
    print(record_laydown(player, words or [], unused, out, round_no, game, replace=replace, unchecked=unchecked))


def record_laydown(
    player: str,
    words: list[str],
    unused: str,
    out: bool,
    round_no: int | None,
    game: str | None,
    *,
    replace: bool = False,
    unchecked: bool = False,
) -> str:
    """Check and save a laydown; the text to show: flags, what it replaced, the round if it closed.

    Everything that can fail is decided before the write (the laydown against the game
    as read, the dictionary opened and the words judged), and the laydown is checked
    again inside the write, against the game as it then stands: a laydown recorded
    meanwhile from another terminal raises LaydownExistsError unless ``replace``.
    """
    from qscore.scoresheet import Laydown

    current = store().load(game)
    game = current.name  # the same game for the checks and the write
    try:
        checked = current.check_laydown(player, words, unused, out, round_no, replace=replace)
    except GameError as exc:
        raise quote_hint(exc, words, unused) from None
    notes = [] if unchecked else flags(list(checked[1].words), current)

    before, entry, after = save_laydown(player, words, unused, out, round_no, game, replace=replace)
    d = entry.data
    replaced: Laydown | None = before.rounds[d["round"] - 1].laydowns.get(d["player"])
    was = f", replacing {replaced.text()}" if replaced else ""
    lines = [f"Recorded {before.describe(entry)}{was}."]
    lines += notes if not unchecked else ["  words not checked (--unchecked): challenge any the table doubts"]
    lines += closing_text(before, after, d["round"])
    state = after.rounds[d["round"] - 1]
    if state.closed and not any(lay.out for lay in state.laydowns.values()):
        # a round ends because someone went out; house rules may differ, so this is a note
        lines.append(
            f"Note: nobody went out in round {state.number}; "
            f"if someone did, score them again with --round {state.number} --out --replace."
        )
    return "\n".join(lines)


def save_laydown(
    player: str, words: list[str], unused: str, out: bool, round_no: int | None, game: str | None, *, replace: bool
) -> tuple["Game", "Entry", "Game"]:
    """Save a laydown, checked again inside the write against the game as it then stands:
    (game before, entry, game after). A laydown there already stands (LaydownExistsError)
    unless ``replace``."""

    def build(g: "Game") -> tuple[str, dict[str, Any]]:
        state, lay = g.check_laydown(player, words, unused, out, round_no, replace=replace)
        data = {
            "round": state.number,
            "player": lay.player,
            "words": list(lay.words),
            "unused": list(lay.unused),
            "out": lay.out,
        }
        return "laydown", data

    return store().append(build, game)


def quote_hint(exc: GameError, words: list[str], unused: str) -> GameError:
    """One-card words beside unused cards were meant as unused cards: ``-u Z E S T`` unquoted."""
    from qscore.cards import parse_laid_word
    from qscore.errors import CardError

    def one_card(word: str) -> bool:
        try:
            return len(parse_laid_word(word)) == 1
        except CardError:
            return False

    singles = [w for w in words if one_card(w)]
    if not unused.strip() or not singles or "is one card" not in str(exc):
        return exc
    cards = " ".join([unused.strip(), *(w.upper() for w in singles)])
    return GameError(f'{exc} (several unused cards go in quotes: -u "{cards}")')


def flags(laid: list[str], game: "Game") -> list[str]:
    """The words the game's dictionary refuses, judged as laid (with the game's deck and
    largest hand) before anything is written."""
    from qscore.dictionaries import judge

    if not laid:
        return []
    most = max(game.config.rounds)
    try:
        dictionary = game_dictionary(game)
        verdicts = [judge(w, dictionary, game.deck, max_cards=most, suggest=False) for w in laid]
    except DictionaryError as exc:
        raise DictionaryError(
            f"the game's dictionary cannot be opened ({exc}): nothing was recorded; "
            "add --unchecked to record without checking the words"
        ) from None
    return [f"  flagged: {v.word} ({v.reason}): it stands unless challenged" for v in verdicts if not v.allowed]


def closing_text(before: "Game", after: "Game", number: int) -> list[str]:
    """After an entry: the round and the sheet when the round is (still) closed."""
    from qscore.cli.sheets import round_text, sheet_text, standing_text

    state = after.rounds[number - 1]
    if not state.closed:
        waiting = [p for p in state.players if p not in state.laydowns]
        return [f"Round {number} waits for {', '.join(waiting)}."]
    was_closed = before.rounds[number - 1].closed
    head = f"Round {number} rescored." if was_closed else f"Round {number} closed."
    return ["", head, round_text(after, state), "", sheet_text(after), standing_text(after)]


@app.command()
@reports_errors
def challenge(
    player: Annotated[str, typer.Argument(help="whose word is challenged", autocompletion=players_still_in)],
    word: Annotated[str, typer.Argument(help="the word, as laid or in letters")],
    by: Annotated[str, typer.Option("--by", help="who challenges", autocompletion=players_still_in)],
    ruling: Annotated[
        str | None,
        typer.Option(
            "--ruling", help="valid or invalid, when the table used a paper dictionary", autocompletion=rulings
        ),
    ] = None,
    round_no: Annotated[
        int | None, typer.Option("--round", "-r", help="the round (default: the player's last laydown)")
    ] = None,
    game: GameOpt = None,
) -> None:
    """Settle a challenge with the game's dictionary (or --ruling) and rescore the round."""
    print(record_challenge(player, word, by, ruling, round_no, game))


def record_challenge(
    player: str, word: str, by: str, ruling: str | None, round_no: int | None, game: str | None
) -> str:
    before, entry, after = save_challenge(player, word, by, ruling, round_no, game)
    lines = [challenge_text(after, entry)]
    lines += closing_text(before, after, entry.data["round"])
    return "\n".join(lines)


def save_challenge(
    player: str,
    word: str,
    by: str,
    ruling: str | None,
    round_no: int | None,
    game: str | None,
    dictionary: "Dictionary | None" = None,
) -> tuple["Game", "Entry", "Game"]:
    """Settle a challenge by the game's dictionary (``dictionary``, if open already) or a
    table's ruling, and save it: (game before, entry, game after)."""
    from qscore.dictionaries import judge

    if ruling is not None:
        ruling = ruling.strip().lower()
        if ruling not in ("valid", "invalid"):
            raise GameError(f"--ruling {ruling!r}: use valid or invalid")
    current = store().load(game)
    game = current.name  # the same game for the judging and the write
    if ruling is None:
        # Judge before the write: opening a dictionary (hunspell, say) can take a while,
        # and a second terminal waits while a write is open. A game's dictionary never
        # changes, and the challenged word is matched by these same letters.
        # a wrong challenge is told before the dictionary; the word is judged as it was laid
        laid = current.check_challenge(player, word, by, round_no)[2]
        most = max(current.config.rounds)
        try:
            verdict = judge(laid, dictionary or game_dictionary(current), current.deck, max_cards=most, suggest=False)
        except DictionaryError as exc:
            raise DictionaryError(
                f"the game's dictionary cannot be opened ({exc}): nothing was recorded; "
                "settle it with a paper dictionary: --ruling valid or --ruling invalid"
            ) from None
        valid, how, reason = verdict.allowed, "dictionary", verdict.reason
    else:
        valid, how, reason = ruling == "valid", "table", None

    def build(g: "Game") -> tuple[str, dict[str, Any]]:
        state, who, laid, challenger = g.check_challenge(player, word, by, round_no)
        data = {"round": state.number, "player": who, "word": laid, "by": challenger, "valid": valid}
        return "challenge", data | {"ruling": how, "reason": reason}

    return store().append(build, game)


def challenge_text(game: "Game", entry: "Entry") -> str:
    """What a settled challenge means for the round, in a line (and a word that stands, what it means)."""
    from qscore.cards import parse_laid_word, points
    from qscore.cli.define import meaning_after_challenge

    d = entry.data
    value = points(parse_laid_word(d["word"], game.deck))
    why = f" ({d['reason']})" if d["reason"] else ""
    if d["valid"]:
        outcome = f"{d['word']} is allowed: {d['by']} loses {value} points this round."
    else:
        outcome = (
            f"{d['word']} is not allowed{why}: it is no word for {d['player']}; its {value} points count against them."
        )
    return f"Challenge by {d['by']}: {outcome}{meaning_after_challenge(d['word'], d['valid'])}"


@app.command()
@reports_errors
def sheet(
    game: GameOpt = None,
    words: Annotated[
        bool, typer.Option("--words", "-w", help="each round's words as laid, with their points, then the sheet")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Show the whole scoresheet: rounds by players, bonuses marked, totals, the leader."""
    from qscore.cli.sheets import sheet_text, standing_text, words_sheet_text

    g = store().load(game)
    if as_json:
        print_json(g.summary())
    elif words:
        try:
            dictionary = game_dictionary(g)
        except DictionaryError as exc:  # the words are still shown, only not checked
            print(f"(the game's dictionary cannot be opened, so refused words are not marked: {exc})")
            dictionary = None
        print(words_sheet_text(g, dictionary))
        print(standing_text(g))
    else:
        print(sheet_text(g))
        print(standing_text(g))


@app.command()
@reports_errors
def export(
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="csv, json or markdown", autocompletion=export_formats)
    ] = "csv",
    game: GameOpt = None,
) -> None:
    """Print the scoresheet as CSV, JSON or Markdown, for a spreadsheet or a chat."""
    fmt = fmt.strip().lower()
    if fmt not in ("csv", "json", "markdown"):
        raise GameError(f"--format {fmt!r}: use csv, json or markdown")
    from qscore.cli.sheets import export_text

    sys.stdout.write(export_text(store().load(game), fmt))


@app.command()
@reports_errors
def undo(game: GameOpt = None) -> None:
    """Take back the last entry (a laydown, challenge, rename or leave), and say what it was."""
    from qscore.cli.sheets import standing_text

    text, _, after = record_undo(game)
    print(text)
    print(standing_text(after))


def record_undo(game: str | None) -> tuple[str, "Entry", "Game"]:
    """Take back the game's last standing entry: what to say, the undo entry, and the game after."""
    from qscore.scoresheet import effective

    def build(g: "Game") -> tuple[str, dict[str, Any]]:
        standing = effective(g.entries)
        if len(standing) < 2:
            raise GameError(f"nothing to undo in game {g.name!r}")
        last = standing[-1]
        return "undo", {"undoes": last.seq} | ({"round": last.data["round"]} if "round" in last.data else {})

    before, entry, after = store().append(build, game)
    return undo_text(before, before.entries[entry.data["undoes"] - 1], after), entry, after


def undo_text(before: "Game", undone: "Entry", after: "Game") -> str:
    """What an undo took back, and for a laydown, what stands in its place now."""
    text = f"Took back {before.describe(undone)}"
    if undone.kind == "laydown":
        who, number = undone.data["player"], undone.data["round"]
        back = after.rounds[number - 1].laydowns.get(who)
        if back is not None:
            return f"{text}; {who}'s earlier laydown stands again: {back.text()}."
        return f"{text}; {who} has no laydown in round {number} now."
    return text + "."


@app.command()
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
    if delete is not None and rename is not None:
        raise GameError("--delete and --rename go one at a time")
    if delete is not None:
        delete_game(delete, yes)
        return
    if rename is not None:
        old = store().rename(*rename)
        print(f"Game {old!r} is now called {rename[1].strip()!r}.")
        return
    from qscore.storage import Unreadable

    found = store().games()
    rows: list[dict[str, Any]] = []
    for g in found:
        if isinstance(g, Unreadable):
            warn(f"game {g.name!r} cannot be read: {g.reason}")
            rows.append({"game": g.name, "error": g.reason})
            continue
        totals = g.totals()
        rows.append(
            {
                "game": g.name,
                "players": list(g.players),
                "round": g.round_reached(),
                "rounds": len(g.rounds),
                "over": g.over,
                "leaders": g.leaders() if any(totals.values()) else [],
                "leader_total": max(totals.values()),
            }
        )
    if as_json:
        print_json(rows)
        return
    if not rows:
        print("No saved games yet: start one with qscore new ALICE BOB")
        return
    from tabulate import tabulate

    table = [
        (
            r["game"],
            ", ".join(r["players"]),
            f"{r['round']}/{r['rounds']}" + (" (over)" if r["over"] else ""),
            f"{' & '.join(r['leaders'])} ({r['leader_total']})" if r["leaders"] else "-",
        )
        if "error" not in r
        else (r["game"], "(cannot be read: see above)", "-", "-")
        for r in rows
    ]
    print(tabulate(table, headers=["game", "players", "round", "leader"]))


def delete_game(name: str, yes: bool) -> None:
    """Delete a game: asked on a terminal, --yes otherwise (a deleted sheet cannot come back)."""
    games = store()
    if not yes:
        if not on_terminal():
            raise GameError(f"deleting game {name!r} cannot be undone: add --yes to delete it")
        try:
            g = games.load(name)
            what = f"game {g.name!r} ({', '.join(g.players)}, round {g.round_reached()} of {len(g.rounds)})"
        except GameError:
            what = f"game {name!r}"  # a damaged log can still be deleted
        if not typer.confirm(f"Delete {what} and its whole sheet?", default=False):
            print("Nothing deleted.")
            return
    print(f"Deleted game {games.delete(name)!r}.")
