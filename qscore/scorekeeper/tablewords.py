"""The table's own words: each word a paper ruling let stand or struck down at a challenge
(``challenge ... --ruling valid`` or ``invalid``, play's challenge, the scorekeeper's page:
all saved by ``settle_challenge`` as a challenge the table settled), remembered from then
on until the table takes it back (``forget_word``).

They are read from the games file (qscore.store.rulings): the rulings standing in the
games' logs, a word's latest ruling the one that counts, less those the table's own log
took back. With the house lists (``--allow``, ``--deny``) they are one list: a house list
given names the table's mind now, so a word it names the other way is left to it
(``table_lists``). A new game records the table's words at its start among its house lists
(GameConfig's ``allow`` and ``deny``, which every release reads) and is judged by them for
good: an old game, started before a ruling, replays as it was.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, NamedTuple

from qscore.errors import WordError, quoted
from qscore.scorekeeper.store import open_table_words, read_table_log

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game
    from qscore.store.rulings import TableLog
    from qscore.words.dictionaries import Verdict

RulingKey = tuple[int, str, int]  # a ruling's game (its id and start) and entry number


class TableWord(NamedTuple):
    """A word the table ruled on: allowed or not, when (UTC, to the second) and in which game
    (its name now); ``rulings``, its rulings that stand (what a forget takes back)."""

    word: str
    allowed: bool
    at: str
    game: str
    rulings: tuple[RulingKey, ...]

    @property
    def date(self) -> str:
        """The day it was ruled, on this computer's calendar: ``2026-12-02``."""
        try:
            when = datetime.fromisoformat(self.at).replace(tzinfo=UTC)
        except ValueError:
            return self.at[:10]
        return when.astimezone().date().isoformat()


class TableWords(NamedTuple):
    """The table's words, each under its latest ruling, oldest ruling first; ``unreadable``:
    the games holding a ruling that cannot be read (left out, and named); ``damage``: what
    SQLite's check of the games file found, if anything."""

    words: dict[str, TableWord]
    unreadable: tuple[str, ...] = ()
    damage: str | None = None
    forgotten: frozenset[str] = frozenset()  # the words taken back, and not ruled on again since


def table_words_of(log: TableLog) -> TableWords:
    """The table's words as the games file's logs say them: each word's latest ruling."""
    from qscore.game.cards import laid_letters

    words: dict[str, TableWord] = {}
    unreadable: dict[str, None] = {}
    for ruled in log.rulings:
        if not (isinstance(ruled.word, str) and ruled.valid in (0, 1)):
            unreadable[ruled.game] = None
            continue
        word = laid_letters(ruled.word)
        earlier = words.pop(word, None)
        standing = (earlier.rulings if earlier else ()) + ((ruled.game_id, ruled.started, ruled.seq),)
        words[word] = TableWord(word, bool(ruled.valid), ruled.at, ruled.game, standing)
    forgotten = frozenset(laid_letters(w) for w in log.forgotten if isinstance(w, str)) - words.keys()
    return TableWords(words, tuple(unreadable), log.damage, forgotten)


def deciding_ruling(words: Mapping[str, TableWord], verdict: Verdict) -> TableWord | None:
    """The table's ruling that decided a judged word, as check says it: the word's latest
    ruling, where it agrees with the verdict (a house list given may have overruled it)."""
    from qscore.game.cards import laid_letters

    t = words.get(laid_letters(verdict.word))
    return t if t is not None and t.allowed == verdict.allowed else None


def table_words() -> TableWords:
    """The table's words as saved (none before the first game)."""
    return table_words_of(read_table_log())


def table_lists(
    words: Mapping[str, TableWord], allow: Collection[str] = (), deny: Collection[str] = ()
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The table's words allowed and refused beside the house lists ``allow`` and ``deny``,
    sorted: each but a word a house list names the other way (the list given has the last say)."""
    return (
        tuple(sorted(w for w, t in words.items() if t.allowed and w not in deny)),
        tuple(sorted(w for w, t in words.items() if not t.allowed and w not in allow)),
    )


def with_table_words(
    words: Mapping[str, TableWord], allow: Collection[str] = (), deny: Collection[str] = ()
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A new game's house lists: ``allow`` and ``deny`` (its files') with the table's words
    (``table_lists``), sorted: what the game records at its start and is judged by for good."""
    ruled_allowed, ruled_denied = table_lists(words, allow, deny)
    return tuple(sorted({*allow, *ruled_allowed})), tuple(sorted({*deny, *ruled_denied}))


def next_lists(
    table: TableWords, allow: Collection[str], deny: Collection[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The next game's house lists, from the game before's (``allow``, ``deny``: its files'
    words and the table's words at its start, as one list): the table's words as they stand
    now, ruled since or taken back since, have the last say."""
    allowed = {w for w, t in table.words.items() if t.allowed}
    denied = table.words.keys() - allowed
    return (
        tuple(sorted((set(allow) - table.forgotten - denied) | allowed)),
        tuple(sorted((set(deny) - table.forgotten - allowed) | denied)),
    )


def counted(
    words: Mapping[str, TableWord], allow: Collection[str] = (), deny: Collection[str] = ()
) -> dict[str, TableWord]:
    """The table's words that judge beside the house lists: those ``table_lists`` keeps."""
    allowed, refused = table_lists(words, allow, deny)
    kept = {*allowed, *refused}
    return {w: t for w, t in words.items() if w in kept}


def kept_rulings(game: Game) -> dict[str, TableWord]:
    """The table's words the game recorded at its start, each as the table ruled it in
    another game (its latest ruling there, the way the game recorded it), or, a word taken
    back since, with no date nor game (``game`` empty): what decided a challenge the game's
    house lists settled. A house list's own words are not among them; none when the
    table's words cannot be read."""
    from qscore.errors import QscoreError
    from qscore.game.cards import laid_letters

    recorded = {**dict.fromkeys(game.config.allow, True), **dict.fromkeys(game.config.deny, False)}
    if not recorded:
        return {}
    try:
        log = read_table_log()
    except QscoreError:
        return {}
    elsewhere = table_words_of(log._replace(rulings=[r for r in log.rulings if r.game != game.name]))
    kept: dict[str, TableWord] = {}
    for word, allowed in recorded.items():
        word = laid_letters(word)
        t = elsewhere.words.get(word)
        if t is not None and t.allowed == allowed:
            kept[word] = t
        elif t is None and word in elsewhere.forgotten:
            kept[word] = TableWord(word, allowed, "", "", ())
    return kept


def typed_word(text: str) -> str:
    """A word as typed to take back, in letters (``(qu)iz`` is quiz), or a WordError naming it."""
    from qscore.game.cards import laid_letters

    word = laid_letters(text.strip())
    if not (word.isascii() and word.isalpha()):
        raise WordError(f"{quoted(text.strip())} is not a word of letters a-z")
    return word


def forget_word(text: str) -> TableWord:
    """Take a word back from the table's words (its standing rulings, in one entry of the
    table's log): the dictionary judges it again from the next game and ``check`` on. The
    ruling taken back is returned; a word the table has not ruled on is a WordError, and
    nothing is saved."""
    import json

    word = typed_word(text)
    ruling = _ruled(table_words().words, word)  # said before the write
    with open_table_words().writing() as write:
        ruling = _ruled(table_words_of(write.log).words, word)
        write.add("forget", json.dumps({"word": word, "rulings": [list(key) for key in ruling.rulings]}))
    return ruling


def _ruled(words: Mapping[str, TableWord], word: str) -> TableWord:
    if word not in words:
        listed = sorted(words)
        known = ", ".join(listed[:10]) + (f" and {len(listed) - 10} more" if len(listed) > 10 else "") or "none yet"
        raise WordError(f"{word} is not among the table's words (they are: {known})")
    return words[word]
