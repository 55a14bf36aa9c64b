import os

import pytest

from qscore.errors import DictionaryError
from qscore.words import dictionaries as d
from qscore.words.dictionaries import judge, open_dictionary
from qscore.words.dictionaries.wordfiles import WordIndex, sort_key
from tests import wordsets

# Every class of refusal, in refusal_reason's order, with words whose evidence is the same
# in every dictionary: each must get its class's reason everywhere.
REFUSED = [
    (wordsets.BAD_CHARACTERS, d.BAD_CHARACTERS),
    (wordsets.APOSTROPHE, d.APOSTROPHE),
    (wordsets.HYPHENATED, d.HYPHENATED),
    (wordsets.ONE_CARD, d.ONE_CARD),
    (wordsets.DECK, "deck"),
    (wordsets.AFFIXES, d.AFFIX),
    (wordsets.ROMAN_NUMERALS, d.ROMAN_NUMERAL),
    (wordsets.UNIT_SYMBOLS, d.UNIT_SYMBOL),
    (wordsets.CHAT_ABBREVIATIONS, d.CHAT_ABBREVIATION),
    (wordsets.ABBREVIATIONS, d.ABBREVIATION),
    (wordsets.BARE_CONTRACTIONS, d.APOSTROPHE),
    (wordsets.FOREIGN, d.NOT_ENGLISH),
    (wordsets.PROPER_NOUNS, d.PROPER_NOUN),
    (wordsets.NOT_WORDS, d.NOT_IN_DICTIONARY),
]
SYSTEM = [pytest.param(tag, marks=pytest.mark.sysdict) for tag in ("en_US", "en_GB")]


@pytest.fixture(scope="module", params=["everyday", "wordgame", *SYSTEM])
def real(request):
    if request.param == "en_GB" and not system_dictionary_installed("en_GB"):
        pytest.skip("no hunspell dictionary en_GB here (./dev test installs hunspell-en-gb)")
    return open_dictionary(request.param)


def system_dictionary_installed(tag: str) -> bool:
    """Whether qscore has the system dictionary ``tag``, decided as qscore decides it: only
    hunspell's count (aspell-en's en_CA and en_AU do not)."""
    from qscore.words.system_dictionaries import installed_tags

    return tag in installed_tags()


def opened_here(name: str) -> d.Dictionary:
    """The dictionary ``name``; a system dictionary this machine lacks skips the test (./dev
    test installs en_US and en_GB, as root on Debian)."""
    if name.startswith("en_") and not system_dictionary_installed(name):
        pytest.skip(f"no hunspell dictionary {name} here")
    return open_dictionary(name)


def test_real_dictionaries_accept_words_and_inflections(real):
    refused = {w: judge(w, real, suggest=False).reason for w in wordsets.ORDINARY}
    assert {w: r for w, r in refused.items() if r} == {}


@pytest.mark.parametrize(("words", "kind"), REFUSED, ids=[r for _, r in REFUSED])
def test_real_dictionaries_refuse_with_the_reason(real, words, kind):
    got = {w: wordsets.reason_kind(judge(w, real, suggest=False).reason) for w in words}
    assert got == dict.fromkeys(words, kind)


def test_capitals_typed_by_a_player_are_lowered():
    everyday = open_dictionary()
    assert judge("QUIZ", everyday).allowed
    assert judge("Steve", everyday).reason == d.PROPER_NOUN


def test_enchant_is_pinned_to_hunspell():
    # Debian orders aspell first for English; hunspell must answer whatever is installed.
    assert open_dictionary("en_US")._dict.provider.name == "hunspell"


def test_enchant_refuses_lowercase_abbreviations_hunspell_accepts():
    en_us = open_dictionary("en_US")
    assert en_us._dict.check("kg") and en_us._dict.check("etc")
    assert en_us.refusal("kg") == d.UNIT_SYMBOL and en_us.refusal("etc") == d.ABBREVIATION


@pytest.mark.slow
def test_enchant_anagrams_come_from_the_word_list_and_pass_hunspell():
    found = open_dictionary("en_US").anagrams(sort_key("stop"))
    assert {"stop", "tops", "spot", "post", "pots", "opts"} >= set(found) >= {"stop", "tops", "spot", "post", "pots"}


def test_unknown_system_dictionary_says_what_to_install():
    with pytest.raises(
        DictionaryError,
        match=r"no system dictionary 'xx_YY': install the hunspell dictionary for 'xx_YY' \(.*hunspell-xx\)",
    ):
        open_dictionary("xx_YY")


def test_only_hunspell_dictionaries_count():
    """aspell-en brings en, en_CA and en_AU to enchant: they are not hunspell's, so qscore
    neither lists nor opens them (and enchant's answer to en, hunspell's en_GB, is no en)."""
    from qscore.words.system_dictionaries import hunspell_tags

    class Provider:
        def __init__(self, name):
            self.name = name

    class Broker:
        """enchant's: each tag listed once, from the provider its ordering puts first."""

        def __init__(self):
            aspell, hunspell = Provider("aspell"), Provider("hunspell")
            self.held = {"en": [aspell], "en_CA": [aspell], "en_US": [aspell, hunspell], "en_GB": [aspell, hunspell]}

        def set_ordering(self, tag, first):
            self.held[tag].sort(key=lambda provider: provider.name != first)

        def list_dicts(self):
            return [(tag, providers[0]) for tag, providers in self.held.items()]

    assert hunspell_tags(Broker()) == ["en_GB", "en_US"]


@pytest.mark.sysdict
def test_a_tag_hunspell_lacks_is_refused_though_enchant_knows_it():
    from qscore.words.system_dictionaries import installed_tags, private_enchant

    with private_enchant():
        import enchant

        every = set(enchant.Broker().list_languages()) | {"en"}  # en: what aspell-en adds
    held = installed_tags()
    assert "en_US" in held
    assert [info.name for info in d.list_dictionaries() if info.words is None] == held
    for tag in sorted(every - set(held)):
        with pytest.raises(DictionaryError, match=rf"^no system dictionary '{tag}'"):
            open_dictionary(tag)
    with pytest.raises(DictionaryError, match=r"'en' \(hunspell has en_GB, en_US\): install"):
        open_dictionary("en")


@pytest.mark.slow
def test_an_enchant_library_that_does_not_load_is_one_line():
    """PYENCHANT_LIBRARY_PATH naming no file was an AssertionError traceback from pyenchant."""
    import subprocess
    import sys

    env = {**os.environ, "PYENCHANT_LIBRARY_PATH": "/nonexistent/libenchant.so"}
    checked = subprocess.run([sys.executable, "-m", "qscore", "check", "-d", "en_US", "quiz"], **QUIET, env=env)
    assert (checked.returncode, checked.stdout) == (2, "")
    assert checked.stderr == (
        "qscore: error: dictionary 'en_US' needs the enchant library, which did not load "
        "(PYENCHANT_LIBRARY_PATH names '/nonexistent/libenchant.so')\n"
    )
    listed = subprocess.run([sys.executable, "-m", "qscore", "dictionaries"], **QUIET, env=env)
    assert listed.returncode == 0 and "everyday" in listed.stdout and listed.stderr == ""


QUIET = {"capture_output": True, "text": True, "check": False}


def test_unknown_dictionary_name():
    with pytest.raises(DictionaryError, match="unknown dictionary 'Nope!'"):
        open_dictionary("Nope!")


def test_sizes_and_default():
    everyday, wordgame = open_dictionary("everyday"), open_dictionary("wordgame")
    assert open_dictionary().name == "everyday"
    assert 100_000 < everyday.size() < wordgame.size()
    # wordgame adds rarer words the everyday list leaves out
    assert (
        judge("goonda", everyday).reason == "not in everyday; wordgame allows it" and judge("goonda", wordgame).allowed
    )
    assert judge("xyzzy", everyday).reason == d.NOT_IN_DICTIONARY  # in neither list


def test_suggestions_for_a_misspelling():
    v = judge("quizz", open_dictionary())
    assert not v.allowed and "quiz" in v.suggestions
    assert "quiz" in judge("qiuz", open_dictionary()).suggestions


def test_word_list_file_taken_as_it_is(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("blorp\nqi\nsteve\netc\nco-op\ndon't\na\n", "utf-8")
    own = open_dictionary(str(path))
    # only the form rules apply: letters a-z, two cards at least; the shipped deny list does not
    assert [judge(w, own).allowed for w in ("blorp", "qi", "steve", "etc")] == [True] * 4
    assert [judge(w, own).reason for w in ("co-op", "don't", "a", "quiz")] == [
        d.HYPHENATED,
        d.APOSTROPHE,
        d.ONE_CARD,
        d.NOT_IN_DICTIONARY,
    ]


def test_missing_word_list_file(tmp_path):
    with pytest.raises(DictionaryError, match="no word-list file"):
        open_dictionary(str(tmp_path / "missing.txt"))


def test_house_rules_layer_on_any_dictionary(tmp_path):
    allow, deny = tmp_path / "allow.txt", tmp_path / "deny.txt"
    allow.write_text("qat\nblorp\nzyzzyva\nquiz\n", "utf-8")
    deny.write_text("quiz\ncats\n", "utf-8")
    for base in ("everyday", "en_US"):
        house = open_dictionary(base, d.read_word_file(allow), d.read_word_file(deny))
        assert judge("blorp", house).allowed and judge("qat", house).allowed
        # a house word is still held to the deck: ZYZZYVA takes three Z
        assert judge("zyzzyva", house).reason == "needs 3 Z, the standard deck has 2"
        assert judge("quiz", house).reason == d.HOUSE_DENIED
        assert judge("cats", house).reason == d.HOUSE_DENIED
        assert judge("cat", house).allowed
        assert "qat" in house.anagrams("aqt") and "cats" not in house.anagrams("acst")


def test_word_index_is_built_once_and_reused(tmp_path, monkeypatch):
    monkeypatch.setenv("QSCORE_HOME", str(tmp_path / "own"))
    source = tmp_path / "w.txt"
    source.write_text("quiz\nthin\n", "utf-8")
    index = open_dictionary(str(source)).index
    assert "quiz" in index and index.anagrams("hint") == ["thin"]
    built = sorted(tmp_path / "own" / "cache" / f for f in os.listdir(tmp_path / "own" / "cache"))
    assert len(built) == 2
    stamps = [os.stat(p).st_mtime_ns for p in built]
    again = WordIndex(index.source)
    assert "quiz" in again and again.anagrams("iquz") == ["quiz"]
    assert [os.stat(p).st_mtime_ns for p in built] == stamps


def test_damaged_index_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("QSCORE_HOME", str(tmp_path))
    source = tmp_path / "w.txt"
    source.write_text("quiz\nthin\n", "utf-8")
    assert "quiz" in WordIndex(source)
    for f in (tmp_path / "cache").iterdir():
        f.write_bytes(b"garbage")
    assert "thin" in WordIndex(source) and WordIndex(source).anagrams("hint") == ["thin"]


def test_tiny_word_set(tiny):
    assert tiny.refusal("quiz") is None and tiny.refusal("quip") == d.NOT_IN_DICTIONARY
    assert tiny.anagrams("opst") == ["post", "pots", "spot", "stop", "tops"]
    assert tiny.suggest("quix") == ["quit", "quiz"]


@pytest.mark.slow
@pytest.mark.sysdict
def test_shipped_lists_are_what_the_generator_builds():
    """The shipped lists regenerate exactly from Debian's scowl package (installed by ./dev test)."""
    done = regenerated("build.py")
    assert done.returncode == 0, done.stderr


def regenerated(script: str):
    """The run of a generator of dictionaries/ that compares what it builds with what is shipped."""
    import subprocess
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "dictionaries" / script
    return subprocess.run([sys.executable, str(path), "--check"], capture_output=True, text=True)


def test_unwritable_cache_still_judges(tmp_path, monkeypatch):
    home = tmp_path / "readonly-home"
    home.mkdir()
    (home / "cache").write_text("a file where the cache folder should be", "utf-8")
    monkeypatch.setenv("QSCORE_HOME", str(home))
    source = tmp_path / "w.txt"
    source.write_text("quiz\n", "utf-8")
    index = WordIndex(source)
    assert "quiz" in index and index.anagrams("iquz") == ["quiz"]


@pytest.mark.parametrize("tag", ["en_US", "en_GB", "en_CA", "en_AU"])
def test_every_installed_hunspell_dictionary_is_listed_and_opened_in_any_case(tag):
    if not system_dictionary_installed(tag):
        pytest.skip(f"no hunspell dictionary {tag} here")
    assert tag in [info.name for info in d.list_dictionaries()]
    for typed in (tag, tag.lower(), tag.upper()):
        system = open_dictionary(typed)
        assert system.name == tag and judge("quiz", system).allowed
    assert d.dictionary_name(tag.lower()) == tag


def test_a_british_table_gets_british_spellings():
    en_gb = open_dictionary("en_gb")  # ./dev test installs hunspell-en-gb
    assert judge("colour", en_gb).allowed and judge("Steve", en_gb).reason == d.PROPER_NOUN
    assert judge("etc", en_gb).reason == d.ABBREVIATION


def test_a_source_added_to_the_registry_is_opened_remembered_listed_and_completed(monkeypatch):
    """Adding a source is one place: opening, a game's record, the listing, Tab completion
    and the message for an unknown name all read SOURCES."""
    from qscore.cli.completion import dictionary_names
    from qscore.words.dictionaries import WordSet, sources

    class Toys(sources.Source):
        offered = "a toy box"

        def takes(self, name):
            return name.lower().startswith("toy:")

        def open(self, name):
            return WordSet(["quiz", "zoo"], name=name.lower())

        def remembered(self, name):
            return name.lower()

        def listed(self):
            return [sources.DictionaryInfo("toy:box", 2, "two toy words")]

    monkeypatch.setattr(sources, "SOURCES", (*sources.SOURCES, Toys()))
    toy = open_dictionary("TOY:box")
    assert toy.refusal("zoo") is None and toy.refusal("the") == d.NOT_IN_DICTIONARY
    assert d.dictionary_name("TOY:Box") == "toy:box"
    assert "toy:box" in [info.name for info in d.list_dictionaries()]
    assert dictionary_names("toy") == ["toy:box"]
    with pytest.raises(DictionaryError, match="a file path, or a toy box"):
        open_dictionary("nonesuch")
