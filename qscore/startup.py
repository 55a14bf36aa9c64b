"""What qscore does to start quickly: every trick that makes code less plain for the sake
of start-up, in one place, each with what it saves.

Every command a table runs is held within 1.5x of ``python -c "import typer"``
(benchmarks/startup.py; the figures are in docs/speed.md). Each saving below is counted
in instructions by ``benchmarks/startup.py --instructions`` (the baseline about 240 M),
with the trick taken out and everything else as it is; a trick goes once the targets
hold without it.

Two choices cannot live here as code, and are said here once instead of in each module
that makes them:

- Values every run loads (a game's entries, cards, a verdict, a review's line, which a
  write loads too) are named tuples or plain classes, not frozen dataclasses: a frozen
  dataclass compiles its methods as its module loads, 3.8 M instructions a class against
  0.7 M for a named tuple; entries.py alone would add 28 M to every command that reads a
  game, and put `score` past its target (1.39x to 1.51x). What only some commands load
  is a frozen dataclass, as a play and a solution are (5.7 M for `best` and `review`);
  but a word's meanings are named tuples too: `best` reads the meanings of the rarer
  words it proposes, and their four frozen dataclasses cost it 10 M. The table's figures,
  changed while they are folded (game/tablestats.py), are plain classes with slots, not
  dataclasses: four dataclasses cost the sheet of a closed game, whose summary folds
  them, 9.5 M (1.62x to 1.58x).
- A module imports what only some of its commands need inside the function that needs
  it (the sheet, the store, the judge, tabulate, the solver, json). A run loads only its
  command's module (qscore.cli.COMMANDS), but help and Tab completion load them all:
  play's modules with their imports at the top cost `qscore --help` 48 M instructions
  more and Tab completion 29 M (past 1.5x), best's solver 13 M and 8 M, stats' figures
  32 M and 14 M; json at the top of cli/app.py costs every command 4.5 M. An import
  that costs nothing measurable stands at the top: the modules that may be imported
  inside a function are IMPORTED_WHEN_USED below, each with what it would cost at the
  top (tests/test_startup.py holds every other import at its module's top, and every
  import in web/ and views/). tests/test_cli_check.py holds what each command loads.

The entry point imports this module before anything else, to begin opening a named
dictionary as early as it can: it imports only gc, importlib and sys.
"""

from __future__ import annotations

import gc
import importlib
import sys

TYPE_CHECKING = False  # typing itself is not loaded this early
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from types import ModuleType
    from typing import Any


# The modules that may be imported inside a function, each with the instructions it would
# add at the top (callgrind, `import qscore.cli` and the importing module loaded first,
# as a run of its command loads them) and the runs that would pay them: help and Tab
# completion load every command's module. An import that would load no module its runs
# do not load already costs nothing measurable, and stands at the top.
IMPORTED_WHEN_USED: dict[str, str] = {
    # the faces' (cli/): what one command needs, kept from help, completion and the others
    "json": "5.1 M, every command (cli/app.py); JSON output and a failed write's report use it",
    "qscore.scorekeeper": "0.9 M, every command (cli/app.py); check and best ask it nothing",
    "qscore.words.dictionaries": "15 M, sheet, undo, games and stats, which judge no word; "
    "18 M for cli/wording.py's error wording",
    "qscore.game.entries": "20 M, the commands cli/wording.py words no entry for; 24 M for games "
    "and stats, which read kept figures, not logs (store/storage.py)",
    "qscore.views.outcome": "52 M, the commands that say no laydown's outcome (cli/wording.py)",
    "qscore.views.plays_view": "22 M (it loads the dictionaries and the words never proposed, for the short "
    "meanings), review where it stops at an error before reviewing (cli/review.py); help and completion load it "
    "already (cli/hands.py)",
    "qscore.views.verdict_view": "6.2 M, help and completion (cli/meanings.py)",
    "qscore.hands.solver": "33 M, help, completion and best with draw advice (cli/hands.py); a review "
    "whose rounds are kept reviewed (hands/handreview.py)",
    "qscore.hands.draws": "38 M, help, completion and best without draw advice",
    "qscore.cli.meanings": "0.4 M, check, unless meanings are asked for (cli/words.py)",
    "qscore.cli.tables": "0.3 M, check and define: of cli/words.py's commands only dictionaries draws a table",
    "qscore.cli.games": "5.7 M, stats (cli/stats.py)",
    "qscore.game.tablestats": "32 M, games (at scorekeeper/figures.py's top), openskill's import 23 M of it",
    "qscore.words.suggestions": "5.5 M, best, score, and check of an allowed word (cli/words.py, words/dictionaries/)",
    "qscore.game.names": "4.8 M, games (store/storage.py); completion (cli/completion.py)",
    "shlex": "0.5 M, every command (cli/completion.py); only a completion splits its words",
    "qscore.web.server": "601 M, every command but serve (cli/serve.py)",
    "qscore.web.codes": "85 M, every command but serve (cli/serve.py)",
    "segno": "108 M, every command but serve (cli/serve.py): the QR code",
    # play's modules and cli/games.py (help and completion load every command's module)
    "qscore.scorekeeper.evening": "72 M, help and completion (cli/play.py, play_laydowns.py, play_prompts.py)",
    "qscore.scorekeeper.questions": "47 M, help and completion (cli/games.py, play_laydowns.py, "
    "play_prompts.py); 56 M for sheet, export and games, which ask nothing",
    "qscore.views.keeper_said": "44 M, help and completion (play's modules, cli/players.py); 52 M for "
    "sheet, export and games, which say no scorekeeper's action (cli/games.py)",
    "qscore.cli.laid": "43 M, help and completion (cli/play_laydowns.py); 52 M for the commands of "
    "cli/games.py but score, and rename, leave and play's start, which lay out no laydown",
    "qscore.scorekeeper.answers": "33 M, help and completion (cli/play.py, play_laydowns.py, play_setup.py)",
    "qscore.cli.sheets": "26 M, help and completion (play's modules, cli/players.py); 32 M for score, "
    "challenge and games, which show no sheet unless a round closes (cli/games.py)",
    "qscore.views.sheet_view": "25 M, help and completion (cli/play.py); 31 M for score, challenge "
    "and games (cli/games.py)",
    "qscore.game.rules": "23 M, help and completion (cli/play.py, play_laydowns.py)",
    "qscore.views.sheet": "6.8 M, help and completion; 13 M for games (cli/games.py)",
    "qscore.game.cards": "2.9 M, games, which reads no card: only a refused laydown is read "
    "again for an unquoted -u (cli/games.py)",
    "qscore.views.setup_said": "3.6 M, every command of cli/games.py but new: a table's deck held to its rule "
    "sheet's count of cards (cli/games.py)",
    "qscore.views.conversation": "1.5 M, help and completion (cli/play.py, play_laydowns.py)",
    "qscore.cli.players": "1.3 M, play, until a player leaves or is renamed at the table (cli/play_prompts.py)",
    "qscore.cli.evening_text": "58 M, help, completion and the commands of cli/games.py (and play), but sheet "
    "and close of a closed game, whose summary then reads every saved game's figures and rates the players "
    "(openskill): 41 M more for sheet of the benchmark's closed game, openskill's import 23 M of it",
    "qscore.views.games_list": "0.9 M, every command of cli/games.py but games; 0.7 M, help and completion",
    "qscore.cli.review": "0.7 M, play, until a round's review is asked for (cli/play.py, play_prompts.py)",
    "qscore.cli.pictures": "216 M, every command of cli/games.py but export to svg, png or a file: the picture "
    "and the chart it draws (views/picture.py)",
    "qscore.cli.chart": "38 M, sheet, unless its chart is asked for (cli/games.py): the chart's data and placement",
    "resvg_py": "1.2 M, export to svg or a file (cli/pictures.py): only a PNG is rasterised",
    "csv": "2.0 M, sheet, the other exports and every command that shows a sheet (a round "
    "closed, undo, new, rename, leave, play): only the CSV export writes it (cli/sheets.py)",
    # the core's: what a run reaches only by one path
    "qscore.store.storage": "30 M, check, best and define, which open no games file (scorekeeper/store.py)",
    "qscore.store.rulings": "5 M (sqlite3), every command but check and a write (scorekeeper/store.py; "
    "check reads the table's words through it alone, 52 M less than through the store); 3 M, "
    "every read of a game and every write (store/storage.py)",
    "qscore.store.ruledcopy": "0.3 M, every read of a game (store/storage.py): a write keeps the rulings' copy",
    "qscore.scorekeeper.tablewords": "1.5 M, every write but a new game's (scorekeeper/writes.py)",
    "qscore.game.scoresheet": "23 M, games and stats, which read kept figures (store/storage.py)",
    "qscore.game.forms": "27 M, games and stats (store/storage.py)",
    "qscore.hands.handreview": "0.4 M itself, but a write with no points missed kept loads no "
    "review (scorekeeper/reads.py; tests/test_cli_check.py, NOT_FOR_ONE_GAME)",
    "qscore.hands.candidates": "23 M, a write that keeps a review's part (hands/handreview.py)",
    "qscore.hands.wordsets": "34 M, a write that keeps a review's part (hands/handreview.py)",
    "qscore.words.definitions": "16 M, check and score, which show no meaning unless asked "
    "(a verdict's definition, words/dictionaries/verdicts.py; cli/meanings.py); a write that "
    "keeps a review's part (hands/handreview.py)",
    "qscore.words.dictionaries.proposed": "18 M, a write that keeps a review's part (hands/handreview.py)",
    "qscore.game.closing": "2 M, score: a laydown neither challenges nor closes (scorekeeper/writes.py)",
    "qscore.words.sounds": "1.9 M with its table of sorted rows, score and best, which build "
    "no sound index (words/dictionaries/wordfiles.py)",
    "unicodedata": "0.4 M, help, check, best and define: only a word or name typed with "
    "accents is folded (game/cards.py)",
    "qscore.game.variants": "4 M, help and completion (cli/words.py, cli/options.py); every game read loads it "
    "(game/entries.py)",
    "qscore.game.deckfile": "16 M, every run without a deck file (cli/words.py)",
    "qscore.game.decktext": "24 M, every command but deck, and check of a variant with no deck of its own "
    "(cli/decks.py, cli/words.py)",
    "tomllib": "17 M, every run that reads no deck file (game/deckfile.py)",
    "qscore.game.decks_table": "4.0 M, help and stats, which read no deck (game/cards.py)",
    "confusable_homoglyphs.confusables": "179 M, every run that checks a name: only a name "
    "of other letters than ASCII's is looked up (game/names.py)",
    "dawg": "6.1 M, check with a system dictionary, help and completion, which read no word "
    "list's index (wordfiles.py)",
    "doublemetaphone": "4.4 M, check of an allowed word and define: only a word asked for by sound (words/sounds.py)",
    "enchant": "32 M, every run without a system dictionary (words/system_dictionaries.py)",
    "qscore.errors": "12 M on a system dictionary's critical path: system_dictionaries.py and paths.py import "
    "it once hunspell's load has begun",
    "qscore.paths": "18 M on a system dictionary's critical path (pathlib), imported once hunspell's load has begun",
    "tempfile": "4.9 M, every write that makes no new file (store/gamesfile.py, wordfiles.py)",
    "qscore.game.gamefigures": "5.4 M, games, which reads kept figures (scorekeeper/figures.py)",
    "qscore.scorekeeper.workers": "0.8 M, every write: only a first read of many games' figures shares "
    "them out (scorekeeper/figures.py)",
    "concurrent.futures": "15 M, games and stats, but a first read of many games (scorekeeper/workers.py)",
    "multiprocessing": "24 M, games and stats, but a first read of many games (scorekeeper/workers.py)",
    "concurrent.futures.process": "55 M, games and stats, but a first read of many games (scorekeeper/workers.py)",
    "_sha256": "0.4 M, games, which reads kept figures and no log's digest (store/gamelog.py; "
    "CPython 3.11's own SHA-256)",
    "_sha2": "as _sha256, its name from CPython 3.12 on (store/gamelog.py)",
    "hashlib": "12 M, every run that reads a game's log (OpenSSL starts): only a Python built "
    "without its own SHA-256 takes it (store/gamelog.py)",
}


def hold_the_collector() -> None:
    """Called first thing by the entry point, until :func:`collect_from_here`."""
    # What loads before a command runs (modules, classes, the command line) lives to the
    # exit, so the collector's passes over it while it loads free nothing: off while
    # qscore loads, it saves 13 to 14 M instructions a run (4%).
    gc.disable()


def collect_from_here() -> None:
    """Freeze what has loaded out of every later collection, and turn the collector on for
    what the command makes: a long run (play, serve) collects as usual."""
    gc.freeze()
    gc.enable()


def nothing_left_at_exit() -> bool:
    """Whether the ordinary exit has nothing to do but free memory: no exit handler is
    registered and no other thread runs. Every file a command writes (the games file's
    connections included) is closed by the time it returns. Where the count of exit
    handlers cannot be read (it is CPython's own, not the language's), the answer is no:
    the ordinary exit runs them."""
    import atexit

    handlers = getattr(atexit, "_ncallbacks", None)
    threading = sys.modules.get("threading")
    return handlers is not None and handlers() == 0 and (threading is None or threading.active_count() == 1)


def exit_at_once(done: SystemExit) -> None:
    """End the process now, output flushed, without freeing what it holds. Anything
    unusual (an exit message, output that cannot be written) returns for the ordinary exit."""
    # The ordinary exit frees every module, class and object one by one: 6 to 11 M
    # instructions a run (2 to 3%), and for a hunspell dictionary (-d en_US) about 20 ms
    # more to free its tables and unload enchant's providers, memory the system takes back.
    import os

    if not (done.code is None or isinstance(done.code, int)):
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(done.code or 0)


def names_when_asked(package: str, modules: Mapping[str, Sequence[str]]) -> Callable[[str], Any]:
    """A package's module ``__getattr__`` (PEP 562) that imports each name of ``modules``
    (each of the package's modules, and the names it holds) from its module when first
    asked for, and keeps it."""
    # The scorekeeper's use-cases: every command asks for its record of what was saved, and
    # importing all four of its modules at once costs `check` and `best` 35 M instructions
    # (13%; best would be 1.51x).
    holding = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = holding.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        found = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, found)
        return found

    return __getattr__


def imported_without_metadata(name: str) -> ModuleType:
    """The module ``name``, imported while importlib.metadata is a stand-in that knows no
    package: for a library that reads its ``__version__`` from its installed metadata as it
    loads (tabulate 0.10), which then takes its own fallback. Where importlib.metadata, or
    the module, is loaded already (the tests, ``qscore serve``), it is imported as it is.

    tabulate's import of importlib.metadata (email, zipfile, csv, socket and tempfile come
    with it) and its search of the installed packages cost 72 M instructions, a sixth of a
    `qscore sheet`: more than the rest of tabulate and the sheet's own modules together.
    tabulate 0.9 read a version module instead, but lays out the sheet's columns
    differently, and no release since avoids it (docs/speed.md has the report for
    upstream). The stand-in is gone once the module has loaded, and whatever imports
    importlib.metadata later gets the real module. Call it on the main thread, before any
    other thread could import importlib.metadata meanwhile (the tables are drawn there).
    """
    if name in sys.modules or "importlib.metadata" in sys.modules:
        return importlib.import_module(name)

    class PackageNotFoundError(ModuleNotFoundError):
        """As importlib.metadata's: no installed package of that name."""

    def version(package: str) -> str:
        raise PackageNotFoundError(package)

    stand_in = type(sys)("importlib.metadata", "Knows no package: an import without the metadata.")
    stand_in.__dict__.update(PackageNotFoundError=PackageNotFoundError, version=version)
    sys.modules["importlib.metadata"] = stand_in
    try:
        return importlib.import_module(name)
    finally:
        if sys.modules.get("importlib.metadata") is stand_in:
            del sys.modules["importlib.metadata"]
