"""The rules that keep out what a Quiddler table refuses though a source files it as a word
(dictionaries/list_rules.py), on a WordNet of a few words; and the shipped lists and
hunspell's dictionaries held to them (dictionaries/README.md, "The rules on every
dictionary")."""

import sys
from pathlib import Path

import pytest

from qscore.words import dictionaries as d
from qscore.words.dictionaries import judge
from tests.test_dictionaries import opened_here

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "dictionaries"))
import list_rules  # dictionaries/, read by the build only


class TinyWordNet:
    """What the rules read of WordNet: lemmas by part of speech and the exception lists."""

    def __init__(self) -> None:
        self.lemmas = {
            "noun": {"ox", "tooth", "woman", "foot", "goose", "datum", "chilli", "axis", "wale"},
            "verb": {"win", "foot", "goose", "dream", "saw", "ring"},
            "adj": {"good"},
            "adv": set(),
        }
        self.irregular = {
            "noun": {"oxen": ["ox"], "teeth": ["tooth"], "feet": ["foot"], "geese": ["goose"], "data": ["datum"]}
            | {"chillies": ["chilli"], "axes": ["axis"]},
            "verb": {"won": ["win"], "winning": ["win"], "dreamt": ["dream"], "sawn": ["saw"], "rang": ["ring"]},
            "adj": {"better": ["good"], "best": ["good"]},
            "adv": {},
        }

    def inflects(self, word, bases):
        return any(word == b + "s" for b in bases)


EVERYDAY = {"ox", "oxen", "tooth", "teeth", "woman", "women", "win", "won", "dream", "dreamed", "ringed", "wales"}


def test_a_regular_form_of_an_irregular_word_is_wrong():
    wrong = list_rules.wrong_forms(TinyWordNet(), {"ox", "tooth", "woman", "win", "good"}, EVERYDAY, set(), set())
    assert set(wrong) == {"oxes", "tooths", "womans", "winned", "gooder", "goodest"}
    assert wrong["winned"] == ("win", "verb") and wrong["womans"] == ("woman", "noun")


def test_a_form_another_part_of_speech_makes_or_a_source_holds_is_kept():
    wordnet, bases = TinyWordNet(), {"foot", "goose", "dream", "ring", "win"}
    # foots and gooses: the verbs foot and goose; dreamed and ringed: words of everyday;
    # builded: a GCIDE headword; winneds: a word with forms of its own
    wrong = list_rules.wrong_forms(wordnet, bases, EVERYDAY, {"winned"}, set())
    assert not {"foots", "gooses", "dreamed", "ringed", "winned"} & set(wrong)
    assert "winned" not in list_rules.wrong_forms(wordnet, {"win"}, EVERYDAY, set(), {"winneds"})


def test_foreign_plurals_and_past_participles_are_no_irregular_form():
    kinds = list_rules.irregular_kinds(TinyWordNet(), EVERYDAY)
    # datums beside data, chillis beside chillies, axises (as irises) are left alone;
    # sawed is the past of saw, sawn its participle only
    assert "datum" not in kinds and "chilli" not in kinds and "axis" not in kinds and "saw" not in kinds
    assert kinds["woman"] == {"noun": {"women"}} and kinds["win"] == {"verb": {"won"}}


def test_the_table_of_irregular_bases_leaves_out_a_base_whose_regular_form_is_a_word():
    table = list_rules.irregular_table(TinyWordNet(), EVERYDAY)
    assert table["woman"] == "p" and table["win"] == "d" and table["good"] == "cs"
    assert "dream" not in table and "ring" not in table  # dreamed, ringed


def test_run_togethers_of_hyphenated_entries():
    hyphenated = {"wellknown": "well-known", "inlaws": "in-laws", "cochair": "co-chair", "haha": "ha-ha"}
    hyphenated |= {"coopt": "co-opt", "runnerup": "runner-up", "rollouts": "roll-outs"}
    found = list_rules.run_togethers(
        set(hyphenated),
        hyphenated,
        prefixes={"co", "in"},
        phrases={"in-law", "co-opt"},
        words={"in", "rollout", "co"},
        common={"in"},
        held=lambda w: w == "runnerup",
    )
    # co-chair and co-opt: a bound prefix; ha-ha: one word said twice; runnerup: held
    # elsewhere; rollouts: the plural of a word
    assert found == {"wellknown": "well-known", "inlaws": "in-laws"}


def test_a_name_only_the_largest_list_files_in_lower_case():
    wordnet = TinyWordNet()
    names = {"paris", "sophia", "wale", "wales", "psalters", "kirk"}
    wordnet.lemmas["noun"] |= {"kirk"}
    candidates = {"paris", "sophia", "wales", "psalters", "kirk", "guernsey"}
    found = list_rules.lowercase_names(
        candidates, names | {"guernsey"}, wordnet, {"psalter"}, {"guernsey"}.__contains__
    )
    # wales: wale's plural; psalters: psalter's; kirk: WordNet's; guernsey: hunspell's
    assert found == {"paris", "sophia"}


# --- the shipped lists and hunspell, held to the rules ------------------------------

WORDGAME_REFUSES = {
    "proper noun": "paris canada sophia gregory sean steven",
    "not in the dictionary": "wellknown runnerup longterm topsyturvy inlaws fortyfive winned oxes womans tooths",
}
HUNSPELL_REFUSES = {"en_GB": {"gooder": d.NOT_IN_DICTIONARY, "bcc": d.ABBREVIATION, "gpm": d.ABBREVIATION}}
HUNSPELL_REFUSES["en_GB"] |= {"ppb": d.ABBREVIATION, "mbar": d.UNIT_SYMBOL}


@pytest.mark.parametrize(("kind", "words"), WORDGAME_REFUSES.items())
def test_wordgame_refuses_names_run_togethers_and_wrong_forms(kind, words):
    wordgame = opened_here("wordgame")
    assert {w: judge(w, wordgame, suggest=False).reason for w in words.split()} == dict.fromkeys(words.split(), kind)


def test_wordgame_keeps_the_words_beside_them():
    wordgame = opened_here("wordgame")
    kept = "foots gooses dreamed learned women oxen won better timothy kirk easterly texture haha yoyo".split()
    assert {w: judge(w, wordgame, suggest=False).reason for w in kept} == dict.fromkeys(kept)


@pytest.mark.sysdict
def test_en_gb_refuses_what_hunspell_lists_by_affix_or_as_an_initialism():
    en_gb = opened_here("en_GB")
    for word, reason in HUNSPELL_REFUSES["en_GB"].items():
        assert en_gb._dict.check(word), word  # hunspell itself accepts each
        assert judge(word, en_gb, suggest=False).reason == reason, word
    assert judge("better", en_gb, suggest=False).allowed and judge("nth", en_gb, suggest=False).allowed


@pytest.mark.sysdict
def test_the_fresh_entries_to_refuse_are_no_lower_case_entry_of_hunspell():
    """An entry a dictionary prints as a word is no entry to refuse (kyle, logan, abigail,
    hided, worser were): of the fresh list's names, run-togethers, wrong forms and
    misspellings, hunspell (en_US, en_GB) holds none in lower case."""
    from tests.wordsets import read_lists

    holds = list_rules.hunspell_holds()
    _, groups = read_lists("must-fresh")
    kinds = (d.PROPER_NOUN, d.NOT_IN_DICTIONARY)
    assert [w for g in groups if g.kind in kinds for w in g.words if holds(w)] == []
