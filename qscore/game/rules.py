"""The rules that judge what the scorekeeper types: a new game's settings, a laydown, a
challenge, a rename, a leave, an undo.

Each check reads a replayed Game and returns the entry put right (canonical names and
notation, as a typed entry of qscore.game.entries), or raises the GameError a table would
point out. Nothing here writes: the application layer (qscore.scorekeeper) runs these
checks again inside each write.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from qscore.errors import BonusChoiceNeeded, GameError, OneCardWordError, QscoreError, Remedy, quoted
from qscore.game.cards import Card, format_laid, game_deck, laid_letters, parse_hand, parse_laid_word, parse_unused
from qscore.game.choices import Asker
from qscore.game.doubles import could_drop, fitting_text, respell
from qscore.game.entries import Challenged, Entry, GameConfig, LaidDown, Left, Renamed, Undone
from qscore.game.names import check_player_name, letters_told, look_alike_key
from qscore.game.scoresheet import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Game,
    Laydown,
    RoundState,
    effective,
    name_key,
    past_last_round,
)
from qscore.game.scoring import BONUS_POINTS, BONUS_RULES
from qscore.game.spelling import MIN_CARDS

# two players choose one bonus (the rule sheet: "If there are only two players, they should
# decide between them to limit the bonus to either the longest word or the most words.")
TWO_PLAYERS_CHOOSE = ("two players use one bonus: ", Remedy("choose-bonus"))

MAX_ROUNDS = 100  # far past any evening's schedule; a sheet of 65,000 rounds took seconds to show
# ten times the rules' bonus, past any house rule; a bonus of 4,300 digits made a total no
# figure could be kept of, so the round could never close
MAX_BONUS_POINTS = 100


class LaydownExistsError(GameError):
    """The player has a laydown in that round already, and replacing it was not asked for.

    ``existing`` is the laydown that stands and ``round`` its round: the remedy is to
    replace it; ``play`` can ask instead.
    """

    def __init__(self, existing: Laydown, round_no: int) -> None:
        self.existing = existing
        self.round = round_no
        super().__init__(f"{existing.player} already laid {existing.text()} in round {round_no}: ", Remedy("replace"))


class FinishedGameUndoError(GameError):
    """An undo would change a finished game, and the table did not say it means to.

    ``entry`` is the entry it would take back, of the game named ``game``: a face names it
    when it asks (the command line on a terminal, ``play``), then confirms that entry by
    its number.
    """

    def __init__(self, game: Game, entry: Entry) -> None:
        self.game = game.name
        self.entry = entry
        self.closed = game.finished  # else every round is scored, the last one's challenges open
        super().__init__(f"{past_last_round(game)}: an undo would change its final sheet; ", Remedy("undo-finished"))


class ScorekeepersOnlyError(GameError):
    """A laydown the table's page asked for in a closed round (``round``), or in a game the
    scorekeeper closed (``game_closed``): a closed round is the scorekeeper's to change."""

    def __init__(self, game: Game, round_no: int) -> None:
        self.round, self.game_closed = round_no, game.finished
        what = f"game {quoted(game.name)} is closed" if game.finished else f"round {round_no} is closed"
        super().__init__(f"{what}: ", Remedy("replace", round_no))


def check_players(players: Sequence[str]) -> None:
    """Refuse a list of players no table could seat: too few or too many, a name that is
    no name, two names that read the same."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise GameError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}")
    for p in players:
        check_player_name(p)
    names = [name_key(p) for p in players]
    if len(set(names)) != len(names):
        same = sorted({p for p in players if names.count(name_key(p)) > 1})
        raise GameError("two players have the same name: " + ", ".join(same))
    looks = [look_alike_key(p) for p in players]
    for i, p in enumerate(players):
        if looks[i] in looks[:i]:
            other = players[looks.index(looks[i])]
            raise GameError(
                f"two players' names look alike: {quoted(other)} and {quoted(p)}{letters_told(other, p)}: "
                "the sheet could not tell them apart; write one another way"
            )


def check_config(config: GameConfig) -> None:
    """Refuse a configuration no table could play."""
    check_players(config.players)
    if config.bonus not in BONUS_RULES:
        raise GameError(f"unknown bonus {quoted(config.bonus)}: choose {', '.join(BONUS_RULES)}")
    if config.bonus_points < 1:
        raise GameError(f"a bonus of {config.bonus_points} points: a bonus is worth 1 point at least")
    if config.bonus_points > MAX_BONUS_POINTS:
        raise GameError(  # not the number typed: a typo may hold thousands of digits
            f"a bonus of more than {MAX_BONUS_POINTS} points: a bonus is worth {MAX_BONUS_POINTS} at most "
            f"(the rules give {BONUS_POINTS})"
        )
    if len(config.players) == 2 and config.bonus == "both":
        # "If there are only two players, they should decide between them to limit
        # the bonus to either the longest word or the most words."
        raise GameError(*TWO_PLAYERS_CHOOSE)
    rules = config.rules
    deck = game_deck(config.deck, config.cards, config.rounds)
    # a round deals MIN_CARDS at least, and no more than the rules' largest round (the
    # shipped decks' rounds are their rules'; a table's deck is dealt as the rules say)
    largest = max(rules.rounds)
    for size in config.rounds:
        if not MIN_CARDS <= size <= largest:
            why = f" (a word takes {rules.min_cards} cards)" if rules.min_cards >= MIN_CARDS else ""
            raise GameError(
                f"a round of {size} card{'s' if size != 1 else ''}: the {rules.name} game deals {MIN_CARDS} to "
                f"{largest} cards a round{why}"
            )
        if size * len(config.players) + 2 > deck.size:
            raise GameError(f"a round of {size} cards cannot be dealt to {len(config.players)} players")
    if not config.rounds:
        raise GameError("a game needs at least one round")


def parse_rounds(text: str) -> tuple[int, ...]:
    """A round schedule, the cards dealt in each round: ``3-10`` (one round of each size,
    smallest first) or ``3,4,5``."""
    usage = f"rounds {quoted(text)}: give the cards dealt each round, a range such as 3-10 or a list such as 3,4,5"
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


def cards_of(game: Game, lay: Laydown) -> list[Card]:
    words = [c for w in lay.words for c in parse_laid_word(w, game.deck)]
    return words + (parse_hand(lay.unused, game.deck, what="unused cards") if lay.unused else [])


def playing(game: Game, who: str, state: RoundState) -> None:
    """Refuse a player who was not at the table for a round."""
    if who not in state.players:
        raise GameError(f"{who} left the game before round {game.left[who]}, so is not in round {state.number}")


def check_words(
    game: Game, player: str, words: Iterable[str], round_no: int | None = None
) -> tuple[RoundState, str, list[list[Card]]]:
    """A player's words, checked before the rest of the laydown: each word's cards and the deck."""
    who = game.player(player)
    state = game.round(round_no)
    playing(game, who, state)
    laid = []
    for text in words:
        cards = parse_laid_word(text, game.deck)
        if len(cards) < game.rules.min_cards:  # Junior's rules allow one-card words
            raise OneCardWordError(
                text, f"{quoted(text)} is one card: a word takes at least {game.rules.min_cards} cards"
            )
        laid.append(cards)
    check_deck(game, state, who, [c for w in laid for c in w], words)
    return state, who, laid


def check_deck(game: Game, state: RoundState, who: str, cards: list[Card], words: Iterable[str] = ()) -> None:
    """A laydown holds no more copies of a card than the deck, nor do a round's laydowns
    together (the hands of a round come from one deck). ``words`` are the laydown's words
    as typed: a refusal names the words holding the card, and a double-card spelling of a
    word typed in letters that would need one fewer."""
    game.deck.check_counts(cards, f"laydown of {who}")
    laydowns = {p: (cards_of(game, lay), lay.words) for p, lay in state.laydowns.items() if p != who}
    laydowns[who] = (cards, tuple(words))
    counts = Counter(c.token for held, _ in laydowns.values() for c in held)
    over = next((t for t, n in counts.items() if n > game.deck.counts[t]), None)
    if over is None:
        return
    holding = [p for p in state.players if p in laydowns and any(c.token == over for c in laydowns[p][0])]
    fixes = [
        f"{p}'s {w} could be {format_laid(fit)}"
        for p in holding
        for w in laydowns[p][1]
        if (fit := could_drop(w, over, game.deck)) is not None
    ]
    held = ", ".join(holding)
    raise GameError(
        f"{counts[over]} {over} cards in round {state.number}, the {game.deck.key} deck has "
        f"{game.deck.counts[over]} (laid by {held})" + (": " + "; ".join(fixes) if fixes else "")
    )


def check_laydown(
    game: Game,
    player: str,
    words: Iterable[str],
    unused: str,
    out: bool,
    round_no: int | None = None,
    *,
    replace: bool = False,
    by: Asker = "scorekeeper",
) -> tuple[RoundState, Laydown]:
    """A laydown put right (canonical names and notation), or the error a table would point out.

    A player who has laid down in that round already is refused with
    LaydownExistsError unless ``replace`` is given, once the laydown typed is found whole.
    Asked ``by`` the table, a laydown is of the round being played, in a game not closed:
    a closed round is the scorekeeper's (ScorekeepersOnlyError).
    """
    who = game.player(player)
    if round_no is None and game.current is None and who in game.rounds[-1].laydowns:
        # scored again once every round is (a second terminal was first): the last round's
        # laydown, replaced only when asked, as with its round named
        round_no = game.rounds[-1].number
    state = game.round(round_no)
    if by == "table" and state.closed:
        raise ScorekeepersOnlyError(game, state.number)
    playing(game, who, state)
    words = list(words)
    _, _, laid = check_words(game, who, words, round_no)
    left = parse_unused(unused, game.deck)
    every = [c for w in laid for c in w] + left
    if len(every) != state.hand_size:
        # the cards dealt settle a word typed in letters that was laid with a double card
        fitted = respell(words, laid, state.hand_size - len(left), game.deck)
        if fitted is not None:
            laid = [list(r.cards) for r in fitted]
            every = [c for w in laid for c in w] + left
    check_deck(game, state, who, every, words)
    if len(every) != state.hand_size:
        earlier = [r for r in game.rounds[: state.number - 1] if r.hand_size == len(every)]
        if round_no is not None and by == "table":
            # the phone lays in the round it shows: an earlier round is named only where the
            # player laid these very cards there, a slip put right after its round closed (dgo, dog)
            earlier = [r for r in earlier if who in r.laydowns and _same_cards(game, r.laydowns[who], every)]
        hint: list[str | Remedy] = []
        if earlier and (round_no is None or by == "table"):
            meant = earlier[-1]
            laid_then = meant.laydowns.get(who)
            hint = (
                [f" ({who} laid {laid_then.text()} in round {meant.number}: ", Remedy("replace", meant.number), ")"]
                if laid_then is not None
                else [f" (for round {meant.number}, ", Remedy("round", meant.number), ")"]
            )
        ways = fitting_text(words, laid, state.hand_size - len(left), game.deck)
        short = state.hand_size - len(every)
        # too few cards: most likely cards left in hand not typed, or a double card typed for its letters (qu for Q U)
        doubles = [c.token for c in left if c.is_double]
        missing = ""
        if short > 0 and not ways:
            split = doubles_apart(doubles) if short <= len(doubles) else ""
            missing = split or f": add the {_cards(short)} left in hand{' to' if left else ' as'} unused"
        raise GameError(
            f"{who}'s laydown has {_cards(len(every))} ({len(every) - len(left)} in words, {len(left)} unused), "
            f"but round {state.number} is dealt {state.hand_size}",
            *hint,
            f": {ways}, type the one laid" if ways else missing,
        )
    if out and left:
        given = "1 is" if len(left) == 1 else f"{len(left)} are"
        raise GameError(f"{who} went out, so has no unused cards, but {given} given")
    if out:
        gone = [p for p, lay in state.laydowns.items() if lay.out and p != who]
        if gone:
            raise GameError(f"{gone[0]} already went out in round {state.number}")
    existing = state.laydowns.get(who)
    if existing is not None and not replace:
        # asked last: a table is offered to replace a laydown only with one that can stand
        raise LaydownExistsError(existing, state.number)
    lay = Laydown(who, tuple(format_laid(w) for w in laid), tuple(c.token for c in left), out)
    return state, lay


def check_challenge(
    game: Game, player: str, word: str, by: str, round_no: int | None = None
) -> tuple[RoundState, str, str, str]:
    """The round, owner, word (as laid) and challenger of a challenge, or the error."""
    who, challenger = game.player(player), game.player(by)
    if who == challenger:
        raise GameError(f"{who} cannot challenge their own word")
    if round_no is None:
        laid_in = [r for r in game.rounds if who in r.laydowns]
        if not laid_in:
            raise GameError(f"{who} has laid nothing down yet")
        state = laid_in[-1]
    else:
        state = game.round(round_no)
    playing(game, challenger, state)
    lay = state.laydowns.get(who)
    letters = laid_letters(word)
    matches = [w for w in (lay.words if lay else ()) if laid_letters(w) == letters]
    if not matches:
        elsewhere = [
            number
            for number, words in ((r.number, r.laydowns[who].words) for r in game.rounds if who in r.laydowns)
            if number != state.number and any(laid_letters(w) == letters for w in words)
        ]
        hint: list[str | Remedy]
        if elsewhere:
            hint = [f": {who} laid it in round {elsewhere[-1]}, ", Remedy("round", elsewhere[-1])]
        elif lay is not None:
            hint = [f": {who} laid {' '.join(lay.words) or 'no words'}"]  # the word typed is a slip of one of these
        else:
            hint = [f": {who} has not laid down in round {state.number}"]
        raise GameError(f"{who} laid no word {quoted(word)} in round {state.number}", *hint)
    taken = [c.word for c in state.challenges if c.player == who]
    free = [w for w in matches if taken.count(w) < matches.count(w)]
    if not free:
        raise GameError(f"{who}'s {quoted(letters)} in round {state.number} was already challenged")
    return state, who, free[0], challenger


def laid_down(
    game: Game,
    player: str,
    words: Iterable[str],
    unused: str,
    out: bool,
    round_no: int | None,
    *,
    replace: bool,
    by: Asker = "scorekeeper",
) -> LaidDown:
    """A laydown entry: the laydown put right (check_laydown) in the round it belongs to,
    asked ``by`` the table's page or the scorekeeper."""
    state, lay = check_laydown(game, player, words, unused, out, round_no, replace=replace, by=by)
    return LaidDown(state.number, lay.player, lay.words, lay.unused, lay.out)


def challenge_settled(
    game: Game, player: str, word: str, by: str, round_no: int | None, valid: bool, ruling: str, reason: str | None
) -> Challenged:
    """A challenge entry: the word as laid, its owner and challenger (check_challenge), and the
    ruling on it (by the ``dictionary``, with its ``reason``, or the ``table``)."""
    state, who, laid, challenger = check_challenge(game, player, word, by, round_no)
    return Challenged(state.number, who, laid, challenger, valid, ruling, reason)


def check_undo(game: Game, *, confirmed: bool | int = False) -> Undone:
    """An undo entry: the game's last standing entry taken back (its start cannot be).

    A finished game is changed only when the table says so (``confirmed``: True for
    whatever its last entry is, or the number of the entry it was shown), as a laydown
    there must name its round: FinishedGameUndoError otherwise, naming the entry.
    """
    standing = effective(game.entries)
    if len(standing) < 2:
        raise GameError(f"nothing to undo in game {quoted(game.name)}")
    last = standing[-1]
    if game.over and confirmed is not True and confirmed != last.seq:
        raise FinishedGameUndoError(game, last)
    return Undone(last.seq, last.round)


def check_rename(game: Game, old: str, new: str) -> Renamed:
    """A rename entry: a player's name put right on the whole sheet."""
    who = game.player(old)
    new = new.strip()
    check_player_name(new)
    if new == who:
        raise GameError(f"{who} is called {new} already")
    clash = [p for p in game.players if p != who and name_key(p) == name_key(new)]
    if clash:
        raise GameError(f"there is a player called {clash[0]} already in game {quoted(game.name)}")
    alike = [p for p in game.players if p != who and look_alike_key(p) == look_alike_key(new)]
    if alike:
        raise GameError(
            f"{quoted(new)} looks like {quoted(alike[0])}, a player in game {quoted(game.name)}"
            f"{letters_told(alike[0], new)}: the sheet could not tell them apart; write it another way"
        )
    return Renamed(who, new)


def check_leave(game: Game, player: str, bonus: str | None = None) -> Left:
    """A leave entry: who goes home, the first round they miss, and the bonus from then.

    A player who has laid down in the round under way leaves after it; one who has
    not is out of it, and it closes when the others have laid down.
    """
    who = game.player(player)
    if who in game.left:
        raise GameError(f"{who} left the game already, before round {game.left[who]}")
    state = game.current
    if state is None:
        ended = "nobody leaves a finished game" if game.finished else "nobody leaves after the last round"
        raise GameError(f"{past_last_round(game)}: {ended}")
    staying = [p for p in game.still_in if p != who]
    if len(staying) < MIN_PLAYERS:
        raise GameError(
            f"{who} cannot leave: a game needs {MIN_PLAYERS} players, and only {staying[0]} would be left "
            "(the sheet keeps the scores as they are)"
        )
    first = state.number + 1 if who in state.laydowns else state.number
    if first == state.number and any(c.by == who and c.valid for c in state.challenges):
        # a lost challenge is scored in the round it was made, and a leaver sits that round out
        raise GameError(
            f"{who} lost a challenge in round {state.number}, which is scored with the round: "
            f"{who} lays down round {state.number} first and leaves after it, or the challenge is taken back "
            "(undone)"
        )
    # under way: others have laid down in the round they sit out, so they were dealt in
    under_way = first == state.number and bool(state.laydowns)
    if first > len(game.rounds):
        return Left(who, first, under_way)  # they leave after the last round: nothing changes
    in_force = game.rounds[first - 1].bonus
    if bonus is not None and (len(staying) > 2 or in_force != "both"):
        # the choice two players make of both bonuses; a game playing one, or none, keeps it
        raise GameError(
            Remedy("bonus-choice"),
            f" is for two players left with both bonuses to choose from: {', '.join(staying)} play on "
            f"with the game's bonus ({in_force}); leave {who} without ",
            Remedy("bonus-choice"),
        )
    if bonus is not None:
        bonus = bonus.strip().lower()
        if bonus not in BONUS_RULES:
            raise GameError(f"unknown bonus {quoted(bonus)}: choose {', '.join(BONUS_RULES)}")
        in_force = bonus
    if len(staying) == 2 and in_force == "both":
        raise BonusChoiceNeeded(
            f"with {who} gone, {' and '.join(staying)} play on as two and use one bonus: ",
            Remedy("choose-bonus"),
            players=tuple(staying),
        )
    return Left(who, first, under_way, bonus)


def laid_again(
    game: Game, existing: Laydown, player: str, words: Iterable[str], unused: str, out: bool, at: int | None, by: Asker
) -> bool:
    """Whether a laydown typed where ``existing`` stands is that one again (the same words,
    cards and going out: a form sent again from a page loaded anew), not a replacement."""
    try:
        lay = check_laydown(game, player, words, unused, out, at, replace=True, by=by)[1]
    except QscoreError:
        return False
    return (lay.words, lay.unused, lay.out) == (existing.words, existing.unused, existing.out)


def doubles_apart(doubles: list[str]) -> str:
    """A double card given where its letters apart would make the count (qu typed for Q U)."""
    if not doubles:
        return ""
    one = "is one card" if len(doubles) == 1 else "are one card each"
    return f" ({', '.join(doubles)} {one}: for single letters put spaces between them)"


def _same_cards(game: Game, lay: Laydown, cards: list[Card]) -> bool:
    return Counter(c.token for c in cards_of(game, lay)) == Counter(c.token for c in cards)


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"
