"""Plays and reviews as data: what ``best``, ``solitaire`` and ``review`` print as JSON, and
a review worded once (each player's line, the best play's text), which ``qscore review``,
play and the page lay out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from qscore.game.cards import format_cards, format_laid
from qscore.game.choices import DEFAULT_DICTIONARY
from qscore.words.dictionaries.proposed import meaning_to_show

if TYPE_CHECKING:
    from collections.abc import Sequence

    from qscore.game.scoresheet import Game
    from qscore.game.scoring import LaidWord, RoundResult
    from qscore.hands.draws import DrawAdvice
    from qscore.hands.handreview import HandReview
    from qscore.hands.solver import Play


# The most characters of a meaning printed beside a proposed word: a line's worth.
SHORT_MEANING = 48


def short_meaning(word: str) -> str | None:
    """What is printed beside a word qscore proposes that a table would not know (none of
    SCOWL's common words), so that it can be read out at a challenge: its first meaning on
    file up to its first semicolon, cut at a word within SHORT_MEANING characters; an
    inflection's names its base (``plural of ghat: stairway in India ...``). None for a
    common word, and for one qscore never proposes (``best --any-word`` lays it: a slur's
    meaning is not read out, and a word a table could not defend has none to read)."""
    found = meaning_to_show(word)
    if found is None or not found.meanings:
        return None
    first = found.meanings[0]
    text = first.text.split(";", 1)[0].strip()
    if len(text) > SHORT_MEANING:
        text = text[: SHORT_MEANING - 3].rsplit(" ", 1)[0].rstrip(",:") + "..."
    form = next((f for f in found.forms if f.base == first.word), None)
    return f"{form.form} of {form.base}: {text}" if first.word != word and form else text


def glossed(shown: str, word: str, *, apart: bool = False) -> str:
    """``shown`` (how a proposed word is printed) with its short meaning, where it has one:
    ``GORP (G O R P, 19): trail mix``, or ``apart`` in a line of words, ``gorp (trail mix)``."""
    meaning = short_meaning(word)
    if meaning is None:
        return shown
    return f"{shown} ({meaning})" if apart else f"{shown}: {meaning}"


def word_json(w: LaidWord) -> dict[str, object]:
    """A word qscore proposes, with its short meaning where a table would not know it."""
    out: dict[str, object] = {"word": w.text, "cards": [c.token for c in w.cards], "points": w.points}
    meaning = short_meaning(w.text)
    if meaning is not None:
        out["meaning"] = meaning
    return out


def play_json(p: Play) -> dict[str, object]:
    return {
        "score": p.score,
        "goes_out": p.goes_out,
        "discard": p.discard.token if p.discard else None,
        "words": [word_json(w) for w in p.words],
        "unused": [c.token for c in p.unused],
        "word_count": p.word_count,
        "longest": p.longest,
    }


def advice_json(a: DrawAdvice) -> dict[str, object]:
    return {
        "recommend": "faceup" if a.take_faceup else "draw",
        "faceup": {"card": a.faceup.token, **play_json(a.take)},
        "draw": {
            "expected_score": round(a.blind_expected, 2),
            "outcomes": [{"card": c.token, "copies": n, "score": score} for c, n, score in a.blind],
        },
    }


def review_json(r: HandReview) -> dict[str, Any]:
    return {
        "round": r.round,
        "player": r.player,
        "scored": r.scored,
        "best": r.best,
        "missed": r.missed,
        "best_play": play_json(r.best_play),
    }


# --- a review, worded once for the terminal and the page ----------------------------


class RoundReview(NamedTuple):
    """One closed round's review: its heading and each player's line."""

    number: int
    heading: str  # ``Round 2 (4 cards)``
    lines: tuple[str, ...]  # ``ann: 23 of a possible 31, missed 8: quiz · to``


class GameReview(NamedTuple):
    """A game's review as ``qscore review`` and the page word it: what it is of, each round
    reviewed, and the points missed in all when more than one round is."""

    title: str  # ``Game 'fri', dictionary wordgame``, or that no round has closed yet
    rounds: tuple[RoundReview, ...]
    missed: str | None  # ``Missed in all: ann 8, ben 31, cat 0.``


def game_review(game: Game, reviews: list[HandReview]) -> GameReview:
    """The reviews of a game's closed rounds (``scorekeeper.review_of``), worded."""
    if not reviews:
        return GameReview(f"No round of game {game.name!r} has closed yet: nothing to review.", (), None)
    rounds = []
    for number in dict.fromkeys(r.round for r in reviews):
        state = game.rounds[number - 1]
        results = state.results or {}
        lines = tuple(hand_line(r, results[r.player]) for r in reviews if r.round == number)
        rounds.append(RoundReview(number, f"Round {number} ({state.hand_size} cards)", lines))
    missed = missed_line(game, reviews) if len(rounds) > 1 else None
    return GameReview(
        f"Game {game.name!r}, dictionary {game.config.dictionary or DEFAULT_DICTIONARY}", tuple(rounds), missed
    )


def play_words(play: Play) -> str:
    """A play in a few words, in the notation the table types: ``(qu)iz · to (E unused)``;
    a letter is one card, a double card in brackets (in capitals, er read as the ER card);
    a word a table would not know with its short meaning: ``gorp (trail mix)``."""
    words = " · ".join(glossed(format_laid(w.cards), w.text, apart=True) for w in play.words) or "no word"
    return words + (f" ({format_cards(play.unused)} unused)" if play.unused else "")


def penalty_note(r: HandReview) -> str:
    """What "possible" counts when a challenge cost the player: `` (48 less 12 for a challenge)``,
    and `` (7 less 9 for a challenge)`` where the rules let the cost go below zero (Junior's)."""
    lost = r.best_play.score - r.best
    return f" ({r.best_play.score} less {lost} for a challenge)" if r.best != 0 and lost > 0 else ""


def hand_line(r: HandReview, result: RoundResult) -> str:
    """``ann: 23 of a possible 31, missed 8: quiz · to``; a hand a challenge zeroed
    whatever was laid says so, and what its cards allowed before the challenge:
    ``ben: 0 of a possible 0 (7 less 19 for a challenge); before it, missed 4: ate``."""
    if r.best == 0 and result.penalty and r.best_play.score > 0:
        line = f"{r.player}: {r.scored} of a possible 0 ({r.best_play.score} less {result.penalty} for a challenge)"
        before = r.best_play.score - max(0, result.word_points - result.unused_points)
        return line + (f"; before it, missed {before}: {play_words(r.best_play)}" if before > 0 else "")
    line = f"{r.player}: {r.scored} of a possible {r.best}{penalty_note(r)}"
    return line + (f", missed {r.missed}: {play_words(r.best_play)}" if r.missed else "")


def missed_line(game: Game, reviews: list[HandReview]) -> str:
    """``Missed in all: ann 8, ben 31, cat 0.``"""
    seen = {r.player for r in reviews}
    totals = missed_totals(game, reviews)
    return "Missed in all: " + ", ".join(f"{p} {n}" for p, n in totals.items() if p in seen) + "."


def round_miss_line(number: int, reviews: list[HandReview]) -> str:
    """After a round of play: its biggest missed chance in one line."""
    top = biggest_miss(reviews)
    if top is None:
        return f"Review: nobody could have scored more in round {number}."
    return (
        f"Review: the biggest miss of round {number}: {top.player} scored {top.scored} "
        f"of a possible {top.best}{penalty_note(top)} with {play_words(top.best_play)}."
    )


def review_unavailable(why: str) -> str:
    """A review that could not be made (the game's dictionary cannot open), ``why`` worded by the face."""
    return f"Review: not available ({why})."


def missed_totals(game: Game, reviews: Sequence[HandReview]) -> dict[str, int]:
    """Each player's points missed over the reviewed rounds, in seating order."""
    totals = dict.fromkeys(game.players, 0)
    for r in reviews:
        totals[r.player] += r.missed
    return totals


def biggest_miss(reviews: Sequence[HandReview]) -> HandReview | None:
    """The review that missed the most points (the first on a tie), or None if nobody missed any."""
    top = max(reviews, key=lambda r: r.missed, default=None)
    return top if top is not None and top.missed > 0 else None
