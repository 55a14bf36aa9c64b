"""How the command line words what went wrong: click's messages worded as qscore's, the
arguments no command can take, qscore's errors with the options that put them right, and
what a run had saved when its output failed."""

import difflib
import re
import shlex
from typing import TYPE_CHECKING

from qscore.errors import QUOTE_LIMIT, QscoreError, Remedy, quoted
from qscore.paths import printable

if TYPE_CHECKING:
    from qscore.scorekeeper import CommittedChange


def as_qscore_says(message: str) -> str:
    """click's message worded as qscore's are: from a small letter, without the full stop
    (``Option '-d' requires an argument.``: ``option '-d' requires an argument``)."""
    if message.endswith(".") and not message.endswith(".."):
        message = message[:-1]
    return cut_values(message[:1].lower() + message[1:])


def choice_meant(message: str) -> str:
    """``; did you mean valid?`` after click's refusal of a value not among an option's
    choices (``'vaild' is not one of 'valid', 'invalid'``), as a misspelt option or
    player name gets; "" for any other message, or a value near none of them."""
    found = re.search(r"'([^']*)' is not one of ((?:'[^']*'(?:, )?)+)", message)
    if found is None:
        return ""
    choices = re.findall(r"'([^']*)'", found.group(2))
    near = difflib.get_close_matches(found.group(1).lower(), choices, n=1, cutoff=0.6)
    return f"; did you mean {near[0]}?" if near else ""


def cut_values(message: str) -> str:
    """The values a parser's message quotes, cut as qscore's own messages cut what they
    quote (errors.quoted): a value of 50,000 digits makes one short line, not 50 kB."""

    def cut(found: re.Match[str]) -> str:
        if found.group(1) is not None:
            return quoted(found.group(1))
        value = found.group(2)
        return f"{value[:40]}…{value[-10:]} ({len(value):,} characters)"

    return re.sub(rf"'([^']{{{QUOTE_LIMIT + 1},}})'|(\S{{{QUOTE_LIMIT + 1},}})", cut, message)


def saved_text(w: "CommittedChange") -> str:
    """What one saved change was, in a few words that name its game."""
    from qscore.game.entries import Created, Undone
    from qscore.views.outcome import entry_text

    if w.change == "renamed":
        return f"game {w.old_name!r} renamed {w.game!r}"
    if w.change == "deleted":
        return f"game {w.game!r} deleted"
    entry = w.entry
    assert entry is not None
    if isinstance(entry.act, Created):
        return f"game {w.game!r} started"
    see = f"(see qscore sheet -g {shlex.quote(w.game)})"  # a name to paste, quoted as the shell needs
    if isinstance(entry.act, Undone):
        return f"the undo of entry {entry.act.undoes} in game {w.game!r} {see}"
    return f"{entry_text(entry)}, in game {w.game!r} {see}"


# Options whose values are file paths: a path may hold any bytes the system allows.
_PATH_OPTIONS = ("--allow", "--deny", "--dictionary", "-d")
_HOUSE_LISTS = ("--allow", "--deny")


def refusal(args: list[str]) -> str | None:
    """Why no command can take this command line, before any command looks at it, or None:
    an argument that is not UTF-8 text (outside a file path), or an empty house-list name."""
    for i, arg in enumerate(args):
        option, eq, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        given = value if eq else (args[i + 1] if i + 1 < len(args) else None)
        if option in _HOUSE_LISTS and given == "":
            return f"{option} was given an empty file name: give a file of words, one a line"
        is_path = (i > 0 and args[i - 1] in _PATH_OPTIONS) or (eq and option in _PATH_OPTIONS) or arg[:2] == "-d"
        if not is_path and _not_utf8(arg):
            return f"argument '{printable(arg)}' is not UTF-8 text: qscore reads names and words as UTF-8"
    return None


def _not_utf8(arg: str) -> bool:
    try:
        arg.encode("utf-8")
    except UnicodeEncodeError:  # Python read the bytes that were not UTF-8 as lone surrogates
        return True
    return False


def worded(exc: QscoreError) -> str:
    """An error as the command line tells it: where the core says what to give in words of
    its own, the command line names its option."""
    from qscore.words.dictionaries import HouseListTooLarge

    if isinstance(exc, HouseListTooLarge):
        return f"{exc.what}: give a list that large as --dictionary"
    return exc.worded(option_remedy)


def option_remedy(r: Remedy) -> str:
    """What to do about an error, as the command line's options do it."""
    match r.kind:
        case "replace":
            return f"add --round {r.round} --replace to change it" if r.round else "add --replace to change it"
        case "round":
            return f"add --round {r.round}"
        case "correct-round":
            return "use --round N to correct one"
        case "choose-bonus":
            return "choose --bonus longest, --bonus most or --bonus none"
        case "bonus-choice":
            return "--bonus"
        case "bonus-points":
            return "--bonus-points"
        case "no-bonus":
            return "--bonus none"
        case "unchecked":
            return "add --unchecked to record without checking the words"
        case "paper-ruling":
            return "--ruling valid or --ruling invalid"
        case "game-name":
            return "choose another --game name"
        case "start-game":
            return "start one with qscore new ALICE BOB"
        case "undo-finished":
            return "add --yes to take it back"
        case "challenge-finished":
            return "add --yes to settle it"
        case "replace-finished":
            return "add --yes to replace it"
        case "table-deck":
            return "write one with qscore deck junior > junior.toml, fill in its cards, then add --deck junior.toml"
