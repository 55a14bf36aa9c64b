"""``qscore define`` and ``qscore check --define``: the verdict, then what the word means."""

import json

import pytest

from tests.conftest import run
from tests.wordsets import MUST_ACCEPT, MUST_REJECT, read_classes


def test_define_gives_the_verdict_then_the_meanings():
    r = run("define", "-d", "wordgame", "qat", "quizzes")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[:2] == [
        "qat: allowed",
        "  noun: the leaves of the shrub Catha edulis which are chewed like tobacco or used to make tea",
    ]
    assert lines[2:] == [
        "quizzes: allowed",
        "  plural and present tense of quiz",
        "  noun: an examination consisting of a few short questions",
        "  verb: examine someone's knowledge of something",
    ]


def test_define_shows_a_meaning_only_gcide_has():
    """methinks is in no WordNet: its meaning is Webster's, labelled as Webster labels it."""
    r = run("define", "methinks")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == ["methinks: allowed", "  verb: it seems to me; I think (rare)"]


def test_define_exits_as_check_does():
    r = run("define", "het", "flied")
    assert r.exit_code == 1  # het is not in everyday, but what it means is still told
    assert r.stdout.splitlines() == [
        "het: not allowed (not in everyday; wordgame allows it)",
        "  did you mean: heat, the, heft, hent, hest",
        "  what het means, though not allowed here:",
        "    adjective: made warm or hot ('het' is a dialectal variant of 'heated')",
        "flied: allowed",
        "  no meaning on file",
    ]


def test_a_word_no_hand_can_lay_says_its_meaning_is_not_kept():
    """bubble said "no meaning on file", though WordNet has one: the file keeps only words a hand can lay."""
    r = run("define", "bubble", "interpretation")
    assert r.exit_code == 1
    assert r.stdout.splitlines()[-1] == "  no meaning kept: no hand of the standard deck can lay it"
    assert r.stdout.count("no meaning kept") == 2 and "no meaning on file" not in r.stdout


def test_define_names_a_word_it_also_inflects_and_several_bases():
    out = run("define", "rose", "axes").stdout.splitlines()
    assert out[0] == "rose: allowed" and out[4] == "  also past form of rise"
    assert out[5:7] == ["axes: allowed", "  plural of ax; plural of axis; present tense of axe"]
    assert out[7].startswith("  noun (ax): ") and out[8].startswith("  noun (axis): ")


def test_a_past_tense_far_more_used_than_the_word_is_its_first_meaning_named_once():
    """saw showed the proverb and the tool, then "also past form of see": the texts used see
    1,214 times, saw's own senses once, so its past tense comes first, named there only."""
    out = run("define", "saw").stdout.splitlines()
    assert out[1] == "  verb: past tense of see" and not any("also" in line for line in out)


def test_define_uses_the_rules_only_for_an_allowed_word():
    r = run("define", "quizs")
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        "quizs: not allowed (not in the dictionary)",
        "  did you mean: quiz, quits, quips, quids, quins",
        "  no meaning on file",
    ]


def test_define_offers_the_words_near_a_typo_as_check_does():
    r = run("define", "wierd", "het")
    assert r.stdout.splitlines()[:3] == [
        "wierd: not allowed (not in the dictionary)",
        "  did you mean: weird, wired, wider, wield, word",
        "  no meaning on file",
    ]
    # het is refused by everyday, and offered what everyday allows, as check offers it
    assert r.stdout.splitlines()[3:] == [
        "het: not allowed (not in everyday; wordgame allows it)",
        "  did you mean: heat, the, heft, hent, hest",
        "  what het means, though not allowed here:",
        "    adjective: made warm or hot ('het' is a dialectal variant of 'heated')",
    ]


def test_a_refused_words_meaning_never_reads_as_if_it_stood():
    """za: not allowed, then "noun: an old solfeggio name ..." read as the word's standing:
    a refused word's meanings come under a head that says it is not allowed."""
    r = run("check", "za", "--define")
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        "za: not allowed (not in everyday; wordgame allows it)",
        "  Z·A   16 points",
        "  did you mean: zag, zap, saw, say, sea",
        "  what za means, though not allowed here:",
        "    noun: an old solfeggio name for B flat",
    ]
    allowed = run("check", "-d", "wordgame", "za", "--define")  # where it stands, no head
    assert allowed.stdout.splitlines()[-1] == "  noun: an old solfeggio name for B flat"
    assert "though not allowed" not in allowed.stdout


@pytest.mark.slow
@pytest.mark.parametrize("name", ["everyday", "wordgame"])
def test_define_and_check_agree_on_every_word_of_the_lists(name):
    """define gives check's verdict and reason for every word of the project's lists, then
    the meanings: a meaning on file (WordNet lists qat, and publically, a misspelling)
    never stands in for a verdict."""
    words = [w for path in (MUST_ACCEPT, MUST_REJECT) for group in read_classes(path) for w in group.words]
    typed = "\n".join(words) + "\n"
    checked = json.loads(run("check", "-d", name, "--no-suggest", "--json", "-", input=typed).stdout)
    defined = json.loads(run("define", "-d", name, "--no-suggest", "--json", "-", input=typed).stdout)
    assert len(checked) == len(words) > 2000
    fields = ("word", "allowed", "reason")
    assert [[c[f] for f in fields] for c in checked] == [[d[f] for f in fields] for d in defined]


def test_define_offers_what_check_offers_for_a_refused_word_with_a_meaning():
    """WordNet lists some misspellings (publically, humourous, supercede): define refuses
    them as check does, and offers the same words, the meaning after them."""
    words = ["publically", "humourous", "supercede", "qat", "wierd", "quizs", "sashimi", "kg"]
    checked = json.loads(run("check", "--json", *words).stdout)
    defined = json.loads(run("define", "--json", *words).stdout)
    fields = ("word", "allowed", "reason", "suggestions")
    assert [[c[f] for f in fields] for c in checked] == [[d[f] for f in fields] for d in defined]
    publically = defined[0]
    assert not publically["allowed"] and publically["meanings"] and "publicly" in publically["suggestions"]


def test_define_takes_no_suggest_as_check_does():
    r = run("define", "--no-suggest", "wierd")
    assert (r.exit_code, r.stdout) == (1, "wierd: not allowed (not in the dictionary)\n  no meaning on file\n")
    assert json.loads(run("define", "--no-suggest", "--json", "wierd").stdout)[0]["suggestions"] == []


def test_define_reads_standard_input():
    r = run("define", "-", input="went\n\n(qu)iz\n")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[:3] == ["went: allowed", "  past form of go", "  verb: change location"]
    assert "quiz: allowed" in r.stdout


def test_define_bad_input_is_one_line_and_the_rest_is_judged():
    r = run("define", "qu1z", "quiz")
    assert r.exit_code == 2 and r.stdout.splitlines()[0] == "quiz: allowed"
    assert r.stderr == "qscore: error: 'qu1z' has digits: cards carry letters only\n"


def test_define_json():
    r = run("define", "--json", "went", "steve")
    assert r.exit_code == 1
    went, steve = json.loads(r.stdout)
    assert went["forms"] == [{"form": "past form", "of": "go"}]
    assert went["meanings"][0] == {"word": "go", "pos": "verb", "text": "change location"}
    assert steve == {
        "word": "steve",
        "allowed": False,
        "reason": "proper noun",
        "suggestions": ["steeve", "stave", "stove", "sieve", "stele"],
        "forms": [],
        "meanings": [],
    }
    assert json.loads(run("define", "--json", "went").stdout)[0]["suggestions"] == []


def test_check_define_adds_the_meanings():
    r = run("check", "--define", "quiz")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [
        "quiz: allowed",
        "  Q·U·I·Z   35 points",
        "  QU·I·Z    25 points",
        "  noun: an examination consisting of a few short questions",
        "  verb: examine someone's knowledge of something",
    ]
    got = json.loads(run("check", "--define", "--json", "quiz").stdout)[0]
    assert got["spellings"][0]["points"] == 35 and got["meanings"][0]["word"] == "quiz"
    assert "meanings" not in json.loads(run("check", "--json", "quiz").stdout)[0]


def test_a_challenge_that_stands_ends_with_the_meaning():
    for args in [
        ("new", "ann", "ben", "--bonus", "most", "--rounds", "7"),
        ("score", "ann", "quizzes", "--out"),
        ("score", "ben", "vqx", "cat", "--unused", "A"),
    ]:
        assert run(*args).exit_code == 0, args
    stands = run("challenge", "ann", "quizzes", "--by", "ben")
    assert stands.exit_code == 0, stands.output
    assert stands.stdout.splitlines()[:2] == [
        "Challenge by ben: quizzes is allowed: ben loses 49 points in round 1 (worth 54, but a hand stops at 0).",
        "  quizzes, plural and present tense of quiz (noun): an examination consisting of a few short questions",
    ]
    falls = run("challenge", "ben", "vqx", "--by", "ann")
    assert falls.exit_code == 0, falls.output
    assert falls.stdout.startswith("Challenge by ann: vqx is not allowed (not in the dictionary)")
    assert "(noun)" not in falls.stdout and "no meaning" not in falls.stdout  # nothing more for a word that falls
    # a paper dictionary's ruling that the word stands reads it out too
    ruled = run("challenge", "ben", "cat", "--by", "ann", "--ruling", "valid")
    assert ruled.stdout.splitlines()[1].startswith("  cat (noun): feline mammal")


def test_a_challenge_meaning_is_one_line_or_nothing():
    from qscore.cli.meanings import meaning_after_challenge

    quiz = "\n  quiz (noun): an examination consisting of a few short questions"
    assert meaning_after_challenge("(qu)iz", True) == quiz
    assert meaning_after_challenge("(qu)iz", False) == ""
    assert meaning_after_challenge("flied", True) == ""  # no meaning on file: nothing more
