"""The guided mode, driven as a table drives it: answers typed at its prompts, then what
the table saw and what the saved game holds."""

import json
import os
import pty
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from qscore.game.entries import LaidDown
from qscore.store.storage import GameStore
from tests.conftest import ok, run


def lines(*answers):
    return "".join(f"{a}\n" for a in answers)


def in_order(text, *parts):
    """Each part appears in ``text`` after the one before it."""
    at = 0
    for part in parts:
        found = text.find(part, at)
        assert found >= 0, (part, text[at:])
        at = found + len(part)


def laydowns(name=None):
    """The laydown entries the saved game holds, as (round, player, words, unused, out)."""
    game = GameStore().load(name)
    return [
        (d["round"], d["player"], d["words"], d["unused"], d["out"])
        for e in game.entries
        if isinstance(e.act, LaidDown)
        for d in [e.act.to_json()]
    ]


def test_a_short_game_in_table_order():
    answers = lines(
        "ann ben cat",
        "short",
        "",  # players, variant, dictionary
        # round 1, 3 cards: ann deals, ben starts; nobody named, so in turn from ben
        "",
        "at",
        "Z",
        "ox",
        "E",
        "cat",
        "y",  # ann: every card in a word, and she went out
        "ann cat by ben",  # CAT is allowed: ben loses 13
        "",
        # round 2, 4 cards: cat starts, but ben went out and lays down first
        "ben",
        "to go",  # no going-out question: the table said so
        "jab",
        "S",
        "(qu)iz",
        "E",
        "",
        # round 3, 5 cards: ann starts
        "",
        "steve",
        "y",  # a proper noun, kept as laid: it stands unless challenged
        "y",  # ann went out
        "hat in",  # every card in words, but ann went out: no question
        "bed no",
        "ann steve by ben",
        "",
        # round 4, 6 cards
        "ann",
        "(th)ing ox",
        "quilt",
        "A",  # one card left: Q·U·I·L·T as typed, not (qu)ilt, and no question
        "me we do",
        "ben quilt by cat valid",  # a paper dictionary's ruling: cat loses 27
        "",
    )
    out = ok("play", input=answers)
    in_order(
        out,
        "Round 1: 3 cards. ann deals, ben starts.",
        "ben's words: at",
        "cat's words: ox",
        "ann's words: cat",
        "Did ann go out? [y/N]: y",
        "Challenge in round 1? (blank: none): ann cat by ben",
        "Challenge by ben: cat is allowed: ben loses 0 points in round 1 (worth 13, but a hand stops at 0).",
        "Round 1 (3 cards):",
        "Totals after round 1: ann 23, ben 0, cat 12.",
        "Round 2: 4 cards. ben deals, cat starts.",
        "ben's words: to go",
        "cat's words: jab",
        "ann's words: (qu)iz",
        "Challenge in round 2?",
        "Round 2 (4 cards):",
        "Round 3: 5 cards. cat deals, ann starts.",
        "steve: not allowed (proper noun)",
        "Did ann go out?",
        "ben's words: hat in",
        "Challenge by ben: steve is not allowed (proper noun)",
        "Round 3 (5 cards):",
        "ann *     steve 21 struck",
        "Round 4: 6 cards. ann deals, ben starts.",
        "Challenge by cat: quilt is allowed by the table's ruling: cat loses 26 points in round 4 "
        "(worth 27, but a hand stops at 0).",
        "Challenge in round 4?",
        "Round 4 (6 cards):",
        "cat challenged ben's quilt: allowed by the table's ruling",
        "Totals after round 4: ann 92, ben 67, cat 64.",
    )
    assert out.count("go out?") == 2  # only while nobody had gone out, with every card in words
    # the sheet's status, then the evening's summary (tests/test_history.py)
    assert out[: out.index("\nThe evening:\n")].endswith("Game over. ann wins with 92.")
    assert out.count("Game over") == 1
    got = json.loads(ok("sheet", "--json"))
    # ann 23 + 33 + 0 + 36; ben 0 + 23 + 19 + 25; cat 12 + 20 + 22 + (26 - 27 -> 0, + most words 10)
    assert got["totals"] == {"ann": 92, "ben": 67, "cat": 64}
    assert [(r, p) for r, p, *_ in laydowns()] == [
        (1, "ben"), (1, "cat"), (1, "ann"),
        (2, "ben"), (2, "cat"), (2, "ann"),
        (3, "ann"), (3, "ben"), (3, "cat"),
        (4, "ann"), (4, "ben"), (4, "cat"),
    ]  # fmt: skip
    assert [p for r, p, _, _, out in laydowns() if out] == ["ann", "ben", "ann", "ann"]
    assert got["rounds"][3]["challenges"] == [
        {"player": "ben", "word": "quilt", "by": "cat", "valid": True, "ruling": "table"}
    ]


def test_each_line_is_checked_as_it_is_typed():
    ok("new", "ann", "ben", "cat", "--rounds", "4,5")
    answers = lines(
        "",  # nobody named: in turn from ben
        "(xy)z",  # no such card
        "(in)",  # one card is no word
        "jazzy",  # 5 cards in a 4-card round
        "qiuz",  # not in the dictionary: shown, and typed again
        "n",
        "quiz",
        "-",  # no card left: Q·U·I·Z as typed, not (qu)iz
        "y",
        "zz",  # with ben's Z, three Z cards in one round
        "ox",
        "E E",  # ox leaves 2 cards: fine
        "at",
        "E",  # 1 card where 2 are left: the unused cards are asked again
        "",  # blank: the words again
        "at",
        "E ZZ",  # no such card
        "EX",
        "E X",
    )
    out = ok("play", input=answers)
    in_order(
        out,
        "ben's words: (xy)z",
        "Not taken: no card (xy) in laid word '(xy)z'",
        "ben's words: (in)",
        "Not taken: '(in)' is one card: a word takes at least 2 cards",
        "ben's words: jazzy",
        "Not taken: ben's words take 5 cards, but round 1 is dealt 4",
        "ben's words: qiuz",
        "qiuz: not allowed (not in the dictionary); did you mean quiz",
        "Keep qiuz as laid? It stands unless challenged [y/N]: n",
        "ben's words: quiz",
        "ben's unused cards (1 card if quiz was laid with the QU card, or - if with Q and U: every card in a word; "
        "blank: retype the words): -",
        "Did ben go out? [y/N]: y",
        "Recorded ben's laydown in round 1: quiz (went out).",
        "cat's words: zz",
        "Not taken: 3 Z cards in round 1, the standard deck has 2 (laid by ben, cat).",
        "cat's words: ox",
        "cat's unused cards (2 cards; blank: retype the words): E E",
        "ann's words: at",
        "ann's unused cards (2 cards; blank: retype the words): E",
        "Not taken: ann's words take 2 of the 4 cards dealt, so 2 are unused, but 1 given",
        "ann's unused cards (2 cards; blank: retype the words): \n",
        "ann's words: at",
        "ann's unused cards (2 cards; blank: retype the words): E ZZ",
        "Not taken: unknown card 'ZZ'",
        "ann's unused cards (2 cards; blank: retype the words): EX",
        "Not taken: unknown card 'EX'",
        "ann's unused cards (2 cards; blank: retype the words): E X",
        "Recorded ann's laydown in round 1: at (unused E X).",
    )
    assert laydowns() == [
        (1, "ben", ["quiz"], [], True),
        (1, "cat", ["ox"], ["E", "E"], False),
        (1, "ann", ["at"], ["E", "X"], False),
    ]


def test_the_going_out_player_must_use_every_card():
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "4,5")
    out = ok("play", input=lines("ann", "to", "y", "to, go", "ox", "E E", "", "ann", "at", "n", "E E E"))
    in_order(
        out,
        "Who went out? (blank: take the laydowns in turn from ben): ann",
        "ann's words: to",
        "ann went out, so every card is in a word, but those words take 2 of 4. "
        "Did ann go out? (y: retype the words) [Y/n]: y",
        "ann's words: to, go",
        "Recorded ann's laydown in round 1: to go (went out).",
        "ben's words: ox",
        # round 2: the table named ann, but she kept cards: she did not go out after all
        "ann's words: at",
        "Did ann go out? (y: retype the words) [Y/n]: n",
        "ann did not go out.",
        "ann's unused cards (3 cards; blank: retype the words): E E E",
    )
    assert laydowns()[-1] == (2, "ann", ["at"], ["E", "E", "E"], False)


def test_once_the_table_says_the_named_player_did_not_go_out_it_is_not_asked_again():
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "4")
    # ann is named, lays TO, did not go out after all; back at the unused cards the table
    # retypes her words, and now they take every card: she still did not go out
    out = ok("play", input=lines("ann", "to", "n", "", "to, go", "ox", "E E", ""))
    in_order(
        out,
        "Did ann go out? (y: retype the words) [Y/n]: n",
        "ann did not go out.",
        "ann's unused cards (2 cards; blank: retype the words): ",
        "ann's words: to, go",
        "Recorded ann's laydown in round 1: to go.",
    )
    assert "go out? [y/N]" not in out and out.count("Did ann go out?") == 1  # only when her words came short
    assert laydowns()[0] == (1, "ann", ["to", "go"], [], False)


def test_commands_at_any_prompt_and_resuming():
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "--game", "friday")
    answers = lines(
        "help",
        "",
        "at",
        "Z",
        "sheet",  # at cat's words: the open round shows ben's laydown so far
        "",  # the command, yes
        "ox",
        "E",
        "cat",
        "y",
        "",  # no challenge
        "",  # round 2: nobody named, in turn from cat
        "fix ben",  # ben has nothing in round 2: his round 1 laydown; the fix is the answer
        "ax",
        "E",
        "undo",  # takes the fix back: at (unused Z) stands again
        "y",
        "'undo'",  # in quotes, the word itself
        "y",
        "quit",
        "y",
    )
    out = ok("play", input=answers)
    in_order(
        out,
        "Who went out? (blank: take the laydowns in turn from ben): help",
        "fix PLAYER",
        "Here: the player who went out lays down first",
        "cat's words: sheet",
        "sheet: the command sheet? (n: sheet is a word laid) [Y/n]: ",
        "Round 1 (3 cards), open: ann deals, ben starts:",
        "ben       at 5",
        "cat       (not laid yet)",
        "cat's words: ox",
        "Round 2: 4 cards. ben deals, cat starts.",
        "cat's words: fix ben",
        "ben's laydown in round 1 is at (unused Z): type the one to put in its place.",
        "ben's words: ax",
        "Recorded ben's laydown in round 1: ax (unused E), replacing at (unused Z).",
        "Round 1 rescored.",
        "ben       ax 14",
        "cat's words: undo",
        "Took back ben's laydown in round 1: ax (unused E); ben's earlier laydown stands again: at (unused Z).",
        "Round 1 rescored.",
        "ben       at 5",
        "cat's words: 'undo'",
        "Did cat go out?",
        "Recorded cat's laydown in round 2: undo (went out).",
        "ann's words: quit",
        "quit: the command quit? (n: quit is a word laid) [y/N]: y",  # ann could lay quit: Enter would
        "Stopped. Game 'friday' is saved (last saved: cat's laydown in round 2: undo (went out)).",
        "Go on with: qscore play --game friday",
    )
    assert laydowns("friday")[-1] == (2, "cat", ["undo"], [], True)
    assert GameStore().load("friday").rounds[0].laydowns["ben"].words == ("at",)

    # picking up where the table stopped: ann, then ben; cat went out, so no questions
    out = ok("play", "--game", "friday", input=lines("(qu)iz", "E", "to go", ""))
    assert "Who went out?" not in out and "go out?" not in out
    in_order(out, "Round 2: 4 cards. ben deals, cat starts.", "ann's words: (qu)iz", "ben's words: to go")
    # round 2: QUIZ and UNDO tie for longest, ben has the most words
    # the sheet's status, then the evening's summary (tests/test_history.py)
    assert out[: out.index("\nThe evening:\n")].endswith("Game over. ann wins with 46.")

    # play again: the last game is finished, and of this evening: offered first
    out = ok("play", input=lines("n", "n", "quit"))
    in_order(
        out,
        "The last game, 'friday', is finished. ann wins with 46.",
        "Go back to it, for a late challenge or undo? (n: a new game) [y/N]: n",
        "The next game, ann, ben, cat, set up as the last? (n: set up a new one) [Y/n]: n",
        "A new game.",
    )


def test_play_after_a_finished_game_offers_the_next_game_set_up_as_the_last():
    """A Junior table that played again pressed Enter at the variant and was playing the
    standard game: play's next game now keeps the players, rules, deck and house rule, as
    the page's next game does."""
    deck = Path(os.environ["QSCORE_HOME"]) / "kids.toml"
    shutil.copy(Path(__file__).parent / "data" / "junior-game.toml", deck)
    ok("new", "ann", "ben", "--variant", "junior", "--deck", str(deck), "--penalty-floored", "--rounds", "2")
    ok("score", "ann", "a", "-u", "B")
    ok("score", "ben", "at", "--out")
    ok("close")
    before = GameStore().load()
    out = ok("play", input=lines("", "", "quit"))  # Enter, Enter: on to the next game
    in_order(
        out,
        "Go back to it, for a late challenge or undo? (n: a new game) [y/N]: ",
        "The next game, ann, ben, set up as the last? (n: set up a new one) [Y/n]: ",
        "Keeping score for game",
    )
    assert "A new game" not in out and "Variant:" not in out
    config = GameStore().load().config
    assert (config.variant, config.deck, config.penalty_past_zero) == ("junior", "junior", False)
    assert config.cards == before.config.cards and config.rounds == (2,)


def test_stopping_at_the_challenges_resumes_there():
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    out = ok("play", input=lines("", "at", "Z", "ox", "E", "cat", "y"))  # input ends at the challenges
    assert out.rstrip().endswith("Go on with: qscore play --game " + GameStore().load().name)
    assert "Round 2" not in out
    out = ok("play", input=lines("ann cat by ben", ""))
    in_order(
        out,
        "Totals after round 1: ann 23, ben 0, cat 12.",  # where the table stands, before the question
        "Round 1 is laid: its challenges, then the next deal.",
        "Challenge in round 1? (blank: none): ann cat by ben",
        "Challenge by ben: cat is allowed",
        "Round 1 (3 cards):",
        "Round 2: 4 cards. ben deals, cat starts.",
    )


def test_setting_up_asks_again_after_a_mistake():
    # each slip asks that question again, with why, not the whole set-up from the players
    answers = lines("solo", "ann ben", "y", "", "", "Longest", "everday", "", "quit")
    out = ok("play", "--game", "sat", input=answers)
    in_order(
        out,
        "A new game called 'sat'.",
        "Not taken: a game has 2 to 8 players, got 1",
        "Seated: ann, ben.",
        "Not taken: 'y': answer standard, short or junior.",
        "Variant: standard, short or junior [standard]: \n",
        "Not taken: answer longest, most or none.",
        "Two players use one bonus: longest, most or none? Longest",
        "Not taken: unknown dictionary 'everday'",
        "(did you mean everyday?)",
        "Keeping score for game 'sat': ann, ben.",
    )
    assert out.count("Players, in seating order") == 2  # not asked again after the later slips
    assert json.loads(ok("sheet", "--json", "--game", "sat"))["bonus"] == "longest"


def test_a_misspelt_choice_is_told_the_choice_it_misspells():
    """shrot at the variant got only "answer standard or short"; the commands got a Did you mean."""
    out = ok("play", "--game", "sat", input=lines("ann ben", "shrot", "short", "mots", "most", "", "quit"))
    in_order(
        out,
        "Not taken: 'shrot': answer standard, short or junior. Did you mean 'short'?",
        "Not taken: 'mots': answer longest, most or none. Did you mean 'most'?",
        "Keeping score for game 'sat'",
    )
    assert json.loads(ok("sheet", "--json", "--game", "sat"))["deck"] == "short"
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "--game", "three")
    out = ok("play", "--game", "three", input=lines("", "leave cat", "logest", "longest", "quit"))
    in_order(out, "Not taken: 'logest': answer longest, most or none. Did you mean 'longest'?", "cat leaves the game")


def test_the_two_left_may_answer_none_as_new_offers_it():
    """The leave question refused none, though new offers it and leave --bonus none takes it."""
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    out = ok("play", input=lines("", "leave cat", "none", "quit"))
    in_order(out, "With cat gone, ann and ben play on with one bonus: longest, most or none? none\n", "(bonus: none)")


def test_a_dash_alone_at_a_words_prompt_is_no_words():
    """A lone - at the words prompt got the hyphenated-word reason: on paper a dash says no words."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3,4")
    out = ok("play", input=lines("", "-", "A T Z", "\u2014", "Q X Z", "quit"))
    assert "hyphen" not in out and "Not taken" not in out
    assert laydowns() == [(1, "ben", [], ["A", "T", "Z"], False), (1, "ann", [], ["Q", "X", "Z"], False)]


def read_until(fd, text, seen=b"", timeout=30.0):
    """Read a child's output until ``text`` shows up."""
    end = time.monotonic() + timeout
    while text.encode() not in seen:
        assert time.monotonic() < end, seen.decode()
        if select.select([fd], [], [], 0.5)[0]:
            chunk = os.read(fd, 4096)
            assert chunk, seen.decode()
            seen += chunk
    return seen


def answer(proc, typed, until, seen):
    """Type ``typed`` into a play process, then read its output until ``until`` shows up."""
    proc.stdin.write(typed)
    proc.stdin.flush()
    return read_until(proc.stdout.fileno(), until, seen)


def start_play():
    """``qscore play`` in a process of its own, as a second terminal sees it."""
    return subprocess.Popen(
        [sys.executable, "-u", "-m", "qscore", "play"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=os.environ.copy(),
    )


@pytest.mark.parametrize("replace", [False, True])
def test_a_laydown_made_meanwhile_in_another_terminal_is_a_question(isolated_home, replace):
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    proc = start_play()
    fd = proc.stdout.fileno()
    try:
        seen = read_until(fd, "Who went out?")
        seen = answer(proc, b"\n", "ben's words", seen)
        ok("score", "ben", "at", "--unused", "Z")  # the other terminal
        # told as soon as the words are typed, before their unused cards; asked once the
        # laydown typed is whole, naming both
        seen = answer(proc, b"ax\n", "ben's unused cards", seen)
        assert "saved meanwhile" in seen.decode()
        seen = answer(proc, b"E\n", "Replace it with ax (unused E)? [y/N]", seen)
        seen = answer(proc, b"y\n" if replace else b"n\n", "cat's words", seen)
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    in_order(
        seen.decode(),
        "ben's laydown in round 1 was saved meanwhile, from a phone or another terminal: at (unused Z).",
        "ben's unused cards",
        "ben already laid at (unused Z) in round 1. Replace it with ax (unused E)? [y/N]",
        *(
            ["Recorded ben's laydown in round 1: ax (unused E), replacing at (unused Z).", "as laid: A·X 14"]
            if replace
            else ["Kept ben's at (unused Z)."]
        ),
    )
    kept = [(1, "ben", ["at"], ["Z"], False)]
    assert laydowns() == ([*kept, (1, "ben", ["ax"], ["E"], False)] if replace else kept)  # the log keeps both


def test_two_player_bonus_is_asked_on_a_terminal(isolated_home):
    """``qscore new ann ben`` on a real terminal prompts for the one bonus."""
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "qscore", "new", "ann", "ben"],
        stdin=child,
        stdout=child,
        stderr=child,
        env=os.environ.copy(),
        close_fds=True,
    )
    os.close(child)
    seen = b""
    while b"longest, most or none?" not in seen:
        seen += os.read(main, 1024)
    os.write(main, b"most\n")
    proc.wait(timeout=30)
    while True:
        try:
            chunk = os.read(main, 1024)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(main)
    assert proc.returncode == 0, seen
    assert b"bonus: most" in seen
    assert json.loads(ok("sheet", "--json"))["bonus"] == "most"


def test_a_dictionary_gone_missing_is_a_question(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("cat\nat\nox\n")
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "-d", str(words))
    words.unlink()
    out = ok("play", input=lines("n"))
    in_order(out, "The game's dictionary cannot be opened", "Go on without checking words?", "Stopped.")
    assert GameStore().load().rounds[0].laydowns == {}
    answers = lines("y", "", "xq", "Z", "ox", "E", "cat", "y", "ben xq by ann", "ben xq by ann invalid", "")
    out = ok("play", input=answers)
    in_order(
        out,
        "ben's words: xq",  # not checked: recorded as typed
        "Recorded ben's laydown in round 1: xq",
        "Challenge in round 1? (blank: none): ben xq by ann",
        "Not taken: the game's dictionary cannot be opened: add valid or invalid, e.g. ben xq by ann invalid",
        "Challenge in round 1? (blank: none): ben xq by ann invalid",
        "Challenge by ann: xq is not allowed",
        "Round 1 (3 cards):",
    )
    r = run("sheet", "--words")
    assert r.exit_code == 0 and r.stderr.startswith(
        "qscore: warning: the game's dictionary cannot be opened, so refused words are not marked:"
    )
    assert "xq 27 struck" in r.stdout and "cannot be opened" not in r.stdout


def test_the_readme_transcript_is_what_play_prints():
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text("utf-8")
    start = readme.index("```text\nRound 2: 4 cards.") + len("```text\n")
    shown = [line.rstrip() for line in readme[start : readme.index("```", start)].splitlines()]
    ok("new", "ann", "ben", "cat", "--game", "friday")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    ok("score", "cat", "ox", "--unused", "E")
    out = ok("play", input=lines("", "ben", "to go", "jbas", "n", "jab", "S", "(qu)iz", "E", "ann quiz by cat", ""))
    got = [line.rstrip() for line in out[out.index("Round 2: 4 cards.") : out.index("\nStopped.")].splitlines()]
    assert got == shown


def test_a_rename_and_a_leave_in_another_terminal_count_at_the_next_prompt(isolated_home):
    ok("new", "ann", "ben", "cat", "dan", "--rounds", "3,4")
    proc = start_play()
    fd = proc.stdout.fileno()
    try:
        seen = read_until(fd, "Who went out?")
        ok("rename", "cat", "cathy")  # the other terminal, while play waits
        ok("leave", "dan")
        # the name play showed: the table's answer follows the rename, and both changes are told
        seen = answer(proc, b"cat\n", "cathy's words", seen[seen.index(b"Who went out?") + 1 :])
        seen = answer(proc, b"cat\n", "ann's words", seen)  # turn order from cathy, dan gone home
        seen = answer(proc, b"ax\nE\n", "ben's words", seen)
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    text = seen.decode()
    assert "Traceback" not in text and "dan's words" not in text
    in_order(text, "cat is now called cathy.", "dan has gone home: the game goes on without them from round 1.")
    assert "saved from another terminal" not in text  # a rename is no laydown
    assert laydowns() == [(1, "cathy", ["cat"], [], True), (1, "ann", ["ax"], ["E"], False)]


def test_a_player_named_like_a_command_is_named_in_quotes():
    ok("new", "ann", "ben", "sheet", "--rounds", "3")
    out = ok("play", input=lines("'sheet'", "cat", "at", "Z", "ox", "E", ""))
    assert "sheet's words" in out
    assert laydowns()[0] == (1, "sheet", ["cat"], [], True)


def test_the_same_laydown_made_meanwhile_elsewhere_is_no_question(isolated_home):
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    proc = start_play()
    fd = proc.stdout.fileno()
    try:
        seen = read_until(fd, "Who went out?")
        seen = answer(proc, b"\n", "ben's words", seen)
        ok("score", "ben", "at", "--unused", "Z")  # the other terminal, the very same laydown
        seen = answer(proc, b"at\n", "cat's words", seen)
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    assert (
        "ben's laydown in round 1 was saved meanwhile, from a phone or another terminal: at (unused Z)."
        in seen.decode()
    )
    assert "unused cards" not in seen.decode()
    assert "Replace it?" not in seen.decode()
    assert laydowns() == [(1, "ben", ["at"], ["Z"], False)]


def test_play_finds_a_player_with_an_accent_as_the_table_types_the_name():
    ok("new", "Zoë", "ben", "--bonus", "most", "--rounds", "3,4")
    out = ok("play", input=lines("zoe", "cat", "ox", "E", "fix ZOE", "at", "n", "C"))
    in_order(
        out,
        "Who went out? (blank: take the laydowns in turn from ben): zoe",
        "Zoë's words: cat",
        "Recorded Zoë's laydown in round 1: cat (went out).",
        "Recorded ben's laydown in round 1: ox (unused E).",
        "fix ZOE",
        "Zoë's laydown in round 1 is cat (went out): type the one to put in its place.",
        "Zoë's words: at",
        "Did Zoë go out? (y: retype the words) [Y/n]: n",
        "Zoë did not go out.",
        "Recorded Zoë's laydown in round 1: at (unused C), replacing cat (went out).",
    )
    assert laydowns()[-1] == (1, "Zoë", ["at"], ["C"], False)


def test_a_fix_of_a_player_who_went_out_keeps_them_out():
    """fix Dad, y, ranges asked "Did Dad go out? [y/N]" and Enter took his going out away:
    the round closed with nobody out. Words that take every card keep him out, unasked."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3,4")
    out = ok("play", input=lines("ann", "cta", "y", "ox", "E", "fix ann", "act", "", "", "quit"))
    assert "Did ann go out?" not in out and "Nobody went out" not in out
    in_order(
        out, "Recorded ann's laydown in round 1: act (went out), replacing cta (went out).", "Totals after round 1"
    )
    assert laydowns()[-1] == (1, "ann", ["act"], [], True)


def test_the_players_are_checked_as_soon_as_they_are_typed():
    typed = lines("Kim Zoe Zoë", "solo", "Kim K\u0456m", "Kim, Zoë, Mary Ann, O'Neil", "", "")
    out = ok("play", "--game", "names", input=typed)
    in_order(
        out,
        "commas between names with a space): Kim Zoe Zoë",
        "Not taken: two players have the same name: Zoe, Zoë.",
        "commas between names with a space): solo",
        "Not taken: a game has 2 to 8 players, got 1.",
        "commas between names with a space): Kim K\u0456m",  # a Cyrillic i (issue 27, item 7)
        "Not taken: two players' names look alike: 'Kim' and 'K\u0456m' (\u0456 is CYRILLIC SMALL LETTER "
        "BYELORUSSIAN-UKRAINIAN I): the sheet could not tell them apart; write one another way.",
        "commas between names with a space): Kim, Zoë, Mary Ann, O'Neil",
        "Variant: standard, short or junior [standard]",
        "Keeping score for game 'names': Kim, Zoë, Mary Ann, O'Neil.",
    )
    assert out.count("Variant") == 1


def test_a_laydown_replaced_elsewhere_at_the_challenges_is_shown_as_saved(isolated_home):
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3,4")
    proc = start_play()
    try:
        seen = read_until(proc.stdout.fileno(), "Who went out?")
        seen = answer(proc, b"ann\ncat\nat\nZ\n", "Challenge in round 1?", seen)
        ok("score", "ben", "ox", "-u", "E", "--replace", "--round", "1")  # the other terminal
        seen = answer(proc, b"\n", "Round 2: 4 cards", seen)
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    text = seen.decode()
    table = text[text.index("Round 1 (3 cards):") :]
    # ben's OX (14) less E (2), as saved, not the AT with Z unused play had seen
    in_order(table, "ben       ox 14", "Totals after round 1: ann 13, ben 12.", "Leader: ann with 13.")
    assert "at 5" not in table


def test_a_resumed_play_shows_where_the_table_stopped():
    ok("new", "ann", "ben", "cat", "--rounds", "3,4,5", "--game", "friday")
    ok("play", input=lines("", "at", "Z", "ox", "E", "cat", "y", "", "quit"))  # quit at round 2's first question
    out = ok("play", input=lines(""))
    first_question = out.index("Challenge in round 1?")
    in_order(
        out[:first_question],
        "Round 1: 3 cards. ann deals, ben starts.",
        "Round 1 (3 cards):",
        "ann *     cat 13",
        "ben       at 5",
        "Round 1 is laid: its challenges, then the next deal.",
    )
    # stopped in the middle of round 2: the deal, and what is laid so far, before the next laydown
    ok("play", input=lines("", "", "(qu)iz", "E", "quit"))  # no challenge; round 2 in turn from cat
    out = ok("play", input=lines("quit"))
    # back at the prompt it left: the laydowns in turn, not "Who went out?" again
    assert "Who went out?" not in out
    first_question = out.index("ann's words")
    in_order(
        out[:first_question],
        "Leader: ann with 23.",
        "Round 2: 4 cards. ben deals, cat starts.",
        "Round 2 (4 cards), open: ben deals, cat starts:",
        "ann       (not laid yet)",
        "cat       (qu)iz 25",
    )
    assert out.count("Round 2: 4 cards.") == 1


def test_a_laid_word_that_is_a_command_is_asked_about():
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "4")
    out = ok("play", input=lines("", "quit", "n", "-", "y", "undo", "n"))
    in_order(
        out,
        "ben's words: quit",
        "quit: the command quit? (n: quit is a word laid) [y/N]: n",
        "ben's unused cards (1 card if quit was laid with the QU card, or - if with Q and U: every card in a word; "
        "blank: retype the words): -",
        "Did ben go out? [y/N]: y",
        "Recorded ben's laydown in round 1: quit (went out).",
        "ann's words: undo",
        "undo: the command undo? (n: undo is a word laid) [y/N]: n",
        "Recorded ann's laydown in round 1: undo.",
    )
    assert laydowns() == [(1, "ben", ["quit"], [], True), (1, "ann", ["undo"], [], False)]


def test_a_fix_of_an_earlier_round_after_a_resume_shows_it_rescored(isolated_home):
    """fix dan 1 in a resumed play showed no rescore: the new totals came rounds later."""
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    ok("score", "cat", "ox", "--unused", "E")
    ok("score", "ben", "quiz", "--out")  # round 2 under way: play resumes at its laydowns
    out = ok("play", input=lines("fix ben 1", "ax", "E", "quit"))
    replaced = "Recorded ben's laydown in round 1: ax (unused E), replacing at (unused Z)."
    in_order(out, replaced, "Round 1 rescored.", "Totals after round 1:")
    assert "saved from another terminal" not in out


def test_a_round_nobody_went_out_of_is_said():
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3,4")
    out = ok("play", input=lines("", "at", "Z", "ox", "E", "", "quit"))
    in_order(out, "Nobody went out in round 1: if someone did, fix them and say they went out.", "Totals after round 1")


def test_an_undo_that_empties_the_round_asks_again_who_went_out():
    """Leo's words typed at ben's prompt and taken back: play went on to ben's words, and
    the table could not name who went out until that player's own prompt."""
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    out = ok("play", input=lines("", "at", "Z", "undo", "", "cat", "quit"))  # Enter: the command
    in_order(
        out,
        "Who went out? (blank: take the laydowns in turn from ben): ",
        "Took back ben's laydown in round 1: at (unused Z)",
        "Who went out? (blank: take the laydowns in turn from ben): ",
        "cat's words: ",
    )


def test_an_undone_challenge_is_asked_again():
    """undo of a challenge at the next round's first prompt went on to that round: the
    challenge could not be made again in play."""
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    ok("score", "cat", "ox", "--unused", "E")
    out = ok("play", input=lines("ann cat by ben", "", "undo", "", "quit"))
    in_order(
        out,
        "Challenge by ben: cat is allowed",
        "Round 2: 4 cards.",
        "Took back ben's challenge of ann's cat in round 1 (allowed).",
        "Challenge in round 1? (blank: none)",
        "Round 2: 4 cards.",
    )


def test_an_undo_in_a_finished_game_is_asked_about():
    """undo took back a finished game's last laydown unasked, where qscore undo now asks."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3", "--game", "fri")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    out = ok("play", "--game", "fri", input=lines("undo", "", "undo", "y", "quit"))
    in_order(
        out,
        "Round 1 is scored: its challenges, then the scorekeeper closes the game.",
        "Challenge in round 1? (blank: none, and the game ends): undo\n",
        "Every round of game 'fri' is scored: take back ben's laydown in round 1: at (unused Z)? [y/N]: \n"
        "Nothing taken back.",
        "Challenge in round 1? (blank: none, and the game ends): undo\n",
        "Took back ben's laydown in round 1: at (unused Z)",
        "ben's words:",
    )
    assert "is over" not in out  # not closed: its last round's challenges are open


def test_a_word_of_an_earlier_round_is_challenged_in_play_as_the_hint_says():
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "--game", "fri")
    for args in (["ann", "cat", "--out"], ["ben", "at", "-u", "Z"], ["cat", "ox", "-u", "E"]):
        ok("score", *args)  # round 1
    for args in (["ben", "quiz", "--out"], ["cat", "to", "-u", "E S"], ["ann", "ax", "-u", "E S"]):
        ok("score", *args)  # round 2, the last: play resumes at its challenges
    out = ok("play", "--game", "fri", input=lines("ann cat by ben", "ann cat by ben --round 1", "", ""))
    in_order(
        out,
        "ann laid it in round 1, add --round 1",
        "Challenge by ben: cat is allowed: ben loses 0 points in round 1",  # not "this round", the 2nd
        "Round 1 rescored.",  # shown as a fix shows it
        "Totals now: ",  # round 2 has its scores: these are not the totals after round 1
    )
    assert [c["word"] for c in json.loads(ok("sheet", "--json", "-g", "fri"))["rounds"][0]["challenges"]] == ["cat"]


def test_numbers_play_cannot_read_are_answers_it_refuses():
    """² at the double-card menu was a traceback; fix ben 0 fixed the round before."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "5", "--game", "fri")
    out = ok("play", "--game", "fri", input=lines("", "thin", "S E", "²", "", "fix ben 0", "quit"))
    assert "Traceback" not in out
    in_order(out, "Not taken: '²': type a number from 1 to 2", "Not taken: no round 0")


def test_a_yes_or_no_answer_play_cannot_take_is_not_taken():
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    out = ok("play", input=lines("", "cat", "maybe", "y", "quit"))
    in_order(out, "Did ben go out? [y/N]: maybe\nNot taken: 'maybe': answer y or n.", "Did ben go out? [y/N]: y")


def test_the_unused_cards_come_before_any_double_card_question():
    """Jo held IN, N, E and laid inn: Enter at the double-card question took I·N·N for 12
    before the E was counted. The E asked first settles it: IN·N, 12 - 2 = 10."""
    ok("new", "jo", "ann", "--bonus", "most", "--rounds", "3")
    out = ok("play", input=lines("", "at", "Z", "inn", "E", ""))
    in_order(
        out,
        "jo's words: inn",
        "jo's unused cards (1 card if inn was laid with the IN card, or - if with I and N: every card in a word; "
        "blank: retype the words): E",
        "inn taken as (in)n: the only spelling that fits the 3 cards dealt.",
        "Recorded jo's laydown in round 1: (in)n (unused E).",
    )
    assert "switch" not in out and "can be laid" not in out
    assert json.loads(ok("sheet", "--json"))["totals"]["jo"] == 10


def test_a_word_typed_in_capitals_is_not_told_as_respelled():
    """OX typed in capitals is O·X as laid: play said 'OX taken as ox: the only spelling
    that fits', as if a double card had been settled."""
    ok("new", "jo", "ann", "--bonus", "most", "--rounds", "3")
    out = ok("play", input=lines("", "OX", "E", "QUIZ", "y"))
    assert "OX taken as" not in out and "Recorded ann's laydown in round 1: ox (unused E)." in out
    assert "QUIZ taken as (qu)iz: the only spelling that fits the 3 cards dealt." in out


def test_who_went_out_is_offered_only_spellings_that_take_every_card():
    """O'Neil went out with 7 cards, winter go: w(in)t(er) go takes 6, so it was no way to
    go out; the two that take 7 score the same, so nothing is asked."""
    ok("new", "O'Neil", "ann", "--bonus", "most", "--rounds", "7")
    out = ok("play", input=lines("O'Neil", "winter go", "quit"))
    assert "w(in)t(er)" not in out
    assert "winter taken as w(in)ter: the spellings that fit the 7 cards dealt score the same." in out
    assert laydowns()[0] == (1, "O'Neil", ["w(in)ter", "go"], [], True)


def test_leave_and_rename_inside_play_with_the_bonus_asked_there():
    """leave jo at a words prompt was read as words; help named neither leave nor rename."""
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    out = ok("play", input=lines("help", "", "leave cat", "x", "most", "rename ann Anne Marie", "at", "Z", "quit"))
    in_order(
        out,
        "  leave PLAYER    PLAYER goes home",
        "  rename OLD NEW  put a player's name right on the whole sheet",
        "ben's words: leave cat\nWith cat gone, ann and ben play on with one bonus: longest, most or none? x\n"
        "Not taken: 'x': answer longest, most or none.",
        "cat leaves the game with 0 points, which stand.\nFrom round 1, ann and ben play on (bonus: most).",
        "ann is now Anne Marie on the whole sheet of game",
        "Round 1: 3 cards. Anne Marie deals, ben starts.",
        "ben's words: at",
    )
    assert "from another terminal" not in out and "has gone home" not in out and "is now called" not in out
    got = json.loads(ok("sheet", "--json"))
    assert got["players"] == ["Anne Marie", "ben", "cat"] and got["rounds"][0]["bonus"] == "most"
    assert laydowns() == [(1, "ben", ["at"], ["Z"], False)]


def test_a_misspelt_command_gets_the_nearest_one():
    """shet at the challenge prompt got the challenge syntax; at a words prompt it was a word."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3")
    out = ok("play", input=lines("", "shet", "y", "at", "Z", "ox", "E", "shet", "fxi ben", "quit"))
    in_order(
        out,
        "ben's words: shet\nshet: the command sheet? (n: shet is a word laid) [y/N]: y",
        "total ",  # the sheet
        "Challenge in round 1? (blank: none, and the game ends): shet\nNot taken: write a challenge as",
        "Did you mean 'sheet'?",
        "Challenge in round 1? (blank: none, and the game ends): fxi ben\nNot taken: write a challenge as",
        "Did you mean 'fix'?",
    )
    # a word the dictionary allows is laid unasked, however near a command: quiz for quit
    ok("undo", "--yes")
    out = ok("play", input=lines("quiz", "quit"))
    assert "the command quit?" not in out and "quiz taken as (qu)iz" in out
    # a word written with its cards is a laydown, never a command, whatever its letters
    ok("undo", "--yes")
    out = ok("play", input=lines("", "Q(U)IT", "quit", "y"))
    assert "Q(U)IT: the command quit?" not in out and "(U) in laid word 'Q(U)IT' is a single card" in out


def test_a_command_said_once_at_the_words_is_not_asked_again():
    """undo at a words prompt asked Y/n every time."""
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    out = ok("play", input=lines("", "at", "Z", "undo", "y", "", "at", "Z", "undo", "quit"))
    assert out.count("the command undo?") == 1
    assert out.count("Took back ben's laydown in round 1") == 2
    assert GameStore().load().rounds[0].laydowns == {}


def test_ctrl_c_in_play_stops_with_the_status_of_an_interrupt(monkeypatch):
    """Ctrl-C in play exited 0, as the end of input does; every other command's Ctrl-C is 130."""
    import typer

    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3")

    def interrupted(*args, **kwargs):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise typer.Abort() from None  # as click's prompt does

    monkeypatch.setattr("qscore.cli.play_prompts.typer.prompt", interrupted)
    r = run("play")
    assert r.exit_code == 130 and "Stopped. Game" in r.stdout
    monkeypatch.undo()
    assert run("play", input="").exit_code == 0  # the end of input is no interrupt


def test_fix_leave_or_rename_naming_no_player_is_asked_about_not_laid():
    """fix pa at a words prompt was recorded as the laydown fix pa, leave Benn judged as
    words; fix it, where no player is named it, is still a laydown when the table says so."""
    ok("new", "ann", "ben", "cat", "dan", "--rounds", "6")
    typed = ("", "fix be", "y", "leave Catt", "y", "rename Dann Daniel", "", "fix it", "y", "fix it", "n", "Z", "quit")
    out = ok("play", input=lines(*typed))
    in_order(
        out,
        "ben's words: fix be\nfix be: no player 'be': did you mean ben? (n: the words laid are fix be) [Y/n]: y",
        "Not taken: ben has no laydown in round 1 to fix.",
        "ben's words: leave Catt\nleave Catt: no player 'Catt': did you mean cat?",
        "cat leaves the game",
        "ben's words: rename Dann Daniel\nrename Dann Daniel: no player 'Dann': did you mean dan?",
        "dan is now Daniel on the whole sheet",
        "ben's words: fix it\nfix it: the command fix? There is no player 'it' (n: the words laid are fix it) [Y/n]: y",
        "Write fix PLAYER, or fix PLAYER ROUND.",
        "ben's words: fix it\nfix it: the command fix? There is no player 'it'",
        "ben's unused cards (1 card; blank: retype the words): Z\n",
        "Recorded ben's laydown in round 1: fix it (unused Z).",
    )
    assert laydowns() == [(1, "ben", ["fix", "it"], ["Z"], False)]
    assert json.loads(ok("sheet", "--json"))["players"] == ["ann", "ben", "cat", "Daniel"]


def test_the_bonus_play_shows_is_the_one_in_force_after_a_leave():
    """After a leave down to two players chose longest, a resumed play still said bonus: both."""
    ok("new", "ann", "ben", "cat", "--rounds", "3,4,5")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    ok("score", "cat", "ox", "--unused", "E")
    ok("leave", "cat", "--bonus", "longest")
    out = ok("play", input=lines("quit"))
    assert "bonus: longest (10 points) from round 2 (both before), dictionary: everyday." in out
    assert "bonus: both" not in out


def test_the_players_named_on_the_command_line_start_a_new_game():
    """`qscore play ann ben cat` was refused as extra arguments: a table names its players
    as it does for `qscore new`, and a game under way is kept, and said so."""
    ok("new", "ann", "ben", "-g", "last week", "--bonus", "most")
    out = ok("play", "cat", "dee", "eve", input=lines("short", "", "quit"))
    in_order(
        out,
        "The game 'last week' is kept as it stands.",
        "(qscore play --game 'last week' goes back to it.)",
        "A new game.",
        "Seated: cat, dee, eve.",
        "Keeping score for game '",
        "4 rounds (3, 4, 5, 6 cards)",
    )
    assert "Players, in seating order" not in out
    assert [g["players"] for g in json.loads(ok("games", "--json"))] == [["ann", "ben"], ["cat", "dee", "eve"]]

    refused = run("play", "fay", "Fay", "-g", "other")
    assert refused.exit_code != 0 and refused.stderr.count("\n") == 1, refused.output
    assert "two players have the same name" in refused.stderr
    taken = run("play", "fay", "gus", "-g", "last week")
    assert taken.exit_code != 0 and "last week" in taken.stderr, taken.output
    assert len(json.loads(ok("games", "--json"))) == 2


def test_a_fix_that_takes_a_challenged_word_away_says_the_challenge_went_with_it():
    """fix Mum, max, y (her challenged ax replaced) took Dad's lost challenge, his penalty
    and his mark off the sheet with no word said; the one-shot score --replace says it."""
    ok("new", "mum", "dad", "--bonus", "most", "--rounds", "3,4")
    out = ok("play", input=lines("dad", "ace", "ax", "M", "mum ax by dad", "fix mum 1", "max", "", "quit"))
    in_order(
        out,
        "Challenge by dad: ax is allowed",
        "Recorded mum's laydown in round 1: max, replacing ax (unused M).",
        "  dad's challenge of mum's ax no longer stands: ax is not in the laydown now",
    )
    assert json.loads(ok("sheet", "--json"))["rounds"][0]["challenges"] == []


def test_a_misspelt_player_in_a_command_where_no_word_is_laid_is_told_the_player_meant():
    """leave cta at "Who went out?" said only "Write leave PLAYER", where every other
    misspelt name is told the player it is nearest."""
    ok("new", "ann", "ben", "cat")
    out = ok("play", input=lines("leave cta", "fix bne", "leave zzz", "rename ann", "quit"))
    in_order(
        out,
        "No player 'cta' in the game: did you mean leave cat?",
        "No player 'bne' in the game: did you mean fix ben?",
        "No player 'zzz' in the game. Write leave PLAYER, a player of the game.",
        # a player named with no new name: the usage, never "did you mean rename ann?"
        "Write rename PLAYER NEW NAME, PLAYER as the sheet has it.",
    )
    assert "did you mean rename ann" not in out
    assert json.loads(ok("sheet", "--json"))["left"] == {}


def test_review_at_any_prompt_shows_the_last_round_closed():
    """review, at any prompt, shows the best each player's cards allowed in the last round
    closed, as `qscore review --round N` does; before any round closed it says so. At a
    player's words it is asked about once, as the other commands that are also words."""
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "--game", "friday")
    answers = lines(
        "review",  # nothing closed yet
        "",
        "at",
        "Z",
        "ox",
        "E",
        "cat",
        "y",
        "",  # no challenge
        "review",  # round 2's first question: round 1 is reviewed
        "",  # in turn from cat
        "review",  # at cat's words: asked, then the command
        "",
        "quit",
        "y",
    )
    out = ok("play", input=answers)
    shown = run("review", "--round", "1", "--game", "friday").stdout
    in_order(
        out,
        "Who went out? (blank: take the laydowns in turn from ben): review",
        "No round of game 'friday' has closed yet: nothing to review.",
        "Round 2: 4 cards. ben deals, cat starts.",
        "(blank: take the laydowns in turn from cat): review",
        shown.strip(),
        "cat's words: review",
        "review: the command review? (n: review is a word laid) [Y/n]: ",
        shown.strip(),
        "cat's words: quit",
        "Stopped.",
    )


def test_play_ends_the_game_after_the_last_rounds_challenges_and_asks_before_a_late_one():
    """Issue 35, finding 8: play said "Game over" before the last round's challenges were
    asked, and a late challenge of the finished game changed its total unasked."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3", "--game", "fri")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    assert "Game over" not in ok("sheet")
    out = ok("play", "--game", "fri", input=lines(""))
    in_order(
        out,
        "Challenge in round 1? (blank: none, and the game ends)",
        "Game 'fri' is closed: round 1's challenges are settled.",
    )
    assert "Game over. ann wins with 13." in out
    assert json.loads(ok("sheet", "--json"))["closed"]
    out = ok("play", "--game", "fri", input=lines("ann cat by ben invalid", "", "quit"))
    assert "Game 'fri' is over: settle ben's challenge of ann's cat in round 1, changing its final sheet? [y/N]" in out
    assert "Game over. ann wins with 13." in ok("sheet")  # not asked for: nothing changed


def test_a_finished_games_banner_says_a_challenge_of_any_round_can_go_in():
    """The banner said "a challenge in its last round can still go in" while one of an
    earlier round was taken."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3,4", "--game", "fri")
    for args in (
        ["ann", "cat", "--out"],
        ["ben", "at", "-u", "Z"],
        ["ben", "quiz", "--out"],
        ["ann", "ax", "-u", "E S"],
    ):
        ok("score", *args)
    ok("close")
    out = ok("play", "--game", "fri", input=lines("ann cat by ben invalid --round 1", "y", "quit"))
    assert "in its last round" not in out
    in_order(
        out,
        "Game 'fri' is over; a challenge of any round can still go in, asked first.",
        "Challenge by ben: cat is not allowed by the table's ruling",
    )


def test_a_late_challenge_answered_no_says_nothing_changed():
    """n to a finished game's challenge printed nothing, where undo says "Nothing taken back."."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3", "--game", "fri")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    ok("close")
    out = ok("play", "--game", "fri", input=lines("ann cat by ben invalid", "n", "quit"))
    in_order(out, "changing its final sheet? [y/N]: n\nNothing changed.\n", "Challenge in round 1?")


def test_who_went_out_suggests_a_player_and_a_command_only_for_a_slip_of_one():
    """quiz at "Who went out?" was told "Did you mean 'quit'?": a question wanting a name
    suggests a player, and a command only for a slip near no player that is no word."""
    ok("new", "ann", "ben", "quinn", "--rounds", "3")
    out = ok("play", input=lines("quiz", "quin", "shet", "quit"))
    in_order(
        out,
        "Who went out? (blank: take the laydowns in turn from ben): quiz\nNot taken: no player 'quiz'",
        "(did you mean quinn?).\n",  # a word laid too early, nearest a player
        "Who went out? (blank: take the laydowns in turn from ben): quin\nNot taken: no player 'quin'",
        "(did you mean quinn?).\n",
        "Who went out? (blank: take the laydowns in turn from ben): shet\nNot taken: no player 'shet'",
        "Did you mean 'sheet'?",  # near no player, and no word
    )
    assert "'quit'" not in out
    ok("new", "ann", "ben", "cat", "--rounds", "3", "--game", "other")
    out = ok("play", input=lines("quiz", "quit"))
    assert "Not taken: no player 'quiz' in game 'other': players are ann, ben, cat.\n" in out  # a word: no command


def test_after_a_fix_the_rounds_deal_is_said_again():
    """A fix is an aside: the question it interrupted comes back under the round's deal,
    as it does after an undo, so the table sees where it is."""
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    out = ok("play", input=lines("", "at", "Z", "ox", "E", "fix ben", "to", "E", "quit"))
    deal = "Round 1: 3 cards. ann deals, ben starts."
    in_order(
        out, deal, "Recorded ben's laydown in round 1: to (unused E), replacing at (unused Z).", deal, "ann's words"
    )


def test_a_dash_for_the_unused_cards_is_no_card_in_play_and_in_score():
    """- (or a phone's en dash) at the unused cards is no card left, as play's question
    offers it: score -u - said "unknown card '-'"."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "4,5")
    ok("score", "ann", "cats", "-u", "-", "--out")
    assert laydowns()[-1] == (1, "ann", ["cats"], [], True)
    out = ok("play", input=lines("quiz", "\u2013", "quit"))  # ben: Q·U·I·Z, or (qu)iz and a card left
    in_order(out, "ben's unused cards", "Recorded ben's laydown in round 1: quiz")
    assert laydowns()[-1] == (1, "ben", ["quiz"], [], False)


def test_enter_at_which_way_was_laid_takes_the_first_way_when_none_is_as_typed():
    """thin going out with 3 cards is (th)in or th(in), neither as typed: Enter was refused,
    though the guide says it keeps the cards. It takes the first way listed, as asked."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3")
    out = ok("play", input=lines("ben", "thin", "", "quit"))
    in_order(out, "  1: (th)in", "Which was laid? Enter: 1, or 1-2: ", "Recorded ben's laydown in round 1: (th)in")
    assert "Not taken" not in out


def test_enter_at_a_slip_of_a_command_among_the_words_does_not_stop_play():
    """qiut typed as a word, then Enter at "the command quit? [Y/n]", stopped play: a slip
    is a command only when the table says y."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3,4")
    out = ok("play", input=lines("", "qiut", "", "at", "Z", "quit"))
    in_order(
        out,
        "qiut: the command quit? (n: qiut is a word laid) [y/N]: ",
        "Not taken: ben's words take 4 cards, but round 1 is dealt 3.",  # the word, laid
        "Recorded ben's laydown in round 1: at (unused Z).",
    )


def challenges_of_round_one(rounds, *typed):
    """play at round 1's challenges, ann's cat (out) and ben's at laid, given ``typed``."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", rounds)
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    return ok("play", input=lines(*typed, "quit"))


def test_a_challenge_of_a_later_round_is_refused_as_the_question_put_it():
    """--round 5 typed at "Challenge in round 1?" said "the current round is 2"."""
    out = challenges_of_round_one("3,4,5,6,7", "ann cat by ben --round 5", "ann cat by ben --round 9")
    in_order(
        out,
        "Challenge in round 1? (blank: none): ann cat by ben --round 5\n"
        "Not taken: round 5 is not laid yet: these are round 1's challenges, for a word of it or an earlier round.",
        "Not taken: no round 9: game",
    )
    assert "current round" not in out


def test_a_misspelt_ruling_is_told_the_ruling_it_misspells():
    """ann cat by ben invlaid was told there is no player 'ben invlaid'."""
    out = challenges_of_round_one("3,4", "ann cat by ben invlaid", "ann cat by ben vaild")
    in_order(
        out,
        "Not taken: no ruling 'invlaid': did you mean invalid? (a paper ruling is valid or invalid).",
        "Not taken: no ruling 'vaild': did you mean valid?",
    )
    assert "no player" not in out


def test_play_again_after_this_evenings_game_offers_it_for_a_late_challenge():
    """After "Game over", a plain qscore play started a new game's set-up: a late
    challenge needed the game's name typed. This evening's game is offered first."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3", "--game", "fri")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    ok("close")
    out = ok("play", input=lines("y", "ann cat by ben", "y", "quit"))
    in_order(
        out,
        "The last game, 'fri', is finished.",
        "Go back to it, for a late challenge or undo? (n: a new game) [y/N]: y",
        "Keeping score for game 'fri'",
        "Challenge by ben: cat is allowed",
    )
    assert "A new game" not in out


def test_the_tables_own_undo_of_a_fix_is_no_news_from_another_terminal():
    """fix ann, act, y, then undo said "ann's earlier laydown stands again: cta (went out)"
    and then "ann's laydown in round 1 was saved meanwhile, from a phone or another
    terminal": the table's own undo, blamed on a phone."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3,4")
    out = ok("play", input=lines("ann", "cta", "y", "ox", "E", "fix ann", "act", "undo", "quit"))
    in_order(out, "Took back ann's laydown in round 1: act (went out); ann's earlier laydown stands again: cta")
    assert "saved meanwhile" not in out


def test_enter_at_a_command_that_could_be_laid_lays_it_and_an_n_holds_for_the_laydown():
    """quit at a player's words asked "the command quit? [Y/n]": Enter ended the session,
    and after n it was asked again each time the words were typed. Enter now takes the
    command only where the word could not be laid (sheet in a round of 4 cards), and an n
    holds while that player's laydown is typed."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "4,5")
    out = ok("play", input=lines("", "sheet", "", "quit", "", "", "quit", "-", "y", "quit", "y"))
    in_order(
        out,
        "ben's words: sheet",
        "sheet: the command sheet? (n: sheet is a word laid) [Y/n]: \n",  # 5 cards, 4 dealt: the command
        "total ",
        "ben's words: quit",
        "quit: the command quit? (n: quit is a word laid) [y/N]: \n",  # QU·I·T fits: the word
        "ben's unused cards",
        "ben's words: quit\nben's unused cards",  # retyped: not asked again
        "Recorded ben's laydown in round 1: quit (went out).",
        "ann's words: quit\nquit: the command quit? (n: quit is a word laid) [y/N]: y",
        "Stopped.",
    )
    assert out.count("the command quit?") == 2


def test_play_rounds_sets_a_new_games_schedule_and_is_refused_for_a_game_under_way():
    """A family wanting a short game had to quit play, delete the game and start it with new:
    play took no --rounds."""
    out = ok("play", "--rounds", "3-5", input=lines("ann ben cat", "", "", "quit"))
    assert "standard deck, 3 rounds (3, 4, 5 cards)" in out
    assert GameStore().load().config.rounds == (3, 4, 5)
    r = run("play", "--rounds", "3,4")
    assert r.exit_code == 2 and r.stderr.startswith("qscore: error: --rounds is for a new game: game '")
    assert r.stderr.count("\n") == 1
    assert GameStore().load().config.rounds == (3, 4, 5)  # nothing changed
    bad = run("play", "--rounds", "x")
    assert bad.exit_code == 2 and "rounds 'x': give the cards dealt each round" in bad.stderr


def test_play_notes_a_deck_file_that_adds_up_to_other_than_junior_s_103():
    deck = Path(os.environ["QSCORE_HOME"]) / "kids.toml"
    text = (Path(__file__).parent / "data" / "junior-game.toml").read_text("utf-8")
    deck.write_text(text.replace("A = [1, 10]", "A = [1, 14]"), "utf-8")  # 107 cards
    out = ok("play", input=lines("ann ben", "junior", str(deck), "", "", "quit"))
    in_order(
        out,
        "Note: the deck file's cards add up to 107, and junior's deck holds 103: a count may be mistyped "
        "(a deck that lost a card plays as it is).",
        "Keeping score for game",
    )
