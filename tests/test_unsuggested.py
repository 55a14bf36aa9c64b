"""No vulgar word or slur is ever offered as a suggestion, on any dictionary; each stays a
word, judged as ever. The list and the rules that make it: dictionaries/README.md,
"Words never suggested"."""

import pytest

from qscore.dictionaries import judge, open_dictionary
from qscore.dictionaries.rejects import unsuggested
from tests.test_dictionaries import system_dictionary_installed

NEVER = unsuggested()
DICTIONARIES = [
    "everyday",
    "wordgame",
    pytest.param("en_US", marks=pytest.mark.sysdict),
    pytest.param("en_GB", marks=pytest.mark.sysdict),
]
# Slips that once offered a vulgar word or a slur first or among the five: thats (twats),
# cunr (cunt), bich (bitch), pusy (pussy), whors (whores), cm (cum), gp (gyp), dgo (dago),
# fick (fuck), vape (rape, on en_GB); and a family's typos that offered a vulgar word or a
# slur before the word meant: cuming, splastic, mlong, ccok, clist, tist, ponr, hory, fany,
# buger, mgine, wgang, pasz.
SLIPS = (
    "thats cunr bich pusy whors cm gp dgo fick vape "
    "cuming splastic mlong ccok clist tist ponr hory fany buger mgine wgang pasz".split()
)


def opened(name):
    if name.startswith("en_") and not system_dictionary_installed(name):
        pytest.skip(f"no hunspell dictionary {name} here")
    return open_dictionary(name)


def test_each_rule_keeps_its_words_out_and_ordinary_words_in():
    # hunspell's NOSUGGEST, WordNet's labels, the cuss list, both, and the curated words
    assert {"cunt", "fucker", "whores", "dago", "kike", "twat", "twats", "cum", "gyp"} <= NEVER
    assert {"prick", "faggot", "chink", "bitch", "pussy", "rape", "slut"} <= NEVER
    # curated from a family's typos: cock was offered before cook for ccok
    assert {"cock", "cumming", "spastic", "porn", "fanny", "bugger"} <= NEVER
    # SCOWL's common words whose everyday sense is the one meant stay offered
    assert not {"boy", "screw", "tool", "spade", "chunky", "loser", "idiot", "that"} & NEVER


@pytest.mark.parametrize("name", DICTIONARIES)
def test_the_slips_that_offered_a_vulgar_word_offer_none(name):
    dictionary = opened(name)
    offered = {w: judge(w, dictionary).suggestions for w in SLIPS}
    assert {w: sorted(set(near) & NEVER) for w, near in offered.items() if set(near) & NEVER} == {}
    assert "that" in offered["thats"]  # still helped


@pytest.mark.parametrize("name", DICTIONARIES)
def test_the_words_stay_words(name):
    dictionary = opened(name)
    assert judge("fuck", dictionary).allowed and judge("bitch", dictionary).allowed


def neighbours(word):
    """Two slips of ``word``: its last letter doubled (one edit), and that with its first
    two letters swapped as well (two edits)."""
    doubled = word + word[-1]
    return doubled, doubled[1] + doubled[0] + doubled[2:]


@pytest.mark.slow
def test_no_listed_word_is_offered_for_a_slip_one_or_two_edits_from_it(tmp_path):
    """A dictionary of the listed words alone, so that every candidate either search finds
    (one edit, then the two-edit walk) is a listed word: for each listed word typed one and
    two edits off, nothing at all may be offered."""
    listed = tmp_path / "listed.txt"
    listed.write_text("".join(f"{w}\n" for w in sorted(NEVER)), "utf-8")
    dictionary = open_dictionary(str(listed))
    offered = {}
    for word in sorted(NEVER):
        for typed in neighbours(word):
            if not dictionary.contains(typed):
                offered[typed] = judge(typed, dictionary).suggestions
    assert len(offered) > 2000
    assert {typed: near for typed, near in offered.items() if near} == {}
