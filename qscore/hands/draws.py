"""Draw advice: take the face-up card, or draw blind from the unseen cards?

Every card that may be drawn is scored by the best play of the hand with it, and one card
discarded. Solving each of those hands afresh (up to 31 card faces) repeats most of the
work 31 times; here it is shared. With H the hand before the draw and d the card drawn,
the best play either discards d (the best of H itself), or discards a card c of H and then
either leaves d unused or lays d in a word w whose other cards T come from H:

    score(d) = max( f(H),
                    h(H) - cost(d),
                    max over words w holding d: points(w) + h(H - T) )

where f is the solver's best value of a multiset (qscore.hands.solver.Hand), cost(d) is
d's points where unused cards count against a hand (0 in Quiddler Junior), and
h(R) = max over cards c of R of f(R - c), the best of R with one card discarded. Every f
and h is of a part of H, so one memo serves every draw. The words holding d come from one
walk over the dictionary's anagram keys for H's cards plus one card more, any card, cut
short wherever no key begins with the letters taken so far.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from qscore.errors import CardError
from qscore.game.cards import Card, Deck, load_deck
from qscore.game.scoring import LaidWord
from qscore.game.spelling import MIN_CARDS
from qscore.game.variants import STANDARD, Rules
from qscore.hands.candidates import spelled_exactly, sub_multisets
from qscore.hands.solver import BITS, Hand, Play, check_hand
from qscore.words.dictionaries import Dictionary
from qscore.words.dictionaries.proposed import proposed

_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
_COUNT = (1 << (BITS - 1)) - 1  # a field's count, without its guard bit
_NOTHING = -(10**9)  # the value of no play at all: every card laid, none left to discard


@dataclass(frozen=True)
class DrawAdvice:
    """Taking the face-up card against drawing blind, each scored by its best play."""

    faceup: Card
    take: Play  # the best play after taking the face-up card
    blind_expected: float  # the mean best score over the unseen cards, weighted by copies
    blind: list[tuple[Card, int, int]]  # each unseen card, its copies, the best score with it

    @property
    def take_faceup(self) -> bool:
        """Take the sure thing unless a blind draw is expected to score more."""
        return self.take.score >= self.blind_expected


def unseen_cards(deck: Deck, known: Sequence[Card]) -> Counter[Card]:
    """The deck less the cards known to be elsewhere; more than the deck holds is an error."""
    used = Counter(known)
    for card, n in used.items():
        if n > deck.counts[card.token]:
            raise CardError(
                f"too many {card.token} cards among the hand, face-up and seen cards: "
                f"{n}, the {deck.key} deck has {deck.counts[card.token]}"
            )
    return Counter({c: deck.counts[c.token] - used[c] for c in deck.cards.values() if deck.counts[c.token] > used[c]})


def advise_draw(
    hand: Sequence[Card],
    faceup: Card,
    dictionary: Dictionary,
    *,
    seen: Sequence[Card] = (),
    deck: Deck | None = None,
    any_word: bool = False,
    rules: Rules = STANDARD,
) -> DrawAdvice:
    """Compare taking ``faceup`` with drawing from the unseen cards, for a hand before its
    draw: each scored by plays of words qscore proposes, or of any word with ``any_word``,
    under ``rules`` (the fewest cards a word takes, whether unused cards count)."""
    deck = deck or load_deck()
    check_hand(hand, deck, drawing=True, min_cards=rules.min_cards)
    pool = unseen_cards(deck, [*hand, faceup, *seen])
    if not pool:
        raise CardError("no unseen cards are left to draw")
    words = dictionary if any_word else proposed(dictionary)
    draws = Draws(hand, {faceup, *pool}, words, min_cards=rules.min_cards, unused_count=rules.unused_count)
    blind = [(card, n, draws.score(card)) for card, n in sorted(pool.items())]
    total = sum(pool.values())
    expected = sum(n * score for _c, n, score in blind) / total
    return DrawAdvice(faceup, draws.play(faceup), expected, blind)


class Draws:
    """The best play of ``hand`` after drawing any one of ``draws``, with one discard; of
    words of ``min_cards`` cards at least, unused cards costing their points where they count."""

    def __init__(
        self,
        hand: Sequence[Card],
        draws: set[Card],
        dictionary: Dictionary,
        *,
        min_cards: int = MIN_CARDS,
        unused_count: bool = True,
    ) -> None:
        own, with_draw = words_with_one_more(hand, draws, dictionary, min_cards)
        self.hand = Hand(hand, dictionary, own, unused_count=unused_count)
        # a card's 1 in its field; a card the hand lacks has a field of its own, above the hand's
        self._unit = {c: 1 << (BITS * i) for i, c in enumerate([*self.hand.cards, *(draws - set(hand))])}
        # for each card drawn, the words holding it: (points, word, its other cards as a state)
        self._with: dict[Card, list[tuple[int, LaidWord, int]]] = defaultdict(list)
        for card, words in with_draw.items():
            self._with[card] += [(w.points, w, self._rest(w, card)) for w in words]
        for w in own:  # a word of the hand alone may hold the drawn copy of one of its cards
            for card in set(w.cards) & draws:
                self._with[card].append((w.points, w, self._rest(w, card)))
        self._discarding: dict[int, tuple[int, int]] = {}

    def _rest(self, word: LaidWord, card: Card) -> int:
        """The cards of ``word`` other than one ``card``, packed as a state of the hand."""
        unit = self._unit
        return sum(map(unit.__getitem__, word.cards)) - unit[card]

    def discarding(self, state: int) -> tuple[int, int]:
        """h(state): the best value of ``state`` less one card, and that card's field."""
        found = self._discarding.get(state)
        if found is None:
            hand, found = self.hand, (_NOTHING, -1)
            for i in range(len(hand.cards)):
                if (state >> (BITS * i)) & _COUNT:
                    value = hand.value(state - (1 << (BITS * i)))
                    if value > found[0]:
                        found = (value, i)
            self._discarding[state] = found
        return found

    def _options(self, card: Card) -> list[tuple[int, LaidWord | None, int]]:
        """The ways to play after drawing ``card``, each as (value, the word holding
        ``card`` or None when it is left unused or discarded, the state left of the hand)."""
        hand, full = self.hand, self.hand.full
        options: list[tuple[int, LaidWord | None, int]] = [(hand.value(full), None, -1)]  # discard the drawn card
        kept = card.points if hand.unused_count else 0
        options.append((self.discarding(full)[0] - kept, None, full))  # keep it unused
        discarding, known = self.discarding, self._discarding
        for points, word, rest in self._with.get(card, ()):
            left = full - rest  # the rest is of the hand's cards
            if left:  # something must be left to discard
                found = known.get(left) or discarding(left)
                options.append((points + found[0], word, left))
        return options

    def score(self, card: Card) -> int:
        """The best score of the hand after drawing ``card``."""
        return max(value for value, _w, _s in self._options(card))

    def play(self, card: Card) -> Play:
        """The best play of the hand after drawing ``card``."""
        _value, word, left = max(self._options(card), key=lambda o: o[0])
        hand = self.hand
        if left < 0:
            words, unused = hand.play(hand.full)
            return hand.laid(words, card, unused)
        field = self.discarding(left)[1]
        words, unused = hand.play(left - (1 << (BITS * field)))
        if word is None:
            return hand.laid(words, hand.cards[field], (*unused, card))
        return hand.laid((word, *words), hand.cards[field], unused)


def words_with_one_more(
    hand: Sequence[Card], draws: set[Card], dictionary: Dictionary, min_cards: int = MIN_CARDS
) -> tuple[list[LaidWord], dict[Card, list[LaidWord]]]:
    """The words of ``hand``'s cards, and for each card of ``draws`` the words that hold
    it with the rest from ``hand`` (a word the hand makes alone is only in the first), each
    of ``min_cards`` cards at least.
    One word stands for each set of cards: the first of its anagrams in the dictionary's order."""
    counts = Counter(hand)
    avail = [0] * len(_ALPHABET)
    single_of: dict[str, Card] = {}
    for card in [*counts, *draws]:
        if not card.is_double:
            single_of[card.letters] = card
            avail[_ALPHABET.index(card.letters)] = counts[card]
    drawn_letters = {c.letters for c in draws if not c.is_double}
    wild = [ch in drawn_letters for ch in _ALPHABET]
    own: list[LaidWord] = []
    with_draw: dict[Card, list[LaidWord]] = defaultdict(list)
    fits = dictionary.anagram_prefix
    extra_doubles = [None, *sorted(c for c in draws if c.is_double)]
    for _letters, doubles, _pts in sub_multisets([c for c in counts if c.is_double], counts):
        for extra in extra_doubles:
            if extra is not None and doubles.count(extra) < counts[extra]:
                continue  # the hand's own copy spells these words: they are the hand's
            chosen = doubles if extra is None else (*doubles, extra)
            forced = [0] * len(_ALPHABET)
            for c in chosen:
                for ch in c.letters:
                    forced[_ALPHABET.index(ch)] += 1
            wilds = wild if extra is None else [False] * len(_ALPHABET)
            keys = _keys(avail, forced, wilds, len(chosen), fits, min_cards)
            for key, drawn in keys:
                texts = dictionary.anagrams(key)
                if not texts:
                    continue  # every word of the key denied by house rules
                # the anagrams of one set of cards score alike: the first spelled stands for all
                if chosen:
                    word = next(spelled_exactly(texts, _singles(key, chosen, single_of), chosen), None)
                    if word is None:
                        continue
                else:  # single cards spell the word letter by letter
                    word = LaidWord(tuple(map(single_of.__getitem__, texts[0])))
                held = extra or (single_of[drawn] if drawn else None)
                (own if held is None else with_draw[held]).append(word)
    return own, with_draw


def _singles(key: str, doubles: tuple[Card, ...], single_of: dict[str, Card]) -> tuple[Card, ...]:
    """The single cards of the anagram ``key`` of these ``doubles`` and single cards."""
    letters = Counter(key)
    letters.subtract("".join(c.letters for c in doubles))
    return tuple(single_of[ch] for ch in sorted(letters.elements()))


def _keys(
    avail: list[int], forced: list[int], wild: list[bool], doubles: int, fits: Callable[[str], bool], min_cards: int
) -> list[tuple[str, str]]:
    """Every anagram key (``fits`` it and every prefix; a key is followed by a space) made of all the
    ``forced`` letters (the chosen double cards'), any of the ``avail`` single cards' letters,
    and at most one more single card whose letter ``wild`` marks: (key, the letter drawn or
    ""). ``doubles`` is how many cards the forced letters are; a key takes ``min_cards`` at least."""
    size = len(_ALPHABET)
    forced_at = [j for j in range(size) if forced[j]]
    last = forced_at[-1] if forced_at else -1
    # the next letter at or after each place that must be taken: none may be skipped
    stop = [next((j for j in forced_at if j >= i), size - 1) for i in range(size + 1)]
    # the letters that may come next from each place: with a card still to draw, and without
    held = [[j for j in range(i, stop[i] + 1) if avail[j] or forced[j]] for i in range(size + 1)]
    any_next = [[j for j in range(i, stop[i] + 1) if avail[j] or forced[j] or wild[j]] for i in range(size + 1)]
    found: list[tuple[str, str]] = []

    def walk(i: int, prefix: str, cards: int, drawn: str) -> None:
        if i > last and cards >= min_cards and fits(prefix + " "):
            found.append((prefix, drawn))
        for j in held[i] if drawn else any_next[i]:
            ch, have, must = _ALPHABET[j], avail[j], forced[j]
            top = have + 1 if wild[j] and not drawn else have
            for k in range(0 if must else 1, top + 1):
                taken = prefix + ch * (must + k)
                if not fits(taken):
                    break
                walk(j + 1, taken, cards + k, ch if k > have else drawn)

    walk(0, "", doubles, "")
    return found
