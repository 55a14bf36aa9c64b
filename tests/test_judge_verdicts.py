"""Verdicts a desk dictionary would give: abbreviations SCOWL files as words refused,
the right reason for each refusal, and the obvious correction offered first."""

import pytest

from qscore.errors import DictionaryError
from qscore.game.cards import parse_hand
from qscore.hands.solver import solitaire_words, solve
from qscore.words.dictionaries import (
    ABBREVIATION,
    AFFIX,
    NOT_IN_DICTIONARY,
    ONE_CARD,
    PROPER_NOUN,
    UNIT_SYMBOL,
    judge,
    open_dictionary,
)
from qscore.words.suggestions import distance, rank

# Abbreviations SCOWL's size-70 lists file as words (functions, units, dispensing marks).
FILED_AS_WORDS = "csc csch sech sinh tanh coth dkl hhd psia psid aeq".split()
# Lower-case forms en_US accepts of what SCOWL files only as abbreviations at size 95.
RARE_ABBREVIATIONS = "foobar grep xor".split()
# Words with no vowel that a desk dictionary prints as words.
VOWELLESS_WORDS = "hmm shh brr nth cwm crwth".split()


@pytest.fixture(scope="module", params=["everyday", "wordgame", "en_US"])
def any_dictionary(request):
    return open_dictionary(request.param)


@pytest.fixture(scope="module")
def everyday():
    return open_dictionary("everyday")


@pytest.mark.parametrize("word", FILED_AS_WORDS)
def test_abbreviations_filed_as_words_are_refused(any_dictionary, word):
    assert any_dictionary.refusal(word) == ABBREVIATION


def test_a_unit_filed_as_a_word_is_refused_as_a_unit_symbol(any_dictionary):
    # SCOWL files kcal among its words, curated-deny.txt as an abbreviation; a table reads a unit
    assert any_dictionary.refusal("kcal") == UNIT_SYMBOL


@pytest.mark.parametrize("word", RARE_ABBREVIATIONS)
def test_rare_abbreviations_hunspell_accepts_stay_refused(any_dictionary, word):
    assert any_dictionary.refusal(word) == ABBREVIATION


def test_letters_that_are_numerals_too_stay_words():
    assert open_dictionary("everyday").refusal("xi") is None
    assert judge("x", open_dictionary("everyday")).reason == ONE_CARD


@pytest.mark.parametrize("word", VOWELLESS_WORDS)
def test_words_without_vowels_stay_words(any_dictionary, word):
    assert any_dictionary.refusal(word) is None


def test_everyday_holds_no_vowelless_abbreviation():
    """Every everyday word without a vowel (y counts), reviewed: interjections and Welsh words."""
    from qscore.paths import package_file

    words = package_file("wordlists", "everyday.txt").read_text("utf-8").split()
    vowelless = {w for w in words if len(w) > 1 and not set(w) & set("aeiouy")}
    assert vowelless == {
        "brr",
        "crwth",
        "cwm",
        "cwms",
        "hm",
        "hmm",
        "nth",
        "psst",
        "pwn",
        "pwns",
        "sh",
        "shh",
        "ssh",
        "tsk",
        "tsks",
    }


def test_the_solver_plays_no_abbreviation(everyday):
    best = solve(parse_hand("C A T C A T S"), everyday).best
    assert sorted(w.text for w in best.words) in (["act", "act"], ["act", "cat"], ["cat", "cat"])
    assert best.score == 26
    found = [w.text for w in solitaire_words(parse_hand("Q U I Z M A T E"), everyday)]
    assert "quiz" in found and "aeq" not in found


@pytest.mark.parametrize(
    "word, reason",
    [
        ("teh", NOT_IN_DICTIONARY),  # Teh is a rare surname: no reason to call a typo a name
        ("thier", NOT_IN_DICTIONARY),
        ("adn", NOT_IN_DICTIONARY),  # filed as an abbreviation only at SCOWL's junk size 95
        ("zzz", "not in everyday; wordgame allows it"),  # a word at size 80 (wordgame), no name
        ("ok", ABBREVIATION),  # printed in capitals: okay is the word
        ("yolo", ABBREVIATION),
        ("nato", ABBREVIATION),
        ("ing", AFFIX),
        ("paris", PROPER_NOUN),
        ("steve", PROPER_NOUN),
    ],
)
def test_each_refusal_has_its_reason(everyday, word, reason):
    assert everyday.refusal(word) == reason


@pytest.mark.parametrize(
    "typed, meant",
    [("im", "I'm"), ("ive", "I've"), ("dont", "don't"), ("isnt", "isn't"), ("twas", "'twas"), ("whats", "what's")],
)
def test_a_contraction_typed_without_its_apostrophe_is_named_with_it(any_dictionary, typed, meant):
    # im and ive are no bare prefix and suffix (GCIDE's im- and -ive): a table reads I'm and I've
    assert any_dictionary.refusal(typed) == f"{meant}: a word with its apostrophe left out"


@pytest.mark.parametrize("word", ["joe", "holland"])
def test_a_word_a_desk_dictionary_prints_in_lower_case_is_no_proper_noun(word):
    # joe (coffee) and holland (a linen): SCOWL's Joe and Holland are names, its joe and
    # holland words of size 80, which wordgame holds and everyday does not
    assert open_dictionary("everyday").refusal(word) == "not in everyday; wordgame allows it"
    assert open_dictionary("wordgame").refusal(word) is None
    assert judge(word, open_dictionary("en_US"), suggest=False).reason != PROPER_NOUN


def test_okay_and_zzz_where_they_are_words():
    assert open_dictionary("everyday").refusal("okay") is None
    assert open_dictionary("wordgame").refusal("zzz") is None


@pytest.mark.parametrize("name", ["everyday", "en_US"])
@pytest.mark.parametrize(
    "typed, first",
    [("hte", "the"), ("teh", "the"), ("waht", "what"), ("taht", "that"), ("thier", "their"), ("adn", "and")],
)
def test_the_obvious_correction_comes_first(name, typed, first):
    assert judge(typed, open_dictionary(name)).suggestions[0] == first


def test_refusals_for_any_reason_get_suggestions(everyday):
    assert judge("ok", everyday).suggestions[0] == "oak"  # a letter left out comes first
    assert judge("paris", everyday).suggestions[0] == "pairs"
    # its letters in another order, after a word that sounds the same with a letter left out
    assert judge("ing", everyday).suggestions[:2] == ("wing", "gin")
    assert judge("quiz", everyday).suggestions == ()


def test_ranking_is_edits_then_commonness_then_letters():
    assert distance("hte", "the") == 1
    assert distance("abc", "ca") == 3  # a swap is one edit only where nothing else is done between
    assert rank("teh", ["tee", "ten", "tea", "the", "eh"])[0] == "the"
    # same edits, same letters not typed: the common word first, then alphabetical
    assert rank("wlak", ["wok", "walk", "week"]) == ["walk", "week", "wok"]  # week is the commoner
    assert rank("xqz", ["cat", "act"]) == ["act", "cat"]


# --- word-list files and folders -------------------------------------------------


def test_a_list_in_capitals_is_taken_as_words(tmp_path):
    """Tournament lists ship in capitals: with no lower-case entry, case says nothing."""
    path = tmp_path / "TWL.txt"
    path.write_text("QUIZ\nZA\nQI\nPARIS\n", "utf-8")
    own = open_dictionary(str(path))
    assert [own.refusal(w) for w in ("quiz", "za", "qi", "paris")] == [None, None, None, None]
    assert own.refusal("cat") == NOT_IN_DICTIONARY
    assert own.anagrams("aiprs") == ["paris"]


def test_a_list_with_lower_case_entries_keeps_the_case_rule(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("quiz\nParis\nNATO\n", "utf-8")
    own = open_dictionary(str(path))
    assert [own.refusal(w) for w in ("quiz", "paris", "nato")] == [None, PROPER_NOUN, ABBREVIATION]


@pytest.mark.parametrize("content", ["", "\n\n  \n", "123\n--\n"], ids=["empty", "blank lines", "no letters"])
def test_a_word_list_with_no_words_is_refused_naming_it(tmp_path, content):
    path = tmp_path / "empty.txt"
    path.write_text(content, "utf-8")
    with pytest.raises(DictionaryError, match=r"word list .*empty.txt' holds no words"):
        judge("quiz", open_dictionary(str(path)))


def test_a_bare_file_name_here_is_the_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mywords").write_text("zorb\n", "utf-8")
    assert open_dictionary("mywords").refusal("zorb") is None
    assert open_dictionary("everyday").refusal("zorb") == NOT_IN_DICTIONARY  # a shipped name stays the list


@pytest.mark.parametrize("how", ["bare", "full"])
def test_a_folder_is_no_word_list(tmp_path, monkeypatch, how):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "somedir").mkdir()
    name = "somedir" if how == "bare" else str(tmp_path / "somedir")
    with pytest.raises(DictionaryError, match="is a folder: give a word-list file"):
        open_dictionary(name)


def test_a_missing_file_is_still_named(tmp_path):
    with pytest.raises(DictionaryError, match="no word-list file"):
        open_dictionary(str(tmp_path / "nowhere.txt"))
    with pytest.raises(DictionaryError, match="unknown dictionary 'nowhere'"):
        open_dictionary("nowhere")


@pytest.mark.parametrize("tag, search", [("fr_FR", "hunspell-fr"), ("es_ES", "hunspell-es"), ("de_DE", "hunspell-de")])
def test_a_missing_system_dictionary_hints_a_search_not_a_guessed_package(tag, search):
    """Debian has hunspell-fr and hunspell-es, no hunspell-fr-fr: never name a guess."""
    from qscore.words.system_dictionaries import install_hint

    hint = install_hint(tag)
    assert hint.endswith(f"apt-cache search {search})")
    assert "apt-get install" not in hint


# --- notation --------------------------------------------------------------------


@pytest.mark.parametrize("laid", ["q(u)iz", "th(e)", "(c)(l)ever"])
def test_brackets_hold_a_double_card_or_the_word_is_bad_input(laid):
    from tests.conftest import run

    r = run("check", "quiz", laid)
    assert r.exit_code == 2 and r.stdout.startswith("quiz: allowed")
    assert r.stderr.startswith("qscore: error: (") and f"in laid word {laid!r} is a single card" in r.stderr


def test_a_hand_takes_bracketed_double_cards():
    from qscore.errors import CardError
    from qscore.game.cards import parse_hand

    assert [c.token for c in parse_hand("(qu) i z m")] == ["QU", "I", "Z", "M"]
    assert [c.token for c in parse_hand("(QU),(th)")] == ["QU", "TH"]
    with pytest.raises(CardError, match=r"unknown card '\(q\)': brackets hold a double card"):
        parse_hand("(q) i z")


def test_house_words_are_ranked_with_the_rest(tmp_path):
    house = open_dictionary("everyday", {"tek"}, {"tea"})
    got = judge("teh", house).suggestions
    assert got[0] == "the" and "tea" not in got
    assert judge("tekk", house).suggestions[0] == "tek"


def test_a_misspelling_too_long_for_a_hand_gets_the_word_meant_marked(everyday):
    """The word meant needs more cards than a hand holds too: offered all the same, apart
    from the words that fit, and said so; a word the dictionary holds as typed is meant
    as typed (interpretation: nothing else offered)."""
    from qscore.views.verdict_view import verdict_view

    slip = judge("refridgerator", everyday)
    assert slip.reason == "needs 12 cards, the largest hand holds 10"
    assert (slip.suggestions, slip.too_long[0]) == ((), "refrigerator")
    assert verdict_view(slip).suggestions == f"did you mean: {', '.join(slip.too_long)} (more cards than a hand holds)"
    assert judge("interpretaton", everyday).too_long[0] == "interpretation"
    assert judge("interpretation", everyday).too_long == ()
    # a slip that fits a hand is offered as ever, with nothing marked
    assert judge("bubbel", everyday).too_long == ()


def test_a_word_never_suggested_is_never_offered_as_too_long_either():
    from qscore.words.dictionaries import Verdict
    from qscore.words.dictionaries.rejects import unsuggested

    listed = sorted(unsuggested())[:3]
    assert Verdict("x", False, "needs 12 cards", (), (), (*listed, "refrigerator")).too_long == ("refrigerator",)
