"""A game's scoresheet, derived from its log of entries.

Nothing typed is ever changed or deleted: a game is the list of what happened
(created, laydown, challenge, rename, leave, undo), and the sheet is replayed from it.
Replacing a laydown is a new laydown entry; taking one back is an undo entry. A rename
changes a player's name on the whole sheet; a leave takes a player out of the rounds
still to come.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from qscore.cards import Card, Deck, fold, format_laid, laid_letters, load_deck, parse_hand, parse_laid_word, points
from qscore.errors import BonusChoiceNeeded, GameError, LaydownExistsError
from qscore.scoring import BONUS_POINTS, BONUS_RULES, Laid, LaidWord, RoundResult, score_round
from qscore.spelling import MIN_CARDS

MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_ROUNDS = 100  # far past any evening's schedule; a sheet of 65,000 rounds took seconds to show


def name_key(name: str) -> str:
    """A player's name as qscore matches it, the way words are matched: without regard
    to case or accents (Zoë, zoe and ZOE are one player)."""
    return fold(name.strip()).casefold()


@dataclass(frozen=True)
class GameConfig:
    """What the table agreed before the first deal; the game remembers it."""

    players: tuple[str, ...]
    deck: str = "standard"
    rounds: tuple[int, ...] = (3, 4, 5, 6, 7, 8, 9, 10)
    bonus: str = "both"
    dictionary: str | None = None
    allow: tuple[str, ...] = ()
    deny: tuple[str, ...] = ()
    first_dealer: int = 0
    bonus_points: int = BONUS_POINTS
    review: bool = True  # the guided mode shows what each round's cards allowed

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if self.review:
            del data["review"]  # left out when on, as it always was: older qscores read the game
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameConfig:
        known = {f.name for f in fields(cls)}
        newer = sorted(data.keys() - known)
        if newer:
            raise GameError(f"this game has settings a newer qscore wrote ({', '.join(newer)}): upgrade qscore")
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**values)

    def check(self) -> None:
        """Refuse a configuration no table could play."""
        names = [name_key(p) for p in self.players]
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            raise GameError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(self.players)}")
        for p in self.players:
            check_player_name(p)
        if len(set(names)) != len(names):
            same = sorted({p for p in self.players if names.count(name_key(p)) > 1})
            raise GameError("two players have the same name: " + ", ".join(same))
        if self.bonus not in BONUS_RULES:
            raise GameError(f"unknown bonus {self.bonus!r}: choose {', '.join(BONUS_RULES)}")
        if self.bonus_points < 1:
            raise GameError(f"a bonus of {self.bonus_points} points: a bonus is worth 1 point at least")
        if len(self.players) == 2 and self.bonus == "both":
            # "If there are only two players, they should decide between them to limit
            # the bonus to either the longest word or the most words."
            raise GameError("two players use one bonus: choose --bonus longest or --bonus most")
        deck = load_deck(self.deck)
        largest = max(deck.rounds)
        for size in self.rounds:
            if not MIN_CARDS <= size <= largest:
                raise GameError(
                    f"a round of {size} card{'s' if size != 1 else ''}: the {deck.key} game deals {MIN_CARDS} to "
                    f"{largest} cards a round (a word takes {MIN_CARDS} cards)"
                )
            if size * len(self.players) + 2 > deck.size:
                raise GameError(f"a round of {size} cards cannot be dealt to {len(self.players)} players")
        if not self.rounds:
            raise GameError("a game needs at least one round")


def check_player_name(name: str) -> None:
    if not name or not name.replace("-", "").replace("_", "").isalnum():
        raise GameError(f"player name {name!r}: use letters and digits")


def parse_rounds(text: str) -> tuple[int, ...]:
    """A round schedule, the cards dealt in each round: ``3-10`` (one round of each size,
    smallest first) or ``3,4,5``."""
    usage = f"rounds {text!r}: give the cards dealt each round, a range such as 3-10 or a list such as 3,4,5"
    try:
        if "-" in text:
            low, high = (int(x) for x in text.split("-", 1))
            count = high - low + 1
        else:
            parts = text.replace(" ", "").split(",")
            count = len(parts)
        if count > MAX_ROUNDS:  # refused before a range or list of that length is made
            raise GameError(
                f"{count:,} rounds asked for: a game has at most {MAX_ROUNDS} (the rules' schedules have 4 to 10)"
            )
        sizes = tuple(range(low, high + 1)) if "-" in text else tuple(int(x) for x in parts)
    except ValueError:
        raise GameError(usage) from None
    if not sizes:
        raise GameError(usage)
    return sizes


@dataclass(frozen=True)
class Entry:
    """One line of a game's log."""

    seq: int
    kind: str
    data: dict[str, Any]


@dataclass(frozen=True)
class Laydown:
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


@dataclass(frozen=True)
class Challenge:
    player: str  # whose word
    word: str  # laid notation, as in the laydown
    by: str
    valid: bool  # the ruling: True when the word is allowable
    ruling: str  # "dictionary" or "table"


@dataclass
class RoundState:
    number: int
    hand_size: int
    dealer: str
    starts: str
    players: tuple[str, ...]  # who plays the round: everyone who has not left
    bonus: str  # the bonus rule in play (a leave down to two players may change it)
    laydowns: dict[str, Laydown] = field(default_factory=dict)
    challenges: list[Challenge] = field(default_factory=list)
    results: dict[str, RoundResult] | None = None

    @property
    def closed(self) -> bool:
        return self.results is not None


# An older qscore refuses a log holding a kind it does not know, rather than misread it.
KINDS = ("created", "laydown", "challenge", "rename", "leave", "undo")


def _seat(names: list[str], name: str) -> int:
    """The seat of a player by the name an entry gave them."""
    return [p.lower() for p in names].index(name.lower())


def effective(entries: Sequence[Entry]) -> list[Entry]:
    """The entries that stand: undo entries and what they took back are left out."""
    undone = {e.data["undoes"] for e in entries if e.kind == "undo"}
    return [e for e in entries if e.kind != "undo" and e.seq not in undone]


class Game:
    """A game's state, replayed from its entries."""

    def __init__(self, name: str, entries: Sequence[Entry]) -> None:
        self.name = name
        self.entries = list(entries)
        unknown = sorted({e.kind for e in entries} - set(KINDS))
        if unknown:
            raise GameError(f"game {name!r} holds entries a newer qscore wrote ({', '.join(unknown)}): upgrade qscore")
        if not entries or entries[0].kind != "created":
            raise GameError(f"game {name!r} has no start entry")
        try:
            self._replay()
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise GameError(f"game {name!r} has a damaged entry ({exc!r}): its log cannot be read") from None

    def _replay(self) -> None:
        self.config = GameConfig.from_json(self.entries[0].data)
        self.deck: Deck = load_deck(self.config.deck)
        # Entries name players as they were called when written; a rename changes the
        # name from then on, so names are followed by seat while the log is read.
        names = list(self.config.players)
        left: dict[int, tuple[int, bool]] = {}  # seat -> (first round not played, round under way)
        bonus_from: list[tuple[int, str]] = []
        laid: list[tuple[int, int, Entry]] = []
        challenged: list[tuple[int, int, int, Entry]] = []
        for e in effective(self.entries)[1:]:
            d = e.data
            if e.kind == "rename":
                names[_seat(names, d["old"])] = d["new"]
            elif e.kind == "leave":
                left[_seat(names, d["player"])] = (d["round"], d["under_way"])
                if d.get("bonus"):
                    bonus_from.append((d["round"], d["bonus"]))
            elif e.kind == "laydown":
                laid.append((d["round"], _seat(names, d["player"]), e))
            elif e.kind == "challenge":
                challenged.append((d["round"], _seat(names, d["player"]), _seat(names, d["by"]), e))
        self._players = tuple(names)
        self.left = {names[seat]: r for seat, (r, _) in sorted(left.items())}
        self.rounds = self._deal(names, left, bonus_from)
        for number, seat, e in laid:
            d = e.data
            lay = Laydown(names[seat], tuple(d["words"]), tuple(d["unused"]), d["out"])
            self.rounds[number - 1].laydowns[lay.player] = lay
        for number, seat, by, e in challenged:
            d = e.data
            ch = Challenge(names[seat], d["word"], names[by], d["valid"], d["ruling"])
            self.rounds[number - 1].challenges.append(ch)
        for state in self.rounds:
            state.challenges = self._standing_challenges(state)
            if all(p in state.laydowns for p in state.players):
                state.results = score_round(self._laid(state), BONUS_RULES[state.bonus], self.config.bonus_points)

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
        return self.current is None

    def totals(self) -> dict[str, int]:
        return {
            p: sum(r.results[p].score for r in self.rounds if r.results is not None and p in r.results)
            for p in self.players
        }

    def leaders(self) -> list[str]:
        totals = self.totals()
        top = max(totals.values())
        return [p for p in self.players if totals[p] == top]

    def round_reached(self) -> int:
        current = self.current
        return len(self.rounds) if current is None else current.number

    def laid(self, state: RoundState) -> dict[str, Laid]:
        """A closed round's laydowns as cards, with its challenges applied."""
        return self._laid(state)

    def _laid(self, state: RoundState) -> dict[str, Laid]:
        """The round's laydowns as cards, with challenges applied."""
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
            laid[p] = Laid(tuple(words), unused, penalty[p])
        return laid

    def _cards_of(self, lay: Laydown) -> list[Card]:
        words = [c for w in lay.words for c in parse_laid_word(w, self.deck)]
        return words + (parse_hand(lay.unused, self.deck, what="unused cards") if lay.unused else [])

    @staticmethod
    def _standing_challenges(state: RoundState) -> list[Challenge]:
        """Challenges whose word is still in the owner's laydown (a re-score may remove it)."""
        left = {p: list(lay.words) for p, lay in state.laydowns.items()}
        out = []
        for ch in state.challenges:
            if ch.word in left.get(ch.player, []):
                left[ch.player].remove(ch.word)
                out.append(ch)
        return out

    def summary(self) -> dict[str, Any]:
        """The whole sheet as plain data: what ``sheet --json`` and the exports hold."""
        totals = self.totals()
        leaders = self.leaders()
        return {
            "game": self.name,
            "players": list(self.players),
            "deck": self.config.deck,
            "bonus": self.config.bonus,
            "bonus_points": self.config.bonus_points if self.config.bonus != "none" else None,
            "dictionary": self.config.dictionary or "everyday",
            "rounds": [self._round_summary(r) for r in self.rounds],
            "totals": totals,
            "left": self.left,
            "leaders": leaders,
            "over": self.over,
            "winner": leaders[0] if self.over and len(leaders) == 1 else None,
        }

    def _round_summary(self, state: RoundState) -> dict[str, Any]:
        results = state.results or {}
        laid = self._laid(state) if state.closed else {}
        detail: dict[str, Any] = {}
        for p in self.players:
            lay = state.laydowns.get(p)
            if lay is None:
                detail[p] = None
                continue
            row: dict[str, Any] = {
                "words": list(lay.words),
                "unused": list(lay.unused),
                "out": lay.out,
            }
            if p in results:
                r = results[p]
                row |= {
                    "struck": [text for text, w in zip(lay.words, laid[p].words, strict=True) if w.struck],
                    "word_points": r.word_points,
                    "unused_points": r.unused_points,
                    "penalty": r.penalty,
                    "hand_score": r.hand_score,
                    "bonuses": list(r.bonuses),
                    "score": r.score,
                }
            detail[p] = row
        return {
            "number": state.number,
            "hand_size": state.hand_size,
            "dealer": state.dealer,
            "starts": state.starts,
            "playing": list(state.players),
            "bonus": state.bonus,
            "closed": state.closed,
            "scores": {p: results[p].score if p in results else None for p in self.players},
            "players": detail,
            "challenges": [
                {"player": c.player, "word": c.word, "by": c.by, "valid": c.valid, "ruling": c.ruling}
                for c in state.challenges
            ],
        }

    # --- checking what the scorekeeper types ----------------------------------

    def player(self, name: str) -> str:
        """The player named, matched without regard to case or accents. (A game started
        before accents were folded may hold Zoe and Zoë: there the spelling typed decides.)"""
        found = [p for p in self.players if name_key(p) == name_key(name)]
        if len(found) > 1:
            exact = [p for p in found if p.lower() == name.strip().lower()]
            if not exact:
                raise GameError(f"{name.strip()!r} could be {' or '.join(found)}: type the name as the sheet shows it")
            found = exact
        if found:
            return found[0]
        raise GameError(f"no player {name!r} in game {self.name!r}: players are {', '.join(self.players)}")

    def round(self, number: int | None) -> RoundState:
        """Round ``number``, or the current one; a round not yet reached is an error."""
        current = self.current
        if number is None:
            if current is None:
                scored = "its 1 round is" if len(self.rounds) == 1 else f"all {len(self.rounds)} rounds are"
                raise GameError(f"game {self.name!r} is over: {scored} scored (use --round N to correct one)")
            return current
        if not 1 <= number <= len(self.rounds):
            raise GameError(f"no round {number}: game {self.name!r} has rounds 1 to {len(self.rounds)}")
        if current is not None and number > current.number:
            raise GameError(f"round {number} has not started: the current round is {current.number}")
        return self.rounds[number - 1]

    def playing(self, who: str, state: RoundState) -> None:
        """Refuse a player who was not at the table for a round."""
        if who not in state.players:
            raise GameError(f"{who} left the game before round {self.left[who]}, so is not in round {state.number}")

    def check_words(
        self, player: str, words: Iterable[str], round_no: int | None = None
    ) -> tuple[RoundState, str, list[list[Card]]]:
        """A player's words, checked before the rest of the laydown: each word's cards and the deck."""
        who = self.player(player)
        state = self.round(round_no)
        self.playing(who, state)
        laid = []
        for text in words:
            cards = parse_laid_word(text, self.deck)
            if len(cards) < MIN_CARDS:
                raise GameError(f"{text!r} is one card: a word takes at least {MIN_CARDS} cards")
            laid.append(cards)
        self._check_deck(state, who, [c for w in laid for c in w])
        return state, who, laid

    def _check_deck(self, state: RoundState, who: str, cards: list[Card]) -> None:
        """A laydown holds no more copies of a card than the deck, nor do a round's laydowns together."""
        self.deck.check_counts(cards, f"laydown of {who}")
        # the hands of a round come from one deck
        others = [c for p, lay in state.laydowns.items() if p != who for c in self._cards_of(lay)]
        self.deck.check_counts(cards + others, f"laydowns of round {state.number}")

    def check_laydown(
        self,
        player: str,
        words: Iterable[str],
        unused: str,
        out: bool,
        round_no: int | None = None,
        *,
        replace: bool = False,
    ) -> tuple[RoundState, Laydown]:
        """A laydown put right (canonical names and notation), or the error a table would point out.

        A player who has laid down in that round already is refused with
        LaydownExistsError unless ``replace`` is given.
        """
        who = self.player(player)
        state = self.round(round_no)
        self.playing(who, state)
        existing = state.laydowns.get(who)
        if existing is not None and not replace:
            raise LaydownExistsError(existing, state.number)
        _, _, laid = self.check_words(who, words, round_no)
        left = parse_hand(unused, self.deck, what="unused cards") if unused.strip() else []
        every = [c for w in laid for c in w] + left
        self._check_deck(state, who, every)
        if len(every) != state.hand_size:
            earlier = [r.number for r in self.rounds[: state.number - 1] if r.hand_size == len(every)]
            hint = f" (for round {earlier[-1]}, add --round {earlier[-1]})" if earlier and round_no is None else ""
            raise GameError(
                f"{who}'s laydown has {len(every)} cards ({len(every) - len(left)} in words, {len(left)} unused), "
                f"but round {state.number} is dealt {state.hand_size}{hint}"
            )
        if out and left:
            given = "1 is" if len(left) == 1 else f"{len(left)} are"
            raise GameError(f"{who} went out, so has no unused cards, but {given} given")
        if out:
            gone = [p for p, lay in state.laydowns.items() if lay.out and p != who]
            if gone:
                raise GameError(f"{gone[0]} already went out in round {state.number}")
        lay = Laydown(who, tuple(format_laid(w) for w in laid), tuple(c.token for c in left), out)
        return state, lay

    def check_challenge(
        self, player: str, word: str, by: str, round_no: int | None = None
    ) -> tuple[RoundState, str, str, str]:
        """The round, owner, word (as laid) and challenger of a challenge, or the error."""
        who, challenger = self.player(player), self.player(by)
        if who == challenger:
            raise GameError(f"{who} cannot challenge their own word")
        if round_no is None:
            laid_in = [r for r in self.rounds if who in r.laydowns]
            if not laid_in:
                raise GameError(f"{who} has laid nothing down yet")
            state = laid_in[-1]
        else:
            state = self.round(round_no)
        self.playing(challenger, state)
        lay = state.laydowns.get(who)
        letters = laid_letters(word)
        matches = [w for w in (lay.words if lay else ()) if laid_letters(w) == letters]
        if not matches:
            raise GameError(f"{who} laid no word {word!r} in round {state.number}")
        taken = [c.word for c in state.challenges if c.player == who]
        free = [w for w in matches if taken.count(w) < matches.count(w)]
        if not free:
            raise GameError(f"{who}'s {letters!r} in round {state.number} was already challenged")
        return state, who, free[0], challenger

    def check_rename(self, old: str, new: str) -> dict[str, Any]:
        """A rename entry's data: a player's name put right on the whole sheet."""
        who = self.player(old)
        new = new.strip()
        check_player_name(new)
        if new == who:
            raise GameError(f"{who} is called {new} already")
        clash = [p for p in self.players if p != who and name_key(p) == name_key(new)]
        if clash:
            raise GameError(f"there is a player called {clash[0]} already in game {self.name!r}")
        return {"old": who, "new": new}

    def check_leave(self, player: str, bonus: str | None = None) -> dict[str, Any]:
        """A leave entry's data: who goes home, the first round they miss, and the bonus from then.

        A player who has laid down in the round under way leaves after it; one who has
        not is out of it, and it closes when the others have laid down.
        """
        who = self.player(player)
        if who in self.left:
            raise GameError(f"{who} left the game already, before round {self.left[who]}")
        state = self.current
        if state is None:
            raise GameError(f"game {self.name!r} is over: nobody leaves a finished game")
        staying = [p for p in self.still_in if p != who]
        if len(staying) < MIN_PLAYERS:
            raise GameError(
                f"{who} cannot leave: a game needs {MIN_PLAYERS} players, and only {staying[0]} would be left "
                "(the sheet keeps the scores as they are)"
            )
        first = state.number + 1 if who in state.laydowns else state.number
        # under way: others have laid down in the round they sit out, so they were dealt in
        under_way = first == state.number and bool(state.laydowns)
        data: dict[str, Any] = {"player": who, "round": first, "under_way": under_way}
        if first > len(self.rounds):
            return data  # they leave after the last round: nothing changes
        in_force = self.rounds[first - 1].bonus
        if bonus is not None:
            bonus = bonus.strip().lower()
            if bonus not in BONUS_RULES:
                raise GameError(f"unknown bonus {bonus!r}: choose {', '.join(BONUS_RULES)}")
            data["bonus"] = bonus
            in_force = bonus
        if len(staying) == 2 and in_force == "both":
            raise BonusChoiceNeeded(
                f"with {who} gone, {' and '.join(staying)} play on as two and use one bonus: "
                "choose --bonus longest or --bonus most"
            )
        return data

    def describe(self, entry: Entry) -> str:
        """One line a person reads: what an entry recorded."""
        d = entry.data
        if entry.kind == "laydown":
            lay = Laydown(d["player"], tuple(d["words"]), tuple(d["unused"]), d["out"])
            return f"{d['player']}'s laydown in round {d['round']}: {lay.text()}"
        if entry.kind == "challenge":
            verdict = "allowed" if d["valid"] else "not allowed"
            return f"{d['by']}'s challenge of {d['player']}'s {d['word']} in round {d['round']} ({verdict})"
        if entry.kind == "rename":
            return f"the renaming of {d['old']} to {d['new']}"
        if entry.kind == "leave":
            return f"{d['player']}'s leaving before round {d['round']}"
        return f"{entry.kind} entry {entry.seq}"
