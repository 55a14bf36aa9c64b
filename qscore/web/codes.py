"""The evening's one address: each game's table code and scorekeeper's code, kept across
restarts of ``qscore serve`` until the scorekeeper asks for new ones, so an open phone or
TV finds the server again at the address it has.

They live in a small file of qscore's own beside the games file (``serve-codes.json``; not a
table of the games file, which holds the log), with the key that signs the laydown forms'
tokens, so a form filled before a restart is still taken after it. The file is written
whole or not at all (a new file renamed over the old), readable by its owner only. Each
game's codes are its own: a game's codes damaged, its scorekeeper's code the table's, or
its codes another game's too, are made anew, the other games' left as they are; a file
that cannot be read at all (damaged, not a file: a FIFO, a device; too large) is set
aside whole and every game has new codes. Each is said in one line.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from qscore import scorekeeper
from qscore.paths import shown_path
from qscore.web.table import CODE_LENGTH, CODE_LETTERS, new_code

CODES_NAME = "serve-codes.json"
KEY_BYTES = 16
MAX_CODES_BYTES = 1 << 20  # some 15,000 games' codes: a larger file is none of qscore's


@dataclass(frozen=True)
class Kept:
    """A game's codes as serve uses them: the table's, the scorekeeper's, the key its forms are
    signed with, and a line to say if the file was damaged or cannot be written (None: all well)."""

    table: str
    keeper: str
    key: bytes
    said: str | None = None


def codes_file() -> Path:
    return scorekeeper.games_file().with_name(CODES_NAME)


def kept_codes(game: str, *, new: bool = False) -> Kept:
    """The table's code and the scorekeeper's for the saved game ``game`` (the ones it was
    served with before, through a rename too, or new ones, kept, the first time or when
    ``new`` asks), the forms' key, and a line to say if the file was damaged or cannot be
    written."""
    identity = _identity(game)
    path = codes_file()
    held, damage = read_codes(path)
    unread = held is None and damage is not None  # set aside whole: every game's codes are new
    if held is None:
        held = {"key": secrets.token_hex(KEY_BYTES), "games": {}}
    games = held["games"]
    lost = not_own(identity, games)
    faults = ([damage] if damage is not None and not unread else []) + lost
    renew = new or bool(lost) or identity not in games
    said = None
    if renew or faults or unread:
        if renew:
            games[identity] = fresh_codes(games)
        try:
            if unread:
                set_aside(path)
            write_codes(path, held)
        except OSError as exc:  # a read-only folder: the codes serve this run, and say so
            why = exc.strerror or exc
            said = f"Cannot keep the codes in {shown_path(path)} ({why}): serve's next start makes new ones."
    if unread:
        aside = f"{CODES_NAME}.damaged"
        said = said or f"The codes file {shown_path(path)} {damage}: every game has new codes (it is kept as {aside})."
    elif faults:
        said = (
            said or f"The codes file {shown_path(path)} {', and '.join(faults + ['this game has new codes'] * renew)}."
        )
    codes = games[identity]
    return Kept(codes["table"], codes["keeper"], bytes.fromhex(held["key"]), said)


def not_own(identity: str, games: dict) -> list[str]:
    """What makes the game's kept codes not its own, said: damaged (the scorekeeper's the
    table's, say), or another game's too; nothing when they are its own, or it has none."""
    codes = games.get(identity)
    if codes is None:
        return []
    if not usable(codes):
        return ["held this game's codes damaged"]
    if any(shared(codes, other) for name, other in games.items() if name != identity):
        return ["gave this game's codes to another game too"]
    return []


def usable(codes: object) -> bool:
    """Whether a game's entry is two codes, the scorekeeper's not the table's."""
    return (
        isinstance(codes, dict)
        and all(is_code(codes.get(k)) for k in ("table", "keeper"))
        and codes["table"] != codes["keeper"]
    )


def shared(codes: dict, other: object) -> bool:
    return isinstance(other, dict) and bool(
        {codes["table"], codes["keeper"]} & {other.get("table"), other.get("keeper")}
    )


def fresh_codes(games: dict) -> dict[str, str]:
    """Two new codes, neither the other nor any game's."""
    taken = {c for other in games.values() if isinstance(other, dict) for c in other.values() if isinstance(c, str)}
    made: list[str] = []
    while len(made) < 2:
        code = new_code()
        if code not in taken and code not in made:
            made.append(code)
    return {"table": made[0], "keeper": made[1]}


def hand_on(before: str, after: str) -> None:
    """The table's next game (``after``) takes the codes of the game before it: the phones,
    the TV and a later `serve`, which serves the game last started, keep the evening's
    address. The game before gives them up (served again, it has new ones): one address
    serves one game. Nothing is done if the game before had none kept, or the file cannot
    be read whole or written."""
    path = codes_file()
    held, damage = read_codes(path)
    if held is None or damage is not None or _identity(before) not in held["games"]:
        return
    held["games"][_identity(after)] = held["games"].pop(_identity(before))
    with contextlib.suppress(OSError):
        write_codes(path, held)


def _identity(game: str) -> str:
    return "-".join(str(part) for part in scorekeeper.game_identity(game))


def read_codes(path: Path) -> tuple[dict | None, str | None]:
    """The file's contents (``key``, ``games``) and what was wrong with it: (None, None) when
    there is none; (None, why) when nothing of it can be read; a key damaged is replaced
    (held, why). A game's entry is checked when the game is served (``codes_lost``). Only
    an ordinary file is read, and MAX_CODES_BYTES of it at most: a FIFO or a link to
    /dev/zero in its place is no codes file."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        return None, None
    except OSError:
        return None, "cannot be read"
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None, "is not a file (a FIFO, a device or a folder)"
        data = file.read(MAX_CODES_BYTES + 1)
    if len(data) > MAX_CODES_BYTES:
        return None, f"is larger than {MAX_CODES_BYTES // (1 << 20)} MiB"
    try:
        held = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None, "was damaged"
    if not isinstance(held, dict) or not isinstance(held.get("games"), dict):
        return None, "was damaged"
    key = held.get("key")
    if not isinstance(key, str) or len(key) != 2 * KEY_BYTES or any(c not in "0123456789abcdef" for c in key):
        held["key"] = secrets.token_hex(KEY_BYTES)
        return held, "held a damaged key (a form filled before this start asks for the page to be reloaded)"
    return held, None


def set_aside(path: Path) -> None:
    """A codes file that cannot be read, kept beside it for a person to look at (its last
    one only), not written over."""
    with contextlib.suppress(FileNotFoundError):
        os.replace(path, path.with_name(CODES_NAME + ".damaged"))


def is_code(text: object) -> bool:
    return isinstance(text, str) and len(text) == CODE_LENGTH and all(c in CODE_LETTERS for c in text)


def write_codes(path: Path, held: dict) -> None:
    """The file written whole or not at all: a new file beside it, renamed over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=".serve-codes-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:  # mkstemp's file is the owner's alone
            json.dump(held, out, indent=1, sort_keys=True)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
