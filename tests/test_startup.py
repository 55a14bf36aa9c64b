"""The start-up tricks of qscore/startup.py do what they say, whatever they save."""

import gc
import subprocess
import sys

import pytest

from qscore import scorekeeper


def test_every_name_the_scorekeeper_lists_is_found_when_asked_for():
    for name in scorekeeper.__all__:
        assert getattr(scorekeeper, name) is not None, name


def test_a_name_the_scorekeeper_does_not_list_is_an_attribute_error():
    with pytest.raises(AttributeError) as raised:
        _ = scorekeeper.no_such_use_case  # type: ignore[attr-defined]
    assert str(raised.value) == "module 'qscore.scorekeeper' has no attribute 'no_such_use_case'"


def test_a_command_runs_with_the_collector_on():
    """The collector is held while qscore loads and on again before the command runs, so
    a long run (play, serve) collects what it makes."""
    code = (
        "import gc, sys\n"
        "import qscore.cli as cli\n"
        "from qscore import startup\n"
        "startup.hold_the_collector()\n"
        "held = gc.isenabled()\n"
        "class Probe:  # the app, its commands kept, that says how the collector stands\n"
        "    registered_commands = cli.app.registered_commands\n"
        "    def __call__(self):\n"
        "        print(held, gc.isenabled(), gc.get_freeze_count() > 0)\n"
        "cli.app = Probe()\n"
        "sys.argv = ['qscore', 'check', 'quiz']\n"
        "cli.main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True", "True"]
    assert gc.isenabled()  # this process's collector untouched
