"""The suggestion search: the words it finds, and the work it is allowed."""

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qscore.words import keyboard, sounds
from qscore.words import suggestions as s
from qscore.words.dictionaries import judge, open_dictionary
from qscore.words.sortedrows import SortedRows
from qscore.words.suggestions import Budget
from tests.test_dictionaries import opened_here, regenerated


def distance(a, b):
    """Edit distance with swaps of neighbours counted as one edit: the test's own oracle."""
    rows = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
    return rows[len(a)][len(b)]


SYSTEM = [pytest.param("en_US", marks=pytest.mark.sysdict), pytest.param("en_GB", marks=pytest.mark.sysdict)]


WORDS = """quiz quit quits quilt suit thin this than then tin tan ton cat act cast coast
taco tack stack attack zebra zero hero heron her here there three tree free""".split()
PREFIXES = {w[:i] for w in WORDS for i in range(len(w) + 1)}


def walk(word):
    budget = Budget()
    budget.start_word()
    return sorted(s._two_edits(word, set(WORDS).__contains__, PREFIXES.__contains__, budget))


@settings(max_examples=300)
@given(st.text(alphabet="aceqrstuhinz", min_size=1, max_size=7))
def test_the_walk_finds_exactly_the_words_within_two_edits(word):
    assert walk(word) == sorted(w for w in WORDS if distance(word, w) <= 2)


@settings(max_examples=500)
@given(st.text(alphabet="abcq", max_size=9), st.text(alphabet="abcq", max_size=9))
def test_the_distance_is_the_oracles(a, b):
    """The bit-parallel distance against the table of distances worked out whole, on few
    letters so that repeats and swaps abound."""
    assert s.distance(a, b) == distance(a, b)


@settings(max_examples=500)
@given(st.text(alphabet="aab", max_size=9) | st.text(alphabet="abcdefghijklmnopqrstuvwxyz", max_size=9))
def test_the_edits_are_counted_without_being_made(word):
    """The budget's count of a word's look-ups is the strings the search could look up."""
    assert s.edit_count(word) == len(s.edits(word))


@settings(max_examples=300)
@given(st.text(alphabet="aceqrstuhinz", min_size=1, max_size=7))
def test_one_edit_looks_up_only_what_could_be_a_word(word):
    """Sparing the strings that keep a beginning no word has finds the same words, and
    spends the same budget."""
    words = set(WORDS)
    every, spared = Counted(), Counted()
    every.start_word()
    spared.start_word()
    near = s.one_edit(word, words.__contains__, every)
    assert near is not None and sorted(near) == sorted(w for w in WORDS if w in s.edits(word))
    assert sorted(s.one_edit(word, words.__contains__, spared, PREFIXES.__contains__) or ()) == sorted(near)
    assert spared.spent == every.spent


def test_near_words_come_first():
    everyday = open_dictionary()
    assert judge("qiuz", everyday).suggestions[0] == "quiz"  # a swap is one edit
    assert "receive" in judge("recieve", everyday).suggestions
    assert "zebra" in judge("zeebraa", everyday).suggestions  # two edits away


def test_the_bound_stops_a_words_search():
    everyday = open_dictionary()
    small = Budget(per_word=100)  # less than one edit's look-ups
    assert judge("qiuz", everyday, suggest=small).suggestions == ()
    assert judge("qiuz", everyday, suggest=Budget()).suggestions[0] == "quiz"


class Counted(Budget):
    """A budget that records what is spent."""

    def __init__(self) -> None:
        super().__init__()
        self.spent = 0

    def spend(self, n: int) -> bool:
        self.spent += n
        return super().spend(n)


def test_a_word_too_long_for_any_hand_gets_no_suggestions():
    budget = Counted()
    long = "quizzically" * 3
    assert judge(long, open_dictionary(), suggest=budget).suggestions == ()
    assert budget.spent == 0  # nothing searched


@pytest.mark.slow
@pytest.mark.parametrize("name", ["everyday", *SYSTEM])
def test_every_word_of_a_600_word_list_gets_what_it_gets_alone(name):
    """A run shares one budget among its words; each word's share is the whole bound, so
    the words before it change nothing (a list of 625 once left 599 without help). The
    list: the 140 typos, the 151 slips made by ear (the sound step within the bound too),
    and 323 everyday words with a letter changed."""
    dictionary = opened_here(name)
    everyday = open_dictionary()
    typos = [typo for typo, _meant in typo_pairs()]
    heard = [typo for typo, _meant in sound_pairs()]
    rng = random.Random(5)
    words = sorted(everyday.index.source.read_text("utf-8").split())
    slips = []
    while len(typos) + len(heard) + len(slips) < 600:
        w = rng.choice(words)
        at = rng.randrange(len(w))
        slip = w[:at] + rng.choice("abcdefghijklmnopqrstuvwxyz") + w[at + 1 :]
        if not everyday.contains(slip):
            slips.append(slip)
    listed = typos + heard + slips
    shared = Budget()
    in_list = [judge(w, dictionary, suggest=shared).suggestions for w in listed]
    assert in_list == [judge(w, dictionary).suggestions for w in listed]
    assert sum(bool(near) for near in in_list[: len(typos)]) >= 138
    meant = [m for _typo, m in sound_pairs()]
    assert sum(m in near for m, near in zip(meant, in_list[len(typos) : len(typos) + len(heard)], strict=True)) >= 97


@pytest.mark.sysdict
def test_a_system_dictionary_is_searched_through_the_shipped_candidates():
    """hunspell's own search (20 to 150 ms a word) is never called: the words near a typo
    are found in the largest shipped list, by the same bounded search, and kept where
    hunspell allows them."""
    en_us = open_dictionary("en_US")
    calls = []
    en_us._dict.suggest = calls.append
    assert judge("qiuz", en_us).suggestions[0] == "quiz"
    assert "license" in judge("lisence", en_us).suggestions  # two edits
    assert "colour" not in judge("coulor", en_us).suggestions  # wordgame's, not en_US's
    for word in [f"xq{a}z{b}v" for a in "bcdfg" for b in "hjklm"]:
        judge(word, en_us)
    assert calls == []


def typo_pairs(name="typos.tsv"):
    path = Path(__file__).resolve().parent / "data" / name
    return [line.split("\t") for line in path.read_text("utf-8").splitlines() if not line.startswith("#")]


def sound_pairs():
    return typo_pairs("sounds.tsv")


def test_slips_made_by_ear_are_offered():
    """Words spelt as they sound share a Double Metaphone key with the word meant, found
    in the list's key index however many letters differ (kwiz, quiz: KS)."""
    everyday = open_dictionary()
    assert judge("kwiz", everyday).suggestions[0] == "quiz"
    assert judge("elefant", everyday).suggestions[0] == "elephant"
    assert "school" in judge("skool", everyday).suggestions
    assert "phone" in judge("fone", everyday).suggestions
    near = judge("anser", everyday).suggestions
    assert near.index("answer") < near.index("saner")  # a letter moved two places is rarer than one heard


def test_slips_whose_letters_mislead_the_key_are_offered_by_pronunciation():
    """enough's letters key as ANK (gh read as k), should's as XLT (the l sounded): a
    word list's sound index files them under their pronunciation's key too (ANF, XT),
    so enuf and shud reach them; sure, said XR, comes before share for shure."""
    everyday = open_dictionary()
    assert sounds.sound_key("enough") == "ANK" and sounds.sound_key("enuf") == "ANF"
    assert sounds.pronounced_keys()["enough"] == ["ANF"] and sounds.pronounced_keys()["should"] == ["XT"]
    assert judge("enuf", everyday).suggestions[0] == "enough"
    assert judge("shud", everyday).suggestions[0] == "should"
    assert judge("shure", everyday).suggestions[0] == "sure"


def test_words_are_said_by_the_letter_rules_or_as_cmu_says_them():
    """Festival's letter-to-sound rules say a typed word; a common word the rules say
    otherwise than CMU does is said as CMU does (enough: the rules drop its vowel)."""
    assert sounds.pronounce("fone") == sounds.pronounce("phone") == "f ow n"
    assert sounds.pronounce("fine") == "f ay n"
    assert sounds.pronounce("kwiz") in sounds.said("quiz")
    assert sounds.pronounce("enough") == "ih n f" and sounds.said("enough") == ["ih n ah f"] == [
        sounds.pronounce("enuf")
    ]
    assert sounds.pronounce("box") == "b aa k s" and sounds.pronounce("exam") == "ih g z ah m"  # x said as two phones


def test_a_common_word_said_as_the_letters_typed_comes_before_nearer_words():
    """fone is said as phone (f ow n), not as fine or fane, one edit off and the same key;
    a letter doubled or two neighbours swapped still come first (gaurd: guard, never gourd,
    which the rules say as gaurd)."""
    everyday = open_dictionary()
    for typo, meant in (("fone", "phone"), ("dawter", "daughter"), ("laff", "laugh"), ("thot", "thought")):
        assert judge(typo, everyday).suggestions[0] == meant, typo
    assert judge("gaurd", everyday).suggestions[0] == "guard"
    assert judge("qeen", everyday).suggestions[0] == "queen"


def test_a_word_list_file_is_keyed_by_pronunciation_too(tmp_path):
    listed = tmp_path / "words.txt"
    listed.write_text("enough\nshould\nquiz\n", "utf-8")
    own = open_dictionary(str(listed))
    assert own.index.sounding("ANF") == ["enough"] and own.index.sounding("ANK") == ["enough"]
    assert own.index.sounding("XT") == ["should"] and own.index.sounding("KS") == ["quiz"]
    assert judge("enuf", own).suggestions == ("enough",)


def test_the_slips_of_the_keys_still_come_first():
    """A sound-alike ranks after a letter doubled or two neighbours swapped (teh: the, not
    tea, which sounds like it), and a word one edit off that sounds alike before one that
    takes a letter from elsewhere (clok: clock, then lock)."""
    everyday = open_dictionary()
    assert judge("teh", everyday).suggestions[0] == "the"
    assert judge("hte", everyday).suggestions[0] == "the"
    assert judge("realy", everyday).suggestions[0] == "really"
    assert judge("qeen", everyday).suggestions[0] == "queen"
    near = judge("clok", everyday).suggestions
    assert near[0] == "clock" and "lock" in near


def test_neighbour_keys_are_those_that_touch_on_a_keyboard_or_a_phone():
    """Keys beside one in its row and those touching it above and below, on a computer's
    staggered rows or a phone's; the same row nearer than across."""
    assert keyboard.neighbours("s", "a") and keyboard.neighbours("s", "w") and keyboard.neighbours("x", "s")
    assert keyboard.neighbours("h", "u")  # on a phone, whose rows are staggered by half a key
    assert not keyboard.neighbours("q", "p") and not keyboard.neighbours("a", "a") and not keyboard.neighbours("t", "b")
    assert keyboard.neighbour_key("xat", "cat") == 0 and keyboard.neighbour_key("xat", "sat") == 1
    assert keyboard.neighbour_key("dpg", "dog") == 0
    assert keyboard.neighbour_key("dpg", "dig") is None  # p and i are not neighbours
    assert keyboard.neighbour_key("teh", "the") is None and keyboard.neighbour_key("wster", "waster") is None


def test_a_neighbour_key_s_slip_comes_first_where_common_enough():
    """A word one key's neighbour away, common enough, ranks before the words that sound like
    the slip (they once offered debug, disable, pressed and resin first, and never cat or
    water), the same row first; a doubled letter, a swap and a word said as typed keep
    their place against a word of the same size."""
    everyday = open_dictionary()
    slips = {"dpg": "dog", "tsble": "table", "bresd": "bread", "rsin": "rain", "xat": "cat", "wster": "water"}
    assert {typo: judge(typo, everyday).suggestions[0] for typo in slips} == slips
    assert judge("xat", everyday).suggestions[:2] == ("cat", "sat")
    assert judge("fone", everyday).suggestions[:2] == ("phone", "fine")  # said as typed
    assert judge("teh", everyday).suggestions[0] == "the"  # swapped, before ten
    assert judge("foward", everyday).suggestions[0] == "forward"  # a letter left out, before toward
    assert "ester" not in judge("wster", everyday).suggestions[:2]  # a rare word is never moved


def test_sound_keys_come_from_double_metaphone():
    assert sounds.sound_key("kwiz") == sounds.sound_key("quiz") == "KS"
    assert sounds.sound_key("phone") == sounds.sound_key("fone") == "FN"
    assert sounds.sound_key("h") == ""  # no sounded letter: no key, no sound-alike


def test_the_sound_step_keeps_to_the_budget():
    everyday = open_dictionary()
    budget = Counted()
    budget.start_word()
    assert "quiz" in s.sound_alikes("kwiz", everyday.index.sounding, everyday.contains, budget).alike
    assert 0 < budget.spent < s.PER_WORD
    small = Budget(per_word=10)  # less than the words of one key cost
    small.start_word()
    assert s.sound_alikes("kwiz", everyday.index.sounding, everyday.contains, small) == s.Heard([], [])


def test_a_phonetic_spelling_is_reached_through_the_key_of_what_it_says():
    """kampaygn's letters key as KMPKN (Double Metaphone reads its g as k); the letter-to-
    sound rules say it as campaign is said (k ae m p ey n, key KMPN): campaign, two edits
    off, is met under that second key alone, and offered first. badj (PTJ, said as badge:
    PJ) the same."""
    everyday = open_dictionary()
    assert sounds.sound_key("kampaygn") == "KMPKN" and sounds.heard_keys("kampaygn") == ["KMPKN", "KMPN"]
    assert "campaign" not in everyday.index.sounding("KMPKN")
    budget = Budget()
    budget.start_word()
    heard = s.sound_alikes("kampaygn", everyday.index.sounding, everyday.contains, budget)
    assert "campaign" in heard.otherwise and "campaign" not in heard.alike
    assert judge("kampaygn", everyday).suggestions[0] == "campaign"
    assert judge("badj", everyday).suggestions[0] == "badge"


def test_a_word_said_as_typed_is_offered_however_far_off():
    """A word of the typed word's key said exactly as the rules say the typed word is offered
    past the three edits a sound-alike may be: fizix (physics, six edits), kof (cough, four).
    A word met only under the second key ranks after one of the letters' key: nacher, which
    the rules say as knacker (n ae k er), offers nature first."""
    everyday = open_dictionary()
    assert s.distance("fizix", "physics") == 6 and judge("fizix", everyday).suggestions[0] == "physics"
    assert judge("kof", everyday).suggestions[0] == "cough"
    near = judge("nacher", everyday).suggestions
    assert near[0] == "nature" and "knacker" in near


@pytest.mark.parametrize("name", ["everyday", "wordgame", *SYSTEM])
def test_every_dictionary_offers_sound_alikes(name):
    dictionary = opened_here(name)
    assert "quiz" in judge("kwiz", dictionary).suggestions
    assert "elephant" in judge("elefant", dictionary).suggestions


def test_a_word_list_file_has_its_own_key_index(tmp_path):
    listed = tmp_path / "words.txt"
    listed.write_text("quiz\nphone\nschool\n", "utf-8")
    own = open_dictionary(str(listed))
    assert judge("kwiz", own).suggestions == ("quiz",)
    assert judge("skool", own).suggestions == ("school",)


@pytest.mark.slow
def test_slips_made_by_ear_measured():
    """The project's slips made by ear (tests/data/sounds.tsv): the word meant first for
    109 of 151 and offered for 143 (106 before the neighbour keys' step: of, is and bowl
    first now; 96 and 132 before a word said as typed was offered however far off, issue
    37). Of the first 137 (the 14 seen in the wild came after), 91 and 122 (before the
    sound step: 37 and 61; with Double Metaphone's keys of the letters alone: 56 and 99;
    with the pronunciations' keys: 67 and 109); the typos test holds the slips of the
    keys. dictionaries/README.md has every dictionary's."""
    pairs = sound_pairs()
    assert len(pairs) >= 100
    first, offered = measured(pairs)
    assert first >= 107 and offered >= 141, (first, offered)


def measured(pairs):
    """For how many of ``pairs`` (typo, word meant) everyday offers the word meant first,
    and at all; every typo refused, every word meant allowed."""
    everyday = open_dictionary()
    assert all(not judge(typo, everyday, suggest=False).allowed for typo, _ in pairs), "every slip is refused"
    assert all(judge(meant, everyday, suggest=False).allowed for _, meant in pairs), "every word meant is allowed"
    got = {typo: judge(typo, everyday).suggestions for typo, _ in pairs}
    first = sum(got[typo][:1] == (meant,) for typo, meant in pairs)
    return first, sum(meant in got[typo] for typo, meant in pairs)


@pytest.mark.slow
def test_the_intended_word_comes_first_for_common_typos():
    """The project's typo set: the word meant first in 95% at least, offered in 99%: 145
    and 146 of 146 (139 and 144 before the neighbour keys' step, whose six slips end it)."""
    everyday = open_dictionary()
    pairs = typo_pairs()
    assert len(pairs) >= 100
    got = {typo: judge(typo, everyday) for typo, _ in pairs}
    assert all(not v.allowed for v in got.values()), "every typo is refused"
    assert all(judge(meant, everyday, suggest=False).allowed for _, meant in pairs), "every word meant is allowed"
    first = sum(got[typo].suggestions[:1] == (meant,) for typo, meant in pairs)
    offered = sum(meant in got[typo].suggestions for typo, meant in pairs)
    assert first >= 0.95 * len(pairs) and offered >= 0.99 * len(pairs), (first, offered, len(pairs))
    assert first >= 145 and offered >= 146, (first, offered)


@pytest.mark.slow
def test_the_word_meant_is_offered_for_the_fresh_slips():
    """tests/data/typos-fresh.tsv, 60 slips written for issue 37 and never used to choose
    the ranking (the measure): the word meant offered for 58 and first for 54 (49 before the
    neighbour keys' step; the target: 57 offered)."""
    pairs = typo_pairs("typos-fresh.tsv")
    assert len(pairs) == 60
    first, offered = measured(pairs)
    assert first >= 54 and offered >= 58, (first, offered)


@pytest.mark.slow
def test_the_word_meant_comes_first_for_the_fresh_slips_as_typed():
    """tests/data/typos-fresh2.tsv, 60 slips a family types (33 of them a neighbour key),
    written before the ranking weighed the keyboard: the word meant first for 51 and
    offered for 58 (38 and 55 before; the target: 50 and 58)."""
    pairs = typo_pairs("typos-fresh2.tsv")
    assert len(pairs) == 60
    first, offered = measured(pairs)
    assert first >= 51 and offered >= 58, (first, offered)


def test_a_refusal_for_any_reason_gets_suggestions():
    everyday = open_dictionary()
    assert "rubble" in judge("bubble", everyday).suggestions  # the deck has two B
    assert judge("co-op", everyday).suggestions[0] == "coop"
    assert judge("tounge", everyday).suggestions[0] == "tongue"  # a letter two places off
    assert judge("qeen", everyday).suggestions[0] == "queen"
    assert judge("realy", everyday).suggestions[0] == "really"


def test_obscenities_and_slurs_are_never_offered_but_stay_words():
    """WordNet's obscenity and ethnic-slur labels keep a word out of every suggestion list
    (dictionaries/README.md); a common word with an everyday sense stays offered."""
    everyday = open_dictionary()
    assert "dago" not in judge("dgo", everyday).suggestions  # it was third, after dog and god
    assert "fuck" not in judge("fick", everyday).suggestions
    assert judge("dago", everyday).allowed and judge("fuck", everyday).allowed
    assert "screw" in judge("scrwe", everyday).suggestions  # SCOWL's common words keep their offer
    shipped = (Path(__file__).resolve().parent.parent / "qscore" / "wordlists" / "unsuggested.txt").read_text()
    assert {"dago", "dagos", "fuck", "fucking"} <= set(shipped.split())
    assert not {"boy", "screw", "tool", "spade"} & set(shipped.split())


@pytest.mark.skipif(
    not Path("/usr/share/festival/dicts/cmu/cmudict-0.4.out").is_file(),
    reason="needs Debian's festlex-cmu (./dev test installs it)",
)
@pytest.mark.sysdict
@pytest.mark.slow
def test_shipped_pronunciations_are_what_the_generator_builds():
    """qscore/data's pronunciations' keys, letter-to-sound rules and common words' pronunciations
    regenerate byte for byte from Debian's festlex-cmu."""
    done = regenerated("build_sounds.py")
    assert done.returncode == 0, done.stderr


def saved_cases():
    path = Path(__file__).resolve().parent / "data" / "suggestions.tsv"
    rows = [line.split("\t") for line in path.read_text("utf-8").splitlines() if not line.startswith("#")]
    return [(name, typed, tuple(near.split())) for name, typed, near in rows]


def offered(cases):
    dictionaries = {name: open_dictionary(name) for name, _typed, _near in cases}
    return [(n, typed, tuple(dictionaries[n].suggest(typed, 20))) for n, typed, _near in cases]


def test_a_sample_of_the_saved_misspellings_gets_what_it_got():
    """Every tenth case of the file below, for the quick loop."""
    cases = saved_cases()[::10]
    assert offered(cases) == cases


@pytest.mark.slow
def test_every_saved_misspelling_gets_what_it_got():
    """800 seeded misspellings (one, two and three letters off, gibberish) and the words the
    search offered them, best first, written by tools/suggestion_cases.py: a change to how
    the search is done offers the same words in the same order, where the bound cuts a
    walk short too. A change meant to offer other words writes the file again, in its own
    commit, with its counts on typos.tsv and sounds.tsv."""
    cases = saved_cases()
    assert len(cases) == 800 and sum(bool(near) for _n, _typed, near in cases) > 600
    assert offered(cases) == cases


@pytest.mark.parametrize(("folder", "name"), [("wordlists", "common.tsv"), ("data", "said.tsv")])
def test_a_table_looked_up_by_bisection_is_sorted(folder, name):
    """common.tsv and said.tsv are looked up by bisection in their lines (tables.SortedRows):
    their rows must be in order, each word once."""
    table = SortedRows(folder, name)
    rows = table.rows
    words = [row.split("\t")[0] for row in rows]
    assert len(rows) > 7000 and rows == sorted(rows) and len(set(words)) == len(words)
    assert all(table.get(row.split("\t")[0]) == row.split("\t", 1)[1] for row in rows[::97])
    assert table.get("zzqx") is None and table.get(words[0] + "q") is None
    # the bisection in the text finds every row, the first and the last too, and no word
    # between two rows or before the first, and splits nothing
    looked = SortedRows(folder, name)
    assert all(looked.get(w) == row.split("\t", 1)[1] for w, row in zip(words, rows, strict=True))
    table_of = dict(row.split("\t", 1) for row in rows)
    others = ["a", "zzzzzz", words[0][:-1], words[-1] + "z", words[len(words) // 2] + "q"]
    assert [looked.get(w) for w in others] == [table_of.get(w) for w in others]
    assert "rows" not in vars(looked)
