"""What the dictionaries hold: loanwords folded to a-z, clippings as words, abbreviations
refused on the curated evidence, the case rule of word-list files, a private enchant,
and an index cache that cleans up after itself."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from qscore.errors import DictionaryError
from qscore.game.cards import fold, laid_letters, parse_laid_word
from qscore.paths import shown_path
from qscore.words import dictionaries as d
from qscore.words.dictionaries import judge, open_dictionary
from qscore.words.dictionaries.rejects import Rejects
from qscore.words.dictionaries.wordfiles import WordIndex, sort_key
from tests.conftest import run

REPO = Path(__file__).resolve().parent.parent
LOANWORDS = "cafe cliche jalapeno souffle entree eclair pinata saute naive".split()
CLIPPINGS = "app intro tech stat bio max mag prelim maths cafe".split()
TRUE_ABBREVIATIONS = "etc tv asap".split()
UNITS = "kg mph".split()


@pytest.fixture(scope="module", params=["everyday", "wordgame"])
def shipped(request):
    return open_dictionary(request.param)


@pytest.fixture(scope="module")
def en_us():
    return open_dictionary("en_US")


def read_curated(name):
    entries = {}
    for line in (REPO / "dictionaries" / name).read_text("utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            word, _, reason = line.partition(" ")
            entries[word] = reason.strip()
    return entries


# --- loanwords ---------------------------------------------------------------


def test_fold_drops_diacritics_and_keeps_case():
    assert [fold(w) for w in ("café", "jalapeño", "naïve", "Zürich", "smørrebrød", "Æsop", "quiz")] == [
        "cafe",
        "jalapeno",
        "naive",
        "Zurich",
        "smorrebrod",
        "AEsop",
        "quiz",
    ]


def test_shipped_lists_hold_the_loanwords(shipped):
    assert {w: judge(w, shipped, suggest=False).reason for w in LOANWORDS} == dict.fromkeys(LOANWORDS)


def test_typed_accents_are_judged_as_their_letters(shipped, en_us):
    for dictionary in (shipped, en_us):
        got = [judge(w, dictionary, suggest=False) for w in ("café", "JALAPEÑO", "Naïve")]
        assert [(v.word, v.allowed) for v in got] == [("cafe", True), ("jalapeno", True), ("naive", True)]


def test_enchant_suggests_loanwords_in_letters():
    class Hunspell:  # a dictionary that holds its loanwords only with accents, as en_GB does
        def check(self, word):
            return word == "soufflé"

    en_gb = object.__new__(d.EnchantDictionary)
    en_gb.name, en_gb._dict = "en_GB", Hunspell()
    assert en_gb.suggest("soufle") == ["souffle"]


def test_laid_words_fold_too():
    assert [c.token for c in parse_laid_word("café")] == ["C", "A", "F", "E"]
    assert [c.token for c in parse_laid_word("(qu)ïz")] == ["QU", "I", "Z"]
    assert laid_letters("Café") == "cafe"


def test_enchant_solver_finds_loanwords(en_us):
    from qscore.game.cards import parse_hand
    from qscore.hands.solver import solve

    play = solve(parse_hand("J A L A P E N O"), en_us, discard=False).best
    assert [w.text for w in play.words] == ["jalapeno"]


# --- clippings and abbreviations ---------------------------------------------


def test_clippings_are_words_and_true_abbreviations_are_not(shipped):
    assert {w: judge(w, shipped, suggest=False).reason for w in CLIPPINGS} == dict.fromkeys(CLIPPINGS)
    got = {w: judge(w, shipped, suggest=False).reason for w in TRUE_ABBREVIATIONS + UNITS}
    assert got == dict.fromkeys(TRUE_ABBREVIATIONS, d.ABBREVIATION) | dict.fromkeys(UNITS, d.UNIT_SYMBOL)


def test_enchant_uses_the_same_abbreviation_list(en_us):
    # hunspell (built from SCOWL) accepts etc, kg, mph and asap: the shipped list refuses them
    assert all(en_us._dict.check(w) for w in ("etc", "kg", "mph", "asap"))
    got = {w: judge(w, en_us, suggest=False).reason for w in TRUE_ABBREVIATIONS + UNITS}
    assert got == dict.fromkeys(TRUE_ABBREVIATIONS, d.ABBREVIATION) | dict.fromkeys(UNITS, d.UNIT_SYMBOL)
    # and lets hunspell judge the clippings: en_US has all but the British maths
    known = [w for w in CLIPPINGS if w != "maths"]
    assert {w: en_us.refusal(w) for w in known} == dict.fromkeys(known)
    assert en_us.refusal("maths") == "not in en_US; everyday allows it"


def test_every_curated_word_is_allowed_and_no_abbreviation():
    words = read_curated("curated-words.txt")
    assert set(CLIPPINGS) - {"cafe"} <= set(words)
    assert not set(TRUE_ABBREVIATIONS) & set(words)
    assert all(reason for reason in words.values()), "every curated word says why it is one"
    wordgame = open_dictionary("wordgame")
    assert [w for w in words if judge(w, wordgame, suggest=False).reason] == []
    assert [w for w in words if Rejects().denied(w)] == []


# --- word-list files keep their case rule ------------------------------------


def test_capitalised_entries_of_a_word_file_are_names(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("Bill\nbill\nParis\nNATO\nquiz\nCafé\nsoufflé\n", "utf-8")
    own = open_dictionary(str(path))
    got = {w: judge(w, own, suggest=False).reason for w in ("bill", "paris", "nato", "quiz", "cafe", "souffle")}
    assert got == {
        "bill": None,
        "paris": d.PROPER_NOUN,
        "nato": d.ABBREVIATION,
        "quiz": None,
        "cafe": d.PROPER_NOUN,
        "souffle": None,
    }
    assert own.size() == 3 and own.anagrams(sort_key("bill")) == ["bill"]
    assert own.anagrams(sort_key("paris")) == []


def test_house_lists_take_their_entries_in_any_case(tmp_path):
    """A house list states the table's own words: OK and Za count as ok and za."""
    allow, deny = tmp_path / "allow.txt", tmp_path / "deny.txt"
    allow.write_text("zyzzyva\nOK\nZa\n", "utf-8")
    deny.write_text("Quiz\n", "utf-8")
    assert d.read_word_file(allow) == {"zyzzyva", "ok", "za"}
    assert d.read_word_file(deny) == {"quiz"}
    house = open_dictionary("everyday", d.read_word_file(allow), d.read_word_file(deny))
    assert [house.refusal(w) for w in ("ok", "za", "zyzzyva", "quiz")] == [None, None, None, d.HOUSE_DENIED]


@pytest.mark.parametrize(
    "content",
    [b"\x7fELF\x02\x01\x01\x00", "quiz\nthin\n".encode("utf-16"), "quiz\n".encode("utf-16-le"), b"caf\xe9\n"],
    ids=["binary", "utf-16", "utf-16 without mark", "latin-1"],
)
def test_a_word_file_that_is_not_text_is_refused(tmp_path, content):
    path = tmp_path / "words.txt"
    path.write_bytes(content)
    with pytest.raises(DictionaryError, match=r"word list .*words.txt' is not UTF-8 text, one word a line"):
        judge("quiz", open_dictionary(str(path)))
    with pytest.raises(DictionaryError, match="not UTF-8 text"):
        d.read_word_file(path)


def test_utf8_with_a_byte_order_mark_and_crlf_is_text(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes("quiz\r\nthin\r\n".encode("utf-8-sig"))
    own = open_dictionary(str(path))
    assert judge("quiz", own).allowed and judge("thin", own).allowed


# --- enchant is isolated -----------------------------------------------------


def test_an_everyday_word_en_us_lacks_is_no_proper_noun(en_us):
    """en_US has no British spellings: grey was "Grey is a proper noun" (hunspell knows only
    the name Grey) and colour plain "not in the dictionary"; both are everyday words."""
    for word in ("grey", "colour", "centre"):
        assert en_us.refusal(word) == "not in en_US; everyday allows it", word
    assert en_us.refusal("steve") == d.PROPER_NOUN
    assert en_us.refusal("qzx") == d.NOT_IN_DICTIONARY


def personal_home(tmp_path):
    home = tmp_path / "user"
    config = home / ".config" / "enchant"
    config.mkdir(parents=True)
    (config / "en_US.dic").write_text("zqxjv\n", "utf-8")
    (config / "en_US.exc").write_text("quiz\n", "utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ENCHANT", "XDG_"))}
    env.update(HOME=str(home), QSCORE_HOME=str(tmp_path / "qscore"))
    return config, env


@pytest.mark.slow
def test_personal_word_lists_never_change_a_verdict_nor_are_written(tmp_path):
    config, env = personal_home(tmp_path)
    before = {p.name: p.read_bytes() for p in config.iterdir()}
    # plain enchant reads the personal lists: the test can tell
    plain = "import enchant; d = enchant.Dict('en_US'); print(d.check('zqxjv'), d.check('quiz'))"
    done = subprocess.run([sys.executable, "-c", plain], env=env, capture_output=True, text=True)
    assert done.stdout == "True False\n", done.stderr
    # both ways in: opened in the background as the command line loads, and when asked for
    for entry in (["-m", "qscore"], ["-c", "from qscore.cli import main; main()"]):
        command = [sys.executable, *entry, "check", "-d", "en_US", "zqxjv", "quiz"]
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        assert done.returncode == 1, done.stderr
        assert "zqxjv: not allowed (not in the dictionary)" in done.stdout and "quiz: allowed" in done.stdout
        assert {p.name: p.read_bytes() for p in config.iterdir()} == before


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["check", "-d", "en_US", "quiz"], "en_US"),
        (["check", "quiz", "--dictionary=en_GB"], "en_GB"),
        (["best", "-den_US", "Q U I Z"], "en_US"),
        (["check", "-d", "en_US", "-d", "wordgame", "quiz"], "wordgame"),
        (["check", "--", "-d", "en_US"], None),
        (["score", "ann", "-d", "en_US"], None),
        (["check", "quiz"], None),
        ([], None),
    ],
)
def test_the_dictionary_a_command_line_names(args, named):
    from qscore.__main__ import named_dictionary

    assert named_dictionary(args) == named


@pytest.mark.sysdict
def test_a_dictionary_begun_early_outlives_its_command(monkeypatch):
    """The command line's dictionary is not freed when the command returns (about 10 ms
    of check's start-up): the process ends with the command. One opened later is freed."""
    import gc
    import weakref

    from qscore.words import system_dictionaries as early

    monkeypatch.setattr(early, "_KEPT", [])
    early.open_early("en_US")
    kept = weakref.ref(open_dictionary("en_US")._dict)
    freed = weakref.ref(open_dictionary("en_US")._dict)
    gc.collect()
    assert kept() is not None and freed() is None
    assert early._KEPT[0][1] is kept()


# Run as qscore's script runs: says what is loaded as the first thread starts (hunspell's load).
AT_THE_LOAD = """
import sys, threading
start = threading.Thread.start
def noted(thread):
    watched = ("enchant", "qscore.paths", "qscore.errors", "dataclasses", "typer", "qscore.cli")
    print(thread.name, *(m for m in watched if m in sys.modules), file=sys.stderr, flush=True)
    start(thread)
threading.Thread.start = noted
sys.argv = ["qscore", *sys.argv[1:]]
from qscore.__main__ import main
main()
"""


@pytest.mark.slow
@pytest.mark.sysdict
@pytest.mark.parametrize("tag", ["en_US", "en_GB"])
def test_hunspell_begins_loading_once_pyenchant_is_imported(tag, isolated_home):
    """hunspell's load (in C, 30 to 45 ms) begins as soon as the entry point has imported
    pyenchant, which it needs, and before qscore's errors (dataclasses), typer or the
    command line, which load beside it: each of those imported first, or pyenchant
    imported in the thread while typer's import held Python's lock, put off its start."""
    args = ["check", "-d", tag.lower(), "quiz"]
    done = subprocess.run([sys.executable, "-c", AT_THE_LOAD, *args], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.startswith("quiz: allowed"), done.stderr
    assert done.stderr.splitlines() == [f"open {tag} enchant qscore.paths"]


@pytest.mark.sysdict
def test_pyenchant_calls_hunspell_without_python_s_lock():
    """The load overlaps the command line's only while the call into enchant lets Python's
    lock go, as ctypes does for a library loaded as a CDLL (not a PyDLL, which keeps it)."""
    import ctypes

    from enchant import _enchant

    for call in (_enchant.broker_init, _enchant.broker_request_dict, _enchant.dict_check1):
        assert not call._flags_ & ctypes._FUNCFLAG_PYTHONAPI, call


@pytest.mark.slow
def test_a_missing_system_dictionary_opened_early_is_one_line(tmp_path):
    env = {**os.environ, "QSCORE_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "qscore", "check", "-d", "xx_YY", "quiz"], env=env, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr == (
        "qscore: error: no system dictionary 'xx_YY': install the hunspell dictionary for 'xx_YY'"
        " (on Debian or Ubuntu: apt-cache search hunspell-xx)\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "qscore", "check", "-d", "en_US"], env=env, capture_output=True, text=True
    )
    assert done.returncode == 2 and done.stderr.startswith("qscore: error: missing argument")


def test_words_left_in_the_private_configuration_do_not_count(tmp_path, monkeypatch):
    private = Path(os.environ["QSCORE_HOME"]) / "cache" / "enchant"
    private.mkdir(parents=True, exist_ok=True)
    (private / "en_US.dic").write_text("zqxjv\n", "utf-8")
    assert open_dictionary("en_US").refusal("zqxjv") == d.NOT_IN_DICTIONARY
    assert os.environ.get("ENCHANT_CONFIG_DIR") != str(private), "the variable is put back"


# --- the index cache ---------------------------------------------------------


def test_indexes_of_a_changed_source_are_removed(tmp_path, monkeypatch):
    monkeypatch.setenv("QSCORE_HOME", str(tmp_path / "own"))
    source = tmp_path / "w.txt"
    source.write_text("quiz\nthin\n", "utf-8")
    first = WordIndex(source)
    assert "quiz" in first and first.anagrams("hint") == ["thin"]
    cache = tmp_path / "own" / "cache"
    other = tmp_path / "other" / "w.txt"  # same name, another file: its index stays
    other.parent.mkdir()
    other.write_text("zoo\n", "utf-8")
    assert "zoo" in WordIndex(other)
    old = sorted(p.name for p in cache.iterdir())
    assert len(old) == 3
    source.write_text("quiz\nthin\nthis\n", "utf-8")
    os.utime(source, ns=(1, 1))
    second = WordIndex(source)
    assert "this" in second and second.anagrams("hist") == ["this"]
    now = sorted(p.name for p in cache.iterdir())
    assert len(now) == 3 and len(set(now) - set(old)) == 2
    assert "zoo" in WordIndex(other)


def built_for(source: Path, folder: Path, *kinds: str) -> None:
    """The indexes of a list as the package's build writes them (tools/word_indexes.py)."""
    from qscore.words.dictionaries.wordfiles import build_index, built_name, index_key, read_word_list

    folder.mkdir(exist_ok=True)
    for kind in kinds:
        key = index_key(source.read_bytes())
        build_index(kind, read_word_list(source, whole=True)).save(str(folder / built_name(source, key, kind)))


def test_a_list_built_with_the_package_is_read_from_it_and_nothing_is_built(tmp_path, monkeypatch):
    monkeypatch.setenv("QSCORE_HOME", str(tmp_path / "own"))
    source, built = tmp_path / "w.txt", tmp_path / "built"
    source.write_text("quiz\nthin\nthe\n", "utf-8")
    built_for(source, built, "words", "anagrams", "sounds")
    index = WordIndex(source, whole=True, built=built)
    assert "quiz" in index and index.anagrams("hint") == ["thin"] and index.sounding("0") == ["the"]
    assert not (tmp_path / "own").exists(), "an index of the package's was built again"


def test_a_list_changed_since_the_package_was_built_is_indexed_in_the_cache(tmp_path, monkeypatch):
    """A shipped list rebuilt in a checkout after its install: the package's index is of the
    list before, and is never read for it."""
    monkeypatch.setenv("QSCORE_HOME", str(tmp_path / "own"))
    source, built = tmp_path / "w.txt", tmp_path / "built"
    source.write_text("quiz\nthin\n", "utf-8")
    built_for(source, built, "words", "anagrams")
    source.write_text("quiz\nthis\n", "utf-8")
    index = WordIndex(source, whole=True, built=built)
    assert "this" in index and "thin" not in index and index.anagrams("hist") == ["this"]
    assert len(list((tmp_path / "own" / "cache").iterdir())) == 2
    assert len(list(built.iterdir())) == 2  # the package's own folder is only read


def test_a_damaged_index_in_the_package_is_built_in_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("QSCORE_HOME", str(tmp_path / "own"))
    source, built = tmp_path / "w.txt", tmp_path / "built"
    source.write_text("quiz\nthin\n", "utf-8")
    built_for(source, built, "words")
    next(built.iterdir()).write_bytes(b"garbage")
    assert "thin" in WordIndex(source, whole=True, built=built)
    assert [p.name.split(".", 1)[1] for p in (tmp_path / "own" / "cache").iterdir()] == ["words.dawg"]


def test_the_checkout_reads_every_shipped_index_from_the_package(tmp_path, monkeypatch):
    """The editable install ran the wheel's build hook: no shipped list's index is built
    by a run. If this fails after a shipped list or the index format changed, build them
    again: python tools/word_indexes.py (./dev runs it as it installs)."""
    from qscore.words.dictionaries.backends import SHIPPED, built_indexes, shipped_path

    monkeypatch.setenv("QSCORE_HOME", str(tmp_path / "own"))
    for name in SHIPPED:
        index = WordIndex(shipped_path(name), whole=True, built=built_indexes())
        assert "quiz" in index and "quiz" in index.anagrams("iquz") and "quiz" in index.sounding("KS")
    assert not (tmp_path / "own").exists(), "run python tools/word_indexes.py: the package's indexes are stale"


@pytest.mark.slow
def test_the_package_indexes_are_what_this_code_and_this_dawg_build(tmp_path):
    """Built by the wheel's hook in its own environment (the newest dawg2, or the floor's
    under ./dev test --lowest), each is byte for byte what a run here would build: a change
    to what an index holds without a new _INDEX_FORMAT, or a dawg2 that writes another
    format, fails here rather than in a table's first run."""
    from qscore.words.dictionaries.backends import SHIPPED, built_indexes, shipped_path
    from qscore.words.dictionaries.wordfiles import INDEX_KINDS, built_name, index_key

    for name in SHIPPED:
        source = shipped_path(name)
        built_for(source, tmp_path / name, *INDEX_KINDS)
        for kind in INDEX_KINDS:
            file = built_name(source, index_key(source.read_bytes()), kind)
            assert (tmp_path / name / file).read_bytes() == (built_indexes() / file).read_bytes(), file


def test_check_builds_only_the_word_index(tmp_path, monkeypatch):
    monkeypatch.setenv("QSCORE_HOME", str(tmp_path / "own"))
    source = tmp_path / "w.txt"
    source.write_text("quiz\n", "utf-8")
    assert judge("quiz", open_dictionary(str(source))).allowed
    assert [p.name.split(".", 1)[1] for p in (tmp_path / "own" / "cache").iterdir()] == ["words.dawg"]


def test_the_command_line_says_why_in_one_line(tmp_path):

    words, binary = tmp_path / "words.txt", tmp_path / "words.bin"
    words.write_text("Paris\nNATO\nBill\nbill\n", "utf-8")
    binary.write_bytes(b"\x00\x01\x02quiz\n")
    r = run("check", "-d", str(words), "paris", "nato", "bill", "café")
    assert r.exit_code == 1
    assert r.stdout.splitlines()[::2][:3] == [
        "paris: not allowed (proper noun)",
        "nato: not allowed (abbreviation)",
        "bill: allowed",
    ]
    assert "cafe: not allowed (not in the dictionary)" in r.stdout
    r = run("check", "--allow", str(binary), "quiz")
    assert r.exit_code == 2
    assert r.stderr == f"qscore: error: word list '{binary}' is not UTF-8 text, one word a line\n"


def test_rejects_answer_alike_searched_and_tabled():
    words = ["steve", "etc", "quiz", "pre", "paris", "kg", "app", "london", "zzqx", "ous"]
    searched = Rejects()
    searched.SEARCHES = 10**6
    tabled = Rejects()
    tabled.SEARCHES = 0
    got = [searched.reason(w) for w in words]
    assert got == [tabled.reason(w) for w in words]
    names, abbr, affix, unit = d.PROPER_NOUN, d.ABBREVIATION, d.AFFIX, d.UNIT_SYMBOL
    assert got == [names, abbr, None, affix, names, unit, None, names, None, affix]
    assert [searched.denied(w) for w in words] == [tabled.denied(w) for w in words]


def test_a_list_rewritten_with_its_old_size_and_time_gets_a_new_index(tmp_path, monkeypatch):
    monkeypatch.setenv("QSCORE_HOME", str(tmp_path / "own"))
    source = tmp_path / "w.txt"
    source.write_text("cow\n", "utf-8")
    os.utime(source, ns=(1, 1))
    assert open_dictionary(str(source)).refusal("cow") is None
    source.write_text("pig\n", "utf-8")  # the same size
    os.utime(source, ns=(1, 1))  # and the same time
    again = open_dictionary(str(source))
    assert again.refusal("pig") is None and again.refusal("cow") == d.NOT_IN_DICTIONARY


@pytest.mark.parametrize("entry", ["q(u)iz", "3d", "well-known", "z\u0430", "don't"])
def test_a_bad_house_list_entry_is_one_line_naming_file_and_line(tmp_path, entry):

    house = tmp_path / "allow.txt"
    house.write_text(f"quiz\n\n{entry}\n", "utf-8")
    r = run("check", "--allow", str(house), "quiz")
    assert r.exit_code == 2 and r.stdout == ""
    assert (
        r.stderr == f"qscore: error: house list {shown_path(house)}, line 3: {entry!r} is not a word of letters a-z\n"
    )


@pytest.mark.parametrize("option", ["--allow", "--deny"])
def test_an_empty_house_list_is_a_warning(tmp_path, option):

    house = tmp_path / "house.txt"
    house.write_text("\n", "utf-8")
    r = run("check", option, str(house), "quiz")
    assert r.exit_code == 0 and r.stdout.startswith("quiz: allowed")
    assert r.stderr == f"qscore: warning: house list {shown_path(house)} holds no words\n"


@pytest.mark.parametrize("option", ["--allow", "--deny"])
def test_a_new_game_warns_of_an_empty_house_list_as_check_does(tmp_path, option):
    house = tmp_path / "house.txt"
    house.write_text("", "utf-8")
    r = run("new", "ann", "ben", "cat", option, str(house))
    assert r.exit_code == 0 and r.stdout.startswith("Game ")
    assert r.stderr == f"qscore: warning: house list {shown_path(house)} holds no words\n"
    full = tmp_path / "full.txt"
    full.write_text("qat\n", "utf-8")
    r = run("new", "ann", "ben", "cat", option, str(full), "--game", "second")
    assert r.exit_code == 0 and r.stderr == ""
