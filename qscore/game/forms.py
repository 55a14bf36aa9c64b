"""A page's form as the log judges it: taken once (its id kept with the entry it made, so a
form sent again is found in the log, whatever process or restart sends it), and out of date
only when an entry since changes what it would record (a rename since is followed).

Each check reads a replayed Game and raises the GameError a page words; nothing here
writes: the application layer (qscore.scorekeeper) runs them again inside each write.
"""

from __future__ import annotations

from qscore.errors import GameError, quoted
from qscore.game.entries import Entry, LaidDown, Undone
from qscore.game.scoresheet import Game, name_key


class SheetChangedError(GameError):
    """A laydown filled in against the sheet as it stood at one entry (a page's form), after
    which the sheet changed in a way the form could not know: ``entry`` was taken back
    (``undone``), or ``entry`` is the player's own laydown in the round the form lays in,
    entered since. Nothing is saved.
    """

    def __init__(self, entry: Entry, *, undone: bool) -> None:
        self.entry = entry
        self.undone = undone
        what = "was taken back" if undone else "was entered"
        super().__init__(f"entry {entry.seq} {what} since this laydown was filled in: nothing was saved")


class FormTakenError(GameError):
    """A page's form sent again, whichever process or restart took it first: the entry it
    made is in the log already (``entry``, in the game named ``game``; ``standing``: not
    taken back since). Nothing more is saved."""

    def __init__(self, game: str, entry: Entry, *, standing: bool = True) -> None:
        self.game, self.entry, self.standing = game, entry, standing
        super().__init__(
            f"this form was taken already, as entry {entry.seq} of game {quoted(game)}: nothing more was saved"
        )


def check_form_new(game: Game, form: str | None) -> None:
    """Refuse a page's form (its id, ``form``) that made an entry of the game already
    (FormTakenError): a form is taken once, as the log says, whatever process sent it."""
    if form is None:
        return
    taken = next((e for e in game.entries if e.form == form), None)
    if taken is not None:
        undone = {e.act.undoes for e in game.entries if isinstance(e.act, Undone)}
        raise FormTakenError(game.name, taken, standing=taken.seq not in undone)


def form_player(game: Game, player: str, filled_at: int) -> str:
    """The player a form filled in at entry ``filled_at`` names, as the log calls them now (a
    rename since followed); the name as sent when no seat was called so then."""
    return game.now_called(player.strip(), filled_at) or player


def _own_laydown(game: Game, who: str, number: int) -> tuple[object, ...] | None:
    """What the player ``who`` (a name key, as ``game`` calls the seat) has laid in round
    ``number`` of ``game``: the words, the unused cards and whether they went out; None: nothing."""
    if not 1 <= number <= len(game.rounds):
        return None
    laid = {name_key(p): lay for p, lay in game.rounds[number - 1].laydowns.items()}.get(who)
    return None if laid is None else (laid.words, laid.unused, laid.out)


def check_unchanged_since(game: Game, filled_at: int, player: str, round_no: int | None = None) -> None:
    """Refuse a laydown of ``player`` filled in when the log ended at entry ``filled_at``, if
    an entry since changes what it would record (SheetChangedError): the player's own laydown
    in the round it lays in (``round_no``, or the round being played) was entered since, or
    taken back, and stands otherwise than the form saw it. Every other entry since leaves it
    good: another player's, a rename (the form is taken for the player renamed), a fix of the
    player's laydown in another round, and a laydown entered and taken back again."""
    who = name_key(form_player(game, player, filled_at))
    current = game.current
    laid_in = round_no if round_no is not None else current.number if current is not None else None
    if laid_in is not None and game.last > filled_at:
        then = Game(game.name, [e for e in game.entries if e.seq <= filled_at])  # the sheet the form was filled on
        if _own_laydown(game, who, laid_in) == _own_laydown(then, name_key(player), laid_in):
            return  # entered and taken back since, or replaced and that taken back: as the form saw it
    by_seq = {e.seq: e for e in game.entries}

    def own(entry: Entry | None) -> bool:
        if entry is None or not isinstance(entry.act, LaidDown):
            return False
        if laid_in is not None and entry.act.round != laid_in:
            return False
        named = game.now_called(entry.act.player, entry.seq - 1) or entry.act.player  # a rename since followed
        return name_key(named) == who

    for entry in game.entries:
        if entry.seq <= filled_at:
            continue
        act = entry.act
        if isinstance(act, Undone) and own(by_seq.get(act.undoes)):
            raise SheetChangedError(by_seq[act.undoes], undone=True)
        if own(entry):
            raise SheetChangedError(entry, undone=False)
