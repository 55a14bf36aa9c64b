"""A game's scoresheet, replayed from its log of entries (qscore.game.entries).

Replacing a laydown is a new laydown entry; taking one back is an undo entry. A rename
changes a player's name on the whole sheet; a leave takes a player out of the rounds
still to come.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from qscore.errors import GameError, Remedy, quoted
from qscore.game.cards import Deck, game_deck, laid_letters, parse_hand, parse_laid_word, points
from qscore.game.entries import (
    Challenged,
    Closed,
    Created,
    Entry,
    LaidDown,
    Left,
    LogLine,
    Renamed,
    Undone,
    read_entries,
)
from qscore.game.names import name_key as name_key  # where the scoresheet's readers look for it
from qscore.game.names import nearest_name
from qscore.game.scoring import BONUS_RULES, LaidWord, PlayedHand, RoundResult, score_round

if TYPE_CHECKING:
    from qscore.game.entries import GameConfig
    from qscore.game.variants import Rules

MIN_PLAYERS, MAX_PLAYERS = 2, 8


class Laydown(NamedTuple):
    """A player's laydown as typed: words in laid notation, unused card tokens."""

    player: str
    words: tuple[str, ...]
    unused: tuple[str, ...]
    out: bool = False

    def text(self) -> str:
        """What was laid, in a few words: ``cat (went out)``, ``at (unused E)``."""
        words = " ".join(self.words) or "no words"
        if self.out:
            return f"{words} (went out)"
        return f"{words} (unused {' '.join(self.unused)})" if self.unused else words


class Challenge(NamedTuple):
    player: str  # whose word
    word: str  # laid notation, as in the laydown
    by: str
    valid: bool  # the ruling: True when the word is allowable
    ruling: str  # "dictionary" or "table"
    reason: str | None = None  # the dictionary's reason, kept where the game's rules allowed it still (a name)


class RoundState:
    """A round of the sheet as the log has it so far: who plays it, its laydowns and
    challenges, and once every player has laid down, its results."""

    def __init__(self, number: int, hand_size: int, dealer: str, starts: str, players: tuple[str, ...], bonus: str):
        self.number = number
        self.hand_size = hand_size
        self.dealer = dealer
        self.starts = starts
        self.players = players  # who plays the round: everyone who has not left
        self.bonus = bonus  # the bonus rule in play (a leave down to two players may change it)
        self.laydowns: dict[str, Laydown] = {}
        self.challenges: list[Challenge] = []
        self.results: dict[str, RoundResult] | None = None
        # its laydowns as cards, challenges applied, once it is closed (Game.laid)
        self.hands: dict[str, PlayedHand] | None = None

    @property
    def closed(self) -> bool:
        return self.results is not None


def _seat(names: list[str], name: str) -> int:
    """The seat of a player by the name an entry gave them."""
    return [p.lower() for p in names].index(name.lower())


def _seats(names: list[str]) -> dict[str, int]:
    """Each seat by its player's name in lower case (the first seat of a name, as ``_seat`` finds it)."""
    seats: dict[str, int] = {}
    for i, p in enumerate(names):
        seats.setdefault(p.lower(), i)
    return seats


def challenges_gone(before: Game, after: Game, number: int) -> list[Challenge]:
    """The challenges of round ``number`` that stood ``before`` and stand no more ``after``
    (a laydown replaced without the word took its challenge with it). A challenge is the
    same while its word's letters are: the cards it is laid in may change."""

    def key(c: Challenge) -> tuple[str, str, str, bool, str]:
        return c.player, laid_letters(c.word), c.by, c.valid, c.ruling

    if number > min(len(before.rounds), len(after.rounds)):
        return []
    now = [key(c) for c in after.rounds[number - 1].challenges]
    gone = []
    for c in before.rounds[number - 1].challenges:
        if key(c) in now:
            now.remove(key(c))
        else:
            gone.append(c)
    return gone


def challenges_back(undone: Game, number: int) -> list[Challenge]:
    """The challenges of round ``number`` that an undo, the game's last entry, brought back
    (a laydown taken back had dropped them; the one standing again keeps them)."""
    return challenges_gone(undone, Game(undone.name, undone.entries[:-1]), number)


def past_last_round(game: Game) -> str:
    """Where a game with every round scored stands, as a refusal says it: ``game 'fri' is
    over`` once the scorekeeper closed it; before, its last round's challenges may still
    come: ``every round of game 'fri' is scored``."""
    return (
        f"game {quoted(game.name)} is over" if game.finished else f"every round of game {quoted(game.name)} is scored"
    )


def effective(entries: Sequence[Entry]) -> list[Entry]:
    """The entries that stand: undo entries and what they took back are left out."""
    undone = {e.act.undoes for e in entries if isinstance(e.act, Undone)}
    return [e for e in entries if not isinstance(e.act, Undone) and e.seq not in undone]


class Replay:
    """What a game's log adds up to before its rounds are dealt and scored: each seat's
    name, who left and when, the bonus chosen from a round on, the laydown that stands for
    each round and seat, and the challenges."""

    def __init__(self, config: GameConfig, entries: Sequence[Entry]) -> None:
        self.names = list(config.players)
        self.seats = _seats(self.names)
        self.left: dict[int, tuple[int, bool]] = {}  # seat -> (first round not played, round under way)
        self.bonus_from: list[tuple[int, str]] = []
        # (round, seat) -> the laydown that stands, in the order each was first laid down:
        # a later one replaces an earlier in place, as the rounds' laydowns keep them
        self.laid: dict[tuple[int, int], LaidDown] = {}
        self.challenged: list[tuple[int, int, Challenged]] = []
        self.closed = False  # the scorekeeper closed the game after its last round
        for e in effective(entries)[1:]:
            self._fold(e)

    def _seat_of(self, name: str) -> int:
        # a long log names a seat many times: looked up, not searched
        found = self.seats.get(name.lower())
        return found if found is not None else _seat(self.names, name)

    def _fold(self, e: Entry) -> None:
        match e.act:
            case Renamed(old=old, new=new):
                self.names[self._seat_of(old)] = new
                self.seats = _seats(self.names)
            case Left() as gone:
                self.left[self._seat_of(gone.player)] = (gone.round, gone.under_way)
                if gone.bonus:
                    self.bonus_from.append((gone.round, gone.bonus))
            case LaidDown() as down:
                self.laid[(down.round, self._seat_of(down.player))] = down
            case Challenged() as ch:
                self.challenged.append((self._seat_of(ch.player), self._seat_of(ch.by), ch))
            case Closed():
                self.closed = True


class Game:
    """A game's state, replayed from its entries."""

    def __init__(self, name: str, entries: Sequence[Entry]) -> None:
        self.name = name
        self.entries = list(entries)
        if not entries or not isinstance(entries[0].act, Created):
            raise GameError(f"game {name!r} has no start entry")
        self.config = entries[0].act.config
        try:
            self._settle(Replay(self.config, self.entries))
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise GameError(f"game {self.name!r} has a damaged entry ({exc!r}): its log cannot be read") from None

    @classmethod
    def from_log(cls, name: str, lines: Sequence[LogLine | tuple[int, str, object]]) -> Game:
        """A game replayed from its log as the games file keeps it (each entry's number, kind and data)."""
        return cls(name, read_entries(name, [LogLine(*line) for line in lines]))

    def then(self, entry: Entry) -> Game:
        """The game with ``entry``, the next in its log, added."""
        return Game(self.name, [*self.entries, entry])

    @property
    def last(self) -> int:
        """The number of the log's last entry."""
        return self.entries[-1].seq

    def _settle(self, replay: Replay) -> None:
        """The rounds dealt, laid and scored from what the log added up to."""
        self.deck: Deck = game_deck(self.config.deck, self.config.cards, self.config.rounds)
        self.rules: Rules = self.config.rules  # what scores its rounds and judges its entries
        names = replay.names
        self._players = tuple(names)
        self.left = {names[seat]: r for seat, (r, _) in sorted(replay.left.items())}
        self._closed = replay.closed
        self.rounds = self._deal(names, replay.left, replay.bonus_from)
        for (_, seat), down in replay.laid.items():
            self.rounds[down.round - 1].laydowns[names[seat]] = Laydown(names[seat], down.words, down.unused, down.out)
        for seat, by, ch in replay.challenged:
            challenge = Challenge(names[seat], ch.word, names[by], ch.valid, ch.ruling, ch.reason if ch.valid else None)
            self.rounds[ch.round - 1].challenges.append(challenge)
        for state in self.rounds:
            state.challenges = self._standing_challenges(state)
            if all(p in state.laydowns for p in state.players):
                state.hands = self._parsed(state)
                state.results = score_round(state.hands, BONUS_RULES[state.bonus], self.config.bonus_points, self.rules)

    def _deal(
        self, names: list[str], left: dict[int, tuple[int, bool]], bonus_from: list[tuple[int, str]]
    ) -> list[RoundState]:
        """Who deals, starts and plays each round: the deal passes left to the next player still in."""
        n = len(names)
        never = (len(self.config.rounds) + 1, False)
        rounds = []
        dealer = self.config.first_dealer - 1
        for number, size in enumerate(self.config.rounds, 1):
            playing = [s for s in range(n) if left.get(s, never)[0] > number]
            # a player who left in a round already under way was there for its deal
            dealt = [s for s in range(n) if s in playing or left.get(s, never) == (number, True)]
            dealer = next((dealer + k) % n for k in range(1, n + 1) if (dealer + k) % n in dealt)
            starts = next((dealer + k) % n for k in range(1, n + 1) if (dealer + k) % n in playing)
            bonus = self.config.bonus
            for first, chosen in bonus_from:
                if first <= number:
                    bonus = chosen
            rounds.append(
                RoundState(number, size, names[dealer], names[starts], tuple(names[s] for s in playing), bonus)
            )
        return rounds

    # --- reading the sheet ---------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone on the sheet, in seating order, by their current names (those who left too)."""
        return self._players

    @property
    def still_in(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p not in self.left)

    @property
    def current(self) -> RoundState | None:
        """The first round not yet closed; None when the game is over."""
        return next((r for r in self.rounds if not r.closed), None)

    @property
    def over(self) -> bool:
        """Every round scored: no laydown is asked for (the last round's challenges may still come)."""
        return self.current is None

    @property
    def finished(self) -> bool:
        """The game is over: every round scored and the scorekeeper closed it once the last
        round's challenges were settled (RULES.md: a challenge comes before the cards are gathered)."""
        return self._closed and self.current is None

    def totals(self) -> dict[str, int]:
        return {
            p: sum(r.results[p].score for r in self.rounds if r.results is not None and p in r.results)
            for p in self.players
        }

    def leaders(self) -> list[str]:
        """Who leads: the highest total among the players still in. A player who left keeps
        their total on the sheet, but a game is led, and won, by those who play it to the end
        (as `stats` counts a win)."""
        totals = self.totals()
        among = self.still_in or self.players
        top = max(totals[p] for p in among)
        return [p for p in among if totals[p] == top]

    @property
    def winner(self) -> str | None:
        """The sole leader once every round is scored (``leaders``: among those who played to
        the end); None before, and on a tie."""
        leaders = self.leaders()
        return leaders[0] if self.over and len(leaders) == 1 else None

    def round_reached(self) -> int:
        current = self.current
        return len(self.rounds) if current is None else current.number

    def laid(self, state: RoundState) -> dict[str, PlayedHand]:
        """A round's laydowns as cards, with its challenges applied (every player of the round
        has laid down): parsed once, as the round closed, for its score, the sheet, the figures
        and the review alike (not to be changed)."""
        return state.hands if state.hands is not None else self._parsed(state)

    def _parsed(self, state: RoundState) -> dict[str, PlayedHand]:
        struck: dict[str, list[str]] = {p: [] for p in state.players}
        penalty = dict.fromkeys(state.players, 0)
        for ch in state.challenges:
            if ch.valid:
                penalty[ch.by] += points(parse_laid_word(ch.word, self.deck))
            else:
                struck[ch.player].append(ch.word)
        laid = {}
        for p in state.players:
            lay = state.laydowns[p]
            words = []
            for w in lay.words:
                hit = w in struck[p]
                if hit:
                    struck[p].remove(w)
                words.append(LaidWord(tuple(parse_laid_word(w, self.deck)), struck=hit))
            unused = tuple(parse_hand(lay.unused, self.deck, what="unused cards")) if lay.unused else ()
            laid[p] = PlayedHand(tuple(words), unused, penalty[p])
        return laid

    @staticmethod
    def _standing_challenges(state: RoundState) -> list[Challenge]:
        """Challenges whose word is still in the owner's laydown (a re-score may remove it).
        The word is its letters: laid again in other cards (``queen`` as ``(qu)een``), the
        challenge stands on the word as laid now, and its points are those cards'."""
        left = {p: list(lay.words) for p, lay in state.laydowns.items()}
        out = []
        for ch in state.challenges:
            words = left.get(ch.player, [])
            letters = laid_letters(ch.word)
            laid = ch.word if ch.word in words else next((w for w in words if laid_letters(w) == letters), None)
            if laid is not None:
                words.remove(laid)
                out.append(ch._replace(word=laid))
        return out

    # --- finding a player or a round (the rules of an entry: qscore.game.rules) ---

    def player(self, name: str) -> str:
        """The player named, matched without regard to case or accents. (A game started
        before accents were folded may hold Zoe and Zoë: there the spelling typed decides.)"""
        found = [p for p in self.players if name_key(p) == name_key(name)]
        if len(found) > 1:
            exact = [p for p in found if p.lower() == name.strip().lower()]
            if not exact:
                raise GameError(
                    f"{quoted(name.strip())} could be {' or '.join(found)}: type the name as the sheet shows it"
                )
            found = exact
        if found:
            return found[0]
        near = self.nearest_player(name)
        meant = f" (did you mean {near}?)" if near else ""
        raise GameError(
            f"no player {quoted(name)} in game {quoted(self.name)}: players are {', '.join(self.players)}{meant}"
        )

    def now_called(self, name: str, since: int | None = None) -> str | None:
        """Who ``name`` is now: the player in the seat it named when ``since`` was the log's
        last entry (a rename since followed, one taken back since undone with it); ``since``
        unknown, a player of that name, or the seat it named at the start. None: no seat."""
        if since is None:
            if name in self.players:
                return name
            since = 1
        seat = _seats(Replay(self.config, self.entries[:since]).names).get(name.lower())
        return None if seat is None else self.players[seat]

    def nearest_player(self, name: str) -> str | None:
        """The player a name misspells (bne: ben), found as a misspelt command is (difflib), or None."""
        return nearest_name(name, self.players)

    def round(self, number: int | None) -> RoundState:
        """Round ``number``, or the current one; a round not yet reached is an error."""
        current = self.current
        if number is None:
            if current is None:
                if not self.finished:
                    raise GameError(f"{past_last_round(self)} (", Remedy("correct-round"), ")")
                scored = "its 1 round is" if len(self.rounds) == 1 else f"all {len(self.rounds)} rounds are"
                raise GameError(f"game {quoted(self.name)} is over: {scored} scored (", Remedy("correct-round"), ")")
            return current
        if not 1 <= number <= len(self.rounds):
            raise GameError(f"no round {number}: game {quoted(self.name)} has rounds 1 to {len(self.rounds)}")
        if current is not None and number > current.number:
            raise GameError(f"round {number} has not started: the current round is {current.number}")
        return self.rounds[number - 1]
