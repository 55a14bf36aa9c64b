"""The codes a served game's pages are opened by: the table's, and the scorekeeper's.

A small stand-in for the codes kept across restarts of ``qscore serve``: each game's pair
is kept in serve-codes.json beside the games file, so a phone's address outlives a restart."""

from __future__ import annotations

import json
import os

from qscore import scorekeeper
from qscore.web.table import CODE_LENGTH, CODE_LETTERS, new_code


def codes_for(game_name: str) -> tuple[str, str]:
    """The table's code and the scorekeeper's for the game named: the ones it had, or two new ones."""
    path = scorekeeper.games_file().with_name("serve-codes.json")
    try:
        kept = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        kept = {}
    if not isinstance(kept, dict):
        kept = {}
    pair = kept.get(game_name)
    if isinstance(pair, list) and len(pair) == 2 and all(is_code(c) for c in pair) and pair[0] != pair[1]:
        return pair[0], pair[1]
    table, keeper = new_code(), new_code()
    kept[game_name] = [table, keeper]
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".new")
    partial.write_text(json.dumps(kept, ensure_ascii=False), "utf-8")
    os.replace(partial, path)
    return table, keeper


def is_code(text: object) -> bool:
    return isinstance(text, str) and len(text) == CODE_LENGTH and all(c in CODE_LETTERS for c in text)
