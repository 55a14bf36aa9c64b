"""A judged word as data: what ``check --json`` and ``define --json`` print."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qscore.words.dictionaries import Verdict
    from qscore.words.meanings import Definition


def verdict_json(v: Verdict) -> dict[str, object]:
    return {
        "word": v.word,
        "allowed": v.allowed,
        "reason": v.reason,
        "spellings": [{"cards": s.tokens, "points": s.points} for s in v.spellings],
        "suggestions": list(v.suggestions),
    }


def definition_json(d: Definition) -> dict[str, object]:
    return {
        "forms": [{"form": f.form, "of": f.base} for f in d.forms],
        "meanings": [{"word": m.word, "pos": m.pos, "text": m.text} for m in d.meanings],
    }
