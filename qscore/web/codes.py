"""The evening's one address: each game's table code and scorekeeper's code, kept across
restarts of ``qscore serve`` until the scorekeeper asks for new ones, so an open phone or
TV finds the server again at the address it has.

They live in a small file of qscore's own beside the games file (``serve-codes.json``; not a
table of the games file, which holds the log), with the key that signs the laydown forms'
tokens, so a form filled before a restart is still taken after it. The file is written
whole or not at all (a new file renamed over the old), readable by its owner only; a
damaged one is replaced by new codes, and said in one line.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import tempfile
from dataclasses import dataclass
from pathlib import Path

from qscore import scorekeeper
from qscore.paths import shown_path
from qscore.web.table import CODE_LENGTH, CODE_LETTERS, new_code

CODES_NAME = "serve-codes.json"
KEY_BYTES = 16


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


def codes_for(game: str, *, new: bool = False) -> tuple[str, str]:
    """The table's code and the scorekeeper's for the saved game ``game``: the ones it was
    served with before (through a rename too), or new ones (kept) the first time or when
    ``new`` asks."""
    kept = kept_codes(game, new=new)
    return kept.table, kept.keeper


def kept_codes(game: str, *, new: bool = False) -> Kept:
    """The game's codes and the forms' key, as ``codes_for`` says, and a line to say if the
    file was damaged or cannot be written."""
    identity = _identity(game)
    path = codes_file()
    held, damaged = read_codes(path)
    if not held:
        held = {"key": secrets.token_hex(KEY_BYTES), "games": {}}
    codes = held["games"].get(identity)
    said = f"The codes file {shown_path(path)} was damaged: this game has new codes." if damaged else None
    if new or codes is None:
        codes = held["games"][identity] = {"table": new_code(), "keeper": new_code()}
        while codes["keeper"] == codes["table"]:
            codes["keeper"] = new_code()
        try:
            write_codes(path, held)
        except OSError as exc:  # a read-only folder: the codes serve this run, and say so
            why = exc.strerror or exc
            said = f"Cannot keep the codes in {shown_path(path)} ({why}): serve's next start makes new ones."
    return Kept(codes["table"], codes["keeper"], bytes.fromhex(held["key"]), said)


def hand_on(before: str, after: str) -> None:
    """The table's next game (``after``) takes the codes of the game before it: the phones,
    the TV and a later `serve`, which serves the game last started, keep the evening's
    address. Nothing is done if the game before had none kept, or the file cannot be written."""
    path = codes_file()
    held, damaged = read_codes(path)
    old = held.get("games", {}).get(_identity(before)) if not damaged else None
    if old is None:
        return
    held["games"][_identity(after)] = dict(old)
    with contextlib.suppress(OSError):
        write_codes(path, held)


def _identity(game: str) -> str:
    return "-".join(str(part) for part in scorekeeper.game_identity(game))


def read_codes(path: Path) -> tuple[dict, bool]:
    """The file's contents, and whether it was damaged (then nothing of it is kept)."""
    try:
        held = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return {}, False
    except (OSError, UnicodeDecodeError, ValueError):
        return {}, True
    return (held, False) if well_formed(held) else ({}, True)


def well_formed(held: object) -> bool:
    if not isinstance(held, dict) or not isinstance(held.get("games"), dict):
        return False
    key = held.get("key")
    if not isinstance(key, str) or len(key) != 2 * KEY_BYTES or any(c not in "0123456789abcdef" for c in key):
        return False
    return all(
        isinstance(codes, dict) and all(is_code(codes.get(k)) for k in ("table", "keeper"))
        for codes in held["games"].values()
    )


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
