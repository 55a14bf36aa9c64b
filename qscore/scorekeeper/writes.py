"""The use-cases that write: start a game, record a laydown, settle a challenge, undo,
rename a player, a player leaves, rename or delete a game. Each checks its entry against
the game as read, then again inside the write, and returns what happened (``Saved``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Generic, NamedTuple, TypeVar, cast

from qscore.errors import BonusChoiceNeeded, DictionaryError, GameError, Remedy, quoted
from qscore.game.choices import Asker, Ruling
from qscore.game.entries import Created, Entry, GameConfig, LaidDown
from qscore.game.forms import check_form_new, check_unchanged_since, form_player
from qscore.game.gamelines import FIGURES_VERSION
from qscore.game.names import nearest_name
from qscore.game.rules import (
    FinishedGameUndoError,
    LaydownExistsError,
    challenge_settled,
    check_challenge,
    check_config,
    check_laydown,
    check_leave,
    check_players,
    check_rename,
    check_undo,
    laid_again,
    laid_down,
    parse_rounds,
)
from qscore.game.scoresheet import Game, challenges_gone, name_key
from qscore.game.variants import played_deck, variant_rules
from qscore.scorekeeper.figures import game_summary
from qscore.scorekeeper.judging import challenge_verdict, game_dictionary, refused_words
from qscore.scorekeeper.questions import (
    Reply,
    Unchanged,
    agreed,
    bonus_asked,
    challenge_asked,
    finished_replace_asked,
    replace_asked,
    undo_asked,
)
from qscore.scorekeeper.reads import _game_to_write, check_new_name
from qscore.scorekeeper.store import open_store
from qscore.views.keeper_said import (
    NOTHING_CHANGED,
    NOTHING_TAKEN_BACK,
    kept_said,
    leave_bonus_question,
    same_laydown_said,
    two_bonus_question,
)

if TYPE_CHECKING:
    from qscore.game.entries import Act, Challenged, Closed, Entry, LaidDown, Left, Renamed, Undone
    from qscore.game.scoresheet import Challenge, Game, Laydown
    from qscore.store.storage import CommittedChange as CommittedChange  # what recording() gives
    from qscore.words.dictionaries import Dictionary, Verdict


A = TypeVar("A", bound="Act")  # the kind of entry a use-case writes


class Saved(NamedTuple, Generic[A]):
    """One entry written: the game as it stood before, the entry, and the game after (a
    named tuple, as qscore/startup.py says of what every write loads)."""

    before: Game
    entry: Entry
    after: Game

    @property
    def act(self) -> A:
        """What the entry recorded: the kind the use-case writes (a laydown, a challenge...)."""
        return cast(A, self.entry.act)

    @property
    def round_no(self) -> int | None:
        """The round the entry belongs to, if any."""
        return self.entry.round

    @property
    def replaced(self) -> Laydown | None:
        """For a laydown: the one it replaced, if the player had laid down in that round."""
        act = self.entry.act
        return self.before.rounds[act.round - 1].laydowns.get(act.player) if isinstance(act, LaidDown) else None

    @property
    def dropped(self) -> list[Challenge]:
        """The challenges of the entry's round that stood before it and stand no more: a
        laydown replaced without the word challenged takes its challenge with it."""
        number = self.round_no
        return [] if number is None else challenges_gone(self.before, self.after, number)

    @property
    def closed(self) -> bool:
        """Whether the entry's round is closed now, every player of it laid down (and scored)."""
        number = self.round_no
        return number is not None and number <= len(self.after.rounds) and self.after.rounds[number - 1].closed

    @property
    def rescored(self) -> bool:
        """Whether the entry changed a round that was closed already: its scores are worked out again."""
        number = self.round_no
        return self.closed and number is not None and self.before.rounds[number - 1].closed


class Sent(NamedTuple):
    """A write a page's form asks for: who asks (``by``: the table's code or the
    scorekeeper's), the form's id (kept with the entry it makes: a form is taken once,
    whatever process or restart sends it), and the game it was filled for (its identity:
    a game deleted since is no game of the form's, whatever took its name). A write
    without one is the scorekeeper's, at a terminal."""

    by: Asker
    form: str
    game: tuple[int, str] | None = None


def _check_sent(game: Game, sent: Sent | None) -> None:
    """Refuse a form that made an entry of the game already (FormTakenError)."""
    if sent is not None:
        check_form_new(game, sent.form)


def _append(build: Callable[[Game], A], game: str | None, sent: Sent | None = None) -> Saved[A]:
    """Check and save one entry in one write: ``build`` checks it against the game as it
    stands inside the write (the game ``sent`` was filled for, and a form not taken
    already), and the game's summary is kept with it."""
    with open_store().appending(game, sent.game if sent is not None else None) as write:
        before = write.game
        _check_sent(before, sent)
        entry = write.add(build(before), sent.form if sent is not None else None)
        after = before.then(entry)
        write.keep_summary(FIGURES_VERSION, game_summary(after, before, write.kept(FIGURES_VERSION)))
    return Saved(before, entry, after)


# --- starting a game ---------------------------------------------------------


def start_game(
    players: list[str],
    *,
    variant: str = "standard",
    deck: Path | None = None,
    penalty_past_zero: bool | None = None,
    rounds: str | None = None,
    bonus: str | None = None,
    dealer: str | None = None,
    dictionary: str | None = None,
    allow: Path | None = None,
    deny: Path | None = None,
    name: str | None = None,
    bonus_points: int | None = None,
    review: bool = True,
    reply: Reply | None = None,
) -> Game:
    """Check the table's choices and save the new game, with the table's own words as they
    stand (its paper rulings: qscore.scorekeeper.tablewords). Two players with no bonus named
    are asked which one they keep where the rules play both (QuestionAsked; ``reply``: the
    answer). The game plays its ``variant``'s rules on its shipped deck or the table's
    ``deck`` file (variants.played_deck), and ``penalty_past_zero``, the table's house rule,
    is kept where it differs from the rules'."""
    from qscore.scorekeeper.tablewords import table_words, with_table_words
    from qscore.words.dictionaries import dictionary_name, open_dictionary, read_word_file

    players = [p.strip() for p in players]  # names as the table wrote them, trimmed
    check_players(players)  # before the dictionary: a wrong list is told first
    if name is not None:
        check_new_name(name)  # said first: a taken name is no reason to answer the rest
    rules = variant_rules(variant)
    deck_key, usual, cards = played_deck(rules, deck)  # a table's deck's cards are kept with the game
    allowed = tuple(sorted(read_word_file(allow))) if allow else ()
    denied = tuple(sorted(read_word_file(deny))) if deny else ()
    allowed, denied = with_table_words(table_words().words, allowed, denied)  # the table's own words now
    open_dictionary(dictionary, allowed, denied)  # fails now, not mid-game, if it cannot open
    schedule = usual if rounds is None else parse_rounds(rounds)
    first = 0
    if dealer is not None:
        keys = [name_key(p) for p in players]
        if name_key(dealer) not in keys:
            near = nearest_name(dealer, players)
            meant = f" (did you mean {near}?)" if near else ""
            raise GameError(f"dealer {quoted(dealer)} is not a player: players are {', '.join(players)}{meant}")
        first = keys.index(name_key(dealer))

    def config_with(bonus: str) -> GameConfig:
        return GameConfig(
            players=tuple(players),
            deck=deck_key,
            rounds=schedule,
            bonus=bonus,
            dictionary=dictionary_name(dictionary),
            allow=allowed,
            deny=denied,
            first_dealer=first,
            bonus_points=rules.bonus_points if bonus_points is None else bonus_points,
            review=review,
            # a shipped deck's game plays its deck's rules, written as before; a table's deck names them
            variant=None if cards is None else rules.name,
            cards=cards,
            penalty_past_zero=None if penalty_past_zero in (None, rules.penalty_past_zero) else penalty_past_zero,
        )

    if reply is not None:
        bonus = reply.answer
    if bonus is None:
        if len(players) == 2 and rules.bonus == "both":
            check_config(config_with("most"))  # every other choice is told before the table is asked its bonus
            raise bonus_asked(two_bonus_question())
        bonus = rules.bonus
    bonus = bonus.strip().lower()
    if bonus == "none" and bonus_points is not None:
        raise GameError(Remedy("bonus-points"), " with ", Remedy("no-bonus"), ": the game plays no bonus")
    config = config_with(bonus)
    check_config(config)
    figures = game_summary(Game("", [Entry(1, Created(config))]), None, None)  # the name is not in them
    return open_store().create(config, name, (FIGURES_VERSION, figures))


def start_next_game(previous: str | None, sent: Sent | None = None) -> Game:
    """The next game of the same table: the players still in, the deal passed on to the
    left, the same deck, rounds, dictionary, house lists and bonus (the one two players
    chose, if they did), and the
    table's own words as they stand now (a ruling of the game before among them). The game
    before must be over (closed by the scorekeeper): a game is left unfinished only on purpose.
    A page's form starts one game at most, found in the games file inside the write
    (FormTakenError: a second server on the same file, or the form sent after a restart)."""
    from qscore.scorekeeper.tablewords import next_lists, table_words

    before = _game_to_write(previous, sent.game if sent is not None else None)
    if not before.finished:
        raise GameError(f"game {quoted(before.name)} is not over: close it first, or go on with it")
    allowed, denied = next_lists(table_words(), before.config.allow, before.config.deny)  # the table's words now
    seats = before.players  # the deal passes on: the first still in left of the last game's first dealer
    dealer = next(p for p in [*seats[before.config.first_dealer + 1 :], *seats] if p in before.still_in)
    config = before.config._replace(
        players=before.still_in,
        first_dealer=before.still_in.index(dealer),
        bonus=before.rounds[-1].bonus,
        allow=allowed,
        deny=denied,
    )
    check_config(config)
    figures = game_summary(Game("", [Entry(1, Created(config))]), None, None)
    return open_store().create(config, None, (FIGURES_VERSION, figures), sent.form if sent is not None else None)


# --- entries -----------------------------------------------------------------


class LaydownRecorded(NamedTuple):
    """A laydown saved, the words the game's dictionary refuses (None: not checked), and
    that dictionary, once opened (a round the laydown closes is shown judged by it)."""

    saved: Saved[LaidDown]
    refused: list[Verdict] | None
    dictionary: Dictionary | None = None


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
    filled_at: int | None = None,
    sent: Sent | None = None,
    ask: bool = False,
    reply: Reply | None = None,
    confirmed: bool = False,
) -> LaydownRecorded:
    """Check and save a laydown.

    Everything that can fail is decided before the write (the laydown against the game
    as read, the dictionary opened and the words judged), and the laydown is checked
    again inside the write, against the game as it then stands: a laydown recorded
    meanwhile from another terminal raises LaydownExistsError unless ``replace``. A laydown
    filled in against the log as it ended at entry ``filled_at`` (a page's form) is taken
    for the player as called now (a rename since followed), and refused if an entry since
    changed what it records (SheetChangedError). A form ``sent`` is taken once, for the
    game it was filled for, and the table's only in the round being played (Sent). A face
    that can ``ask`` is asked whether a laydown that stands is replaced (QuestionAsked, its
    ``reply`` the answer) where LaydownExistsError is raised otherwise. A laydown of a game
    the scorekeeper closed is replaced only ``confirmed`` or once the table answers yes
    (QuestionAsked), as a challenge or an undo of it is.
    """

    current = _game_to_write(game, sent.game if sent is not None else None)
    _check_sent(current, sent)
    if filled_at is not None:
        check_unchanged_since(current, filled_at, player, round_no)
        player = form_player(current, player, filled_at)
    by = sent.by if sent is not None else "scorekeeper"
    try:
        state, lay = check_laydown(current, player, words, unused, out, round_no, replace=replace, by=by)
    except LaydownExistsError as exc:
        if laid_again(current, exc.existing, player, words, unused, out, round_no, by):
            raise Unchanged(same_laydown_said(exc.existing, exc.round)) from None  # sent again: nothing to ask
        if not ask:
            raise
        replace = True  # checked as the replacement first: a slip in it is told before any question
        state, lay = check_laydown(current, player, words, unused, out, round_no, replace=replace, by=by)
        # a closed game asks one question (the replacement, changing its final sheet): --yes answers it
        if reply is None and current.finished and not confirmed:
            raise finished_replace_asked(current, exc.existing, exc.round, lay) from None
        if reply is None and not current.finished:
            raise replace_asked(exc.existing, exc.round, lay) from None
        if reply is not None:
            agreed(reply, kept_said(exc.existing))
            confirmed = True
    if current.finished and not confirmed:  # a closed game's final sheet changes only when the table says so
        existing = state.laydowns[lay.player]
        if reply is None:
            raise finished_replace_asked(current, existing, state.number, lay)
        agreed(reply, kept_said(existing))
    refused, dictionary = None, None
    if not unchecked:
        try:
            dictionary = game_dictionary(current) if lay.words else None  # none opened for no word
            refused = refused_words(current, list(lay.words), dictionary, suggest=True)
        except DictionaryError as exc:
            raise DictionaryError(
                "the game's dictionary cannot be opened (", *exc.parts, "): nothing was recorded; ", Remedy("unchecked")
            ) from None
    saved = save_laydown(
        player, words, unused, out, round_no, current.name, replace=replace, filled_at=filled_at, sent=sent
    )
    return LaydownRecorded(saved, refused, dictionary)


def save_laydown(
    player: str,
    words: list[str],
    unused: str,
    out: bool,
    round_no: int | None,
    game: str | None,
    *,
    replace: bool,
    filled_at: int | None = None,
    sent: Sent | None = None,
) -> Saved[LaidDown]:
    """Save a laydown, checked inside the write against the game as it then stands. A
    laydown there already stands (LaydownExistsError) unless ``replace``; one filled in at
    entry ``filled_at`` is refused if the sheet changed under it since (SheetChangedError);
    a form ``sent`` is checked as record_laydown says."""

    def entry(g: Game) -> LaidDown:
        who = player
        if filled_at is not None:
            check_unchanged_since(g, filled_at, player, round_no)
            who = form_player(g, player, filled_at)
        by = sent.by if sent is not None else "scorekeeper"
        return laid_down(g, who, words, unused, out, round_no, replace=replace, by=by)

    return _append(entry, game, sent)


def settle_challenge(
    player: str,
    word: str,
    by: str,
    ruling: Ruling | None,
    round_no: int | None,
    game: str | None,
    dictionary: Dictionary | None = None,
    *,
    confirmed: bool = False,
    sent: Sent | None = None,
    reply: Reply | None = None,
) -> Saved[Challenged]:
    """Settle a challenge by the game's dictionary (``dictionary``, if open already) or a
    table's ruling (``valid`` or ``invalid``, as the command line and play take it), and save it.
    A game the scorekeeper closed is challenged only ``confirmed``: the table is asked
    (QuestionAsked), and ``reply`` is its answer."""
    from qscore.game.closing import FinishedGameChallengeError, check_challenge_allowed

    if reply is not None:
        confirmed = agreed(reply, NOTHING_CHANGED)

    def allowed(g: Game) -> str:
        """The word as laid, once the challenge is right and, in a finished game, the table said so."""
        state, who, laid, challenger = check_challenge(g, player, word, by, round_no)
        try:
            check_challenge_allowed(g, confirmed)
        except FinishedGameChallengeError:
            raise challenge_asked(g, who, laid, challenger, state.number) from None
        return laid

    current = _game_to_write(game, sent.game if sent is not None else None)
    _check_sent(current, sent)
    # a wrong challenge is told before the dictionary, and before a finished game's question
    laid = allowed(current)
    valid, how, reason = challenge_verdict(current, laid, ruling, dictionary)  # judged as it was laid

    def build(g: Game) -> Challenged:
        settled = challenge_settled(g, player, word, by, round_no, valid, how, reason)
        allowed(g)  # closed meanwhile, from another terminal or phone
        return settled

    return _append(build, current.name, sent)


def close_game(game: str | None, sent: Sent | None = None) -> Saved[Closed]:
    """The scorekeeper closes the game: its last round is scored and its challenges are
    settled, so the game is over (until then its sheet says the last round is scored)."""
    from qscore.game.closing import check_close

    return _append(check_close, game, sent)


class UndoneMeanwhileError(GameError):
    """The entry a table was asked about is no longer the last: ``entry`` is the one now."""

    def __init__(self, game: Game, entry: Entry) -> None:
        self.entry = entry
        super().__init__(f"another entry was saved meanwhile in game {quoted(game.name)}: nothing was taken back")


def undo(
    game: str | None,
    *,
    confirmed: bool | int = False,
    entry: int | None = None,
    sent: Sent | None = None,
    ask: bool = False,
    reply: Reply | None = None,
) -> Saved[Undone]:
    """Take back the game's last standing entry; ``undone(saved)`` is the entry taken back.
    A finished game's (any game's, ``ask``) is taken back only once the table says yes to
    that very entry (QuestionAsked; ``reply``, the answer, carries the entry's number).
    With ``entry``, only that entry is taken back (UndoneMeanwhileError if another came
    since the table was asked; answering a question, that one is asked about)."""

    if reply is not None:
        agreed(reply, NOTHING_TAKEN_BACK)
        confirmed = entry = reply.number("entry")
    elif ask:
        current = _game_to_write(game, sent.game if sent is not None else None)
        last = current.entries[check_undo(current, confirmed=True).undoes - 1]  # nothing to undo: said
        raise undo_asked(current, last)

    def build(g: Game) -> Undone:
        try:
            taken = check_undo(g, confirmed=confirmed)
        except FinishedGameUndoError as exc:
            raise undo_asked(g, exc.entry) from None
        if entry is not None and taken.undoes != entry:
            if reply is not None:
                raise undo_asked(g, g.entries[taken.undoes - 1])
            raise UndoneMeanwhileError(g, g.entries[taken.undoes - 1])
        return taken

    return _append(build, game, sent)


def undone(saved: Saved[Undone]) -> Entry:
    """The entry an undo took back."""
    return saved.before.entries[saved.act.undoes - 1]


def rename_player(old: str, new: str, game: str | None, sent: Sent | None = None) -> Saved[Renamed]:
    """Put a player's name right on the whole sheet."""
    return _append(lambda g: check_rename(g, old, new), game, sent)


def leave(
    player: str, bonus: str | None, game: str | None, sent: Sent | None = None, reply: Reply | None = None
) -> Saved[Left]:
    """A player goes home. When two would be left playing both bonuses and none is named,
    the two are asked which one they keep (QuestionAsked; ``reply``, the answer): nothing
    is saved until the table chooses."""

    chosen = reply.answer if reply is not None else bonus
    try:
        return _append(lambda g: check_leave(g, player, chosen), game, sent)
    except BonusChoiceNeeded as exc:
        leaving = _game_to_write(game, sent.game if sent is not None else None).player(player)
        raise bonus_asked(leave_bonus_question(leaving, exc.players)) from None


def rename_game(old: str, new: str) -> str:
    """Give a saved game a new name; returns the old one."""
    return open_store().rename(old, new)


def delete_game(name: str) -> str:
    """Remove a saved game and its whole sheet; returns its name."""
    return open_store().delete(name)
