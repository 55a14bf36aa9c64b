"""The start-up tricks of qscore/startup.py do what they say, whatever they save."""

import ast
import gc
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import qscore
from qscore import scorekeeper
from qscore.startup import IMPORTED_WHEN_USED


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


# Where an import inside a function may stand: the modules qscore.startup.IMPORTED_WHEN_USED
# lists, each for the start-up it saves. The entry point (__main__) and startup.py itself
# run before anything is loaded: what they import, and when, is their whole job.
QSCORE = Path(qscore.__file__).resolve().parent
ENTRY = {"__main__.py", "startup.py"}


def module_of(path: Path) -> str:
    parts = path.relative_to(QSCORE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    """The modules an import statement loads: ``from qscore.game import rules`` loads the
    module qscore.game.rules, ``from qscore.game.rules import X`` the module
    qscore.game.rules; a relative import read from ``package``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join([*parts, base] if base else parts)
    found = []
    for alias in node.names:
        sub = QSCORE.parent.joinpath(*f"{base}.{alias.name}".split("."))
        is_module = sub.with_suffix(".py").exists() or (sub / "__init__.py").exists()
        found.append(f"{base}.{alias.name}" if is_module else base)
    return found


def imports_inside_functions() -> Iterator[tuple[str, int, str]]:
    """(file under qscore/, line, module) of every import inside a function."""
    for path in sorted(QSCORE.rglob("*.py")):
        name = module_of(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for function in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                for node in ast.walk(function):
                    if isinstance(node, ast.Import | ast.ImportFrom):
                        for module in imported(node, package):
                            yield path.relative_to(QSCORE).as_posix(), node.lineno, module


INSIDE = sorted(set(imports_inside_functions()))


def test_the_walk_finds_the_imports_inside_functions():
    assert any(file == "startup.py" and module == "atexit" for file, _, module in INSIDE)
    assert {m for f, _, m in INSIDE if f.startswith("cli/")} >= {"qscore.scorekeeper", "qscore.hands.solver"}


def test_an_import_inside_a_function_is_one_startup_lists():
    """An import stands at its module's top unless importing it there would cost a command
    start-up: those modules are listed, each with what it costs, in startup.py."""
    unlisted = [
        f"{file}:{line}: {module}"
        for file, line, module in INSIDE
        if file not in ENTRY and module not in IMPORTED_WHEN_USED
    ]
    assert unlisted == []


def test_every_module_listed_is_imported_inside_a_function():
    """A module listed that no function imports any more goes from the list."""
    assert set(IMPORTED_WHEN_USED) - {m for _, _, m in INSIDE} == set()


def test_web_and_views_import_nothing_inside_a_function():
    """qscore.web loads only under `serve`, qscore.views after a first import by a command
    that shows them: what they import stands at their top, where a reader looks for it."""
    inside = [f"{file}:{line}: {module}" for file, line, module in INSIDE if file.startswith(("web/", "views/"))]
    assert inside == []
