"""``qscore best`` and ``qscore solitaire``: the hand solver."""

import math
from typing import TYPE_CHECKING, Annotated

import typer

from qscore.cli.app import (
    app,
    dictionary_from,
    print_json,
    reports_errors,
    tell_notes,
    warn,
)
from qscore.cli.options import AllowOpt, DeckOpt, DenyOpt, DictionaryOpt, JsonOpt, PlayVariantOpt, variant_deck
from qscore.cli.words import read_table_words
from qscore.errors import CardError
from qscore.game.cards import Card, format_cards, largest_deal, parse_hand
from qscore.views.plays_view import advice_json, glossed, play_json, word_json

if TYPE_CHECKING:
    from qscore.game.scoring import LaidWord
    from qscore.hands.draws import DrawAdvice
    from qscore.hands.solver import Play

CardsArg = Annotated[
    list[str], typer.Argument(metavar="CARDS...", help='card tokens, e.g. "Q U I Z M", qu,i,z,m or (qu) i z m')
]
SOLITAIRE_STACKS = 8
# Without it, no play lays a word qscore never proposes (a slur or a vulgar word), even
# one that would score more; the dictionary still allows it when a player lays it.
AnyWordOpt = Annotated[
    bool,
    typer.Option(
        "--any-word",
        help="consider every word the dictionary allows, slurs and vulgar words too (never proposed otherwise)",
    ),
]

# The most plays --top lists: a screenful. The search prunes ties past the worst play kept,
# so it stays as quick as the best play's; 100,000 plays took 3 s enumerating them.
MAX_TOP = 20


@app.command(short_help="Find the best play of a hand, or whether to draw")
@reports_errors
def best(
    cards: CardsArg,
    no_discard: Annotated[
        bool, typer.Option("--no-discard", help="score the cards as they are: nothing is discarded")
    ] = False,
    top: Annotated[
        int | None,
        # the range is checked below, not by typer, whose help would print it a second time
        typer.Option("--top", metavar="N", help=f"list the N best distinct plays, best first (1 to {MAX_TOP})"),
    ] = None,
    faceup: Annotated[
        str | None,
        typer.Option("--faceup", help="the face-up discard: compare taking it with drawing blind", metavar="CARD"),
    ] = None,
    seen: Annotated[
        str | None,
        typer.Option("--seen", help="cards known to be out of the draw pile (with --faceup)", metavar="CARDS"),
    ] = None,
    dictionary: DictionaryOpt = None,
    allow: AllowOpt = None,
    deny: DenyOpt = None,
    any_word: AnyWordOpt = False,
    variant: PlayVariantOpt = "standard",
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Find the exact best play of a hand: words, discard, score, and whether it goes out.

    By default the hand is what the player holds after drawing, so one card is
    discarded. With --faceup the hand is before the draw, and qscore says whether to
    take the face-up card or draw blind. The table's own words (its paper rulings at
    challenges: qscore house) count with the house lists, as check judges by them.
    Under --variant junior (with the table's --deck) unused cards count nothing and
    one-card words (a, I) are laid.
    """
    from qscore.hands.solver import solve

    if top is not None and not 1 <= top <= MAX_TOP:
        raise CardError(f"--top {top}: give 1 to {MAX_TOP} plays")
    rules, cards_of = variant_deck(variant, deck)
    hand = parse_hand(cards, cards_of)
    words = dictionary_from(dictionary, allow, deny, read_table_words())  # the table's words as check's
    if faceup is not None:
        if no_discard:
            raise CardError("--faceup compares draws, which always end with a discard: drop --no-discard")
        if top:
            raise CardError("--top lists the plays of a hand, --faceup compares draws: give one of them")
        up = parse_hand(faceup, cards_of, what="face-up card")
        if len(up) != 1:
            raise CardError(f"--faceup takes one card, got {len(up)}")
        known = parse_hand(seen, cards_of, what="seen cards") if seen else []
        from qscore.hands.draws import advise_draw

        advice = advise_draw(hand, up[0], words, seen=known, deck=cards_of, any_word=any_word, rules=rules)
        warn_if_more_than_dealt(hand, drawn=False)
        print_json(advice_json(advice)) if as_json else print(advice_text(advice))
        tell_notes(words)
        return
    if seen is not None:
        raise CardError("--seen goes with --faceup")
    solution = solve(hand, words, discard=not no_discard, top=top or 0, deck=cards_of, any_word=any_word, rules=rules)
    warn_if_more_than_dealt(hand, drawn=not no_discard)
    if as_json:
        out = play_json(solution.best)
        # null where the rules have no most-words bonus (Quiddler Junior)
        out["most_words"] = play_json(solution.most_words) if solution.most_words else None
        out["longest_word"] = play_json(solution.longest_word)
        out["top"] = [play_json(p) for p in solution.top]
        print_json(out)
        tell_notes(words)
        return
    lines = ["Best play: " + play_text(solution.best)]
    if solution.most_words and solution.most_words.word_count > solution.best.word_count:
        lines += ["", "Most words (for the most-words bonus): " + play_text(solution.most_words)]
    if solution.longest_word.longest > solution.best.longest:
        lines += ["", "Longest word (for the longest-word bonus): " + play_text(solution.longest_word)]
    for n, play in enumerate(solution.top[1:], 2):  # the first is the best play, shown above
        lines += ["", f"#{n}: " + play_text(play)]
    print("\n".join(lines))
    tell_notes(words)


def warn_if_more_than_dealt(hand: list[Card], *, drawn: bool) -> None:
    """A hand of more cards than any game deals (one more once drawn) is most likely a
    card typed twice: it is solved as given (house games deal more), and the player told,
    once it is solved (a hand too large to solve is refused, and no more said)."""
    deal = largest_deal()
    if len(hand) > deal + drawn:
        warn(
            f"{len(hand)} cards is more than any game deals ({deal}, {deal + 1} with the draw): "
            "check the hand; it is solved as given"
        )


@app.command(short_help="Suggest the word to take in solitaire")
@reports_errors
def solitaire(
    cards: Annotated[list[str], typer.Argument(metavar="CARDS...", help="the face-up cards of the eight stacks")],
    dictionary: DictionaryOpt = None,
    allow: AllowOpt = None,
    deny: DenyOpt = None,
    any_word: AnyWordOpt = False,
    variant: PlayVariantOpt = "standard",
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Suggest the word to take from the face-up solitaire cards: most points, then longest.

    Under --variant junior (with the table's --deck) a one-card word (a, I) may be taken."""
    from qscore.hands.solver import solitaire_words

    rules, cards_of = variant_deck(variant, deck)
    faceup = parse_hand(cards, cards_of, what="face-up cards")
    if len(faceup) > SOLITAIRE_STACKS:
        raise CardError(f"solitaire has {SOLITAIRE_STACKS} stacks, got {len(faceup)} face-up cards")
    if len(faceup) < rules.min_cards:
        raise CardError("solitaire needs at least 2 face-up cards, got 1: a word takes two cards at least")
    words = dictionary_from(dictionary, allow, deny)
    found = solitaire_words(faceup, words, cards_of, any_word=any_word, rules=rules)
    tell_notes(words)
    if as_json:
        print_json({"best": word_json(found[0]) if found else None, "words": [word_json(w) for w in found]})
        return
    if not found:
        print("No word: these cards make none. Turn no card; the game is stuck unless a stack refills.")
        return
    print(f"Take {word_text(found[0])}")
    if len(found) > 1:
        print("Alternatives:")
        print("\n".join(f"  {word_text(w)}" for w in found[1:11]))
        if len(found) > 11:
            print(f"  ... and {len(found) - 11} more (--json lists all)")


def word_text(w: "LaidWord") -> str:
    return glossed(f"{w.text.upper()} ({format_cards(w.cards)}, {w.points})", w.text)


def play_text(p: "Play") -> str:
    if p.score < 0:  # the sheet's floor: a hand scores no less than zero
        worth = f"0 points on the sheet ({p.score} as laid: a hand stops at 0)"
    else:
        worth = f"{p.score} point{'s' * (p.score != 1)}"
    head = f"{worth}, " + ("goes out" if p.goes_out else "does not go out")
    lines = [head]
    lines += [f"  {word_text(w)}" for w in p.words] or ["  no word"]
    if p.discard:
        lines.append(f"  discard: {p.discard.token}")
    if p.unused:
        cost = f"-{sum(c.points for c in p.unused)}" if p.unused_count else "not counted"
        lines.append(f"  unused: {format_cards(p.unused)} ({cost})")
    lines.append(
        f"  {p.word_count} word{'s' * (p.word_count != 1)}, longest {p.longest} letter{'s' * (p.longest != 1)}"
    )
    return "\n".join(lines)


def is_tie(a: "DrawAdvice") -> bool:
    """Whether taking the face-up card scores exactly what a blind draw does on average."""
    return math.isclose(a.take.score, a.blind_expected, rel_tol=0, abs_tol=1e-9)


def advice_text(a: "DrawAdvice") -> str:
    if is_tie(a):
        verdict = f"A tie, take the face-up {a.faceup.token} or draw blind"
    else:
        verdict = f"Take the face-up {a.faceup.token}" if a.take_faceup else "Draw blind"
    return "\n".join(
        [
            f"{verdict}: face-up {a.faceup.token} scores {a.take.score}, "
            f"a blind draw {a.blind_expected:.1f} on average.",
            "",
            f"With the face-up {a.faceup.token}: " + play_text(a.take),
        ]
    )
