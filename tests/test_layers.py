"""The layers hold: the core never imports the command line, only the application layer
opens the saved games, and no two modules import each other round a circle.

Every import counts, at the top of a module or inside a function, and those under
TYPE_CHECKING too: a circle that only the type checker walks is still a circle to read. A
relative import counts as the module it names, and so does a module named by a literal to
importlib.import_module or __import__.
docs/design.md describes the layers these tests keep.
"""

import ast
import re
from pathlib import Path

from tests.test_help import strings_shown

PACKAGE = Path(__file__).resolve().parent.parent / "qscore"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """What a module imports, each name absolute (qscore.game.cards, typer, sqlite3...)."""
    return imports_in(path.read_text("utf-8"), module_name(path), is_package=path.name == "__init__.py")


def imports_in(source: str, module: str, *, is_package: bool = False) -> set[str]:
    """What the source of ``module`` imports, each name absolute: a relative import resolved
    against its package (`from ..cli import app` in qscore.game.x is qscore.cli.app), and a
    module named by a literal to importlib.import_module or __import__ (of an f-string, the
    literal part before its first field: f"qscore.cli.{name}" imports from qscore.cli)."""
    found = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = resolved(node.module or "", node.level, package)
            if node.module:
                found.add(base)
            # `from qscore.cli import games` imports the module qscore.cli.games
            found |= {f"{base}.{alias.name}" if base else alias.name for alias in node.names}
        elif isinstance(node, ast.Call) and is_importer(node.func) and node.args:
            name = literal_name(node.args[0])
            if name:
                # import_module's package, given by keyword or second
                given = next(
                    (k.value for k in node.keywords if k.arg == "package"), node.args[1] if node.args[1:] else None
                )
                within = literal_name(given) if given is not None and not is_own_name(given) else package
                found.add(resolved(name.lstrip("."), len(name) - len(name.lstrip(".")), within or ""))
    return found


def resolved(name: str, level: int, package: str) -> str:
    """``name`` imported ``level`` dots up from ``package`` (0: as written)."""
    if not level:
        return name
    parts = package.split(".") if package else []
    if level - 1 >= len(parts):
        raise AssertionError(f"a relative import climbs out of the package: {'.' * level}{name} in {package}")
    base = ".".join(parts[: len(parts) - (level - 1)])
    return f"{base}.{name}" if name else base


def is_importer(func: ast.expr) -> bool:
    """importlib.import_module, import_module (imported from importlib) or __import__."""
    if isinstance(func, ast.Attribute):
        return func.attr == "import_module"
    return isinstance(func, ast.Name) and func.id in ("import_module", "__import__")


def literal_name(node: ast.expr) -> str:
    """A module's name given as a literal, or the literal start of an f-string's ("" if neither)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value.rstrip(".")
    return ""


def is_own_name(node: ast.expr) -> bool:
    """``__name__`` or ``__package__``: the module's own package, for an import relative to it."""
    return isinstance(node, ast.Name) and node.id in ("__name__", "__package__")


MODULES = {module_name(p): imports_of(p) for p in sorted(PACKAGE.rglob("*.py"))}


def importers_of(target: str) -> set[str]:
    return {m for m, found in MODULES.items() if any(i == target or i.startswith(target + ".") for i in found)}


def is_cli(module: str) -> bool:
    return module == "qscore.cli" or module.startswith("qscore.cli.")


def test_the_walk_sees_the_package():
    assert {"qscore.game.cards", "qscore.scorekeeper", "qscore.cli.play", "qscore.__main__"} <= MODULES.keys()
    assert "qscore.store.storage" in MODULES["qscore.scorekeeper.store"]


def test_only_the_command_line_imports_typer_click_or_tabulate():
    # __main__ starts the command line: it may import qscore.cli, nothing of typer's
    for library in ("typer", "click", "tabulate"):
        assert {m for m in importers_of(library) if not is_cli(m)} == set(), library
    assert {m for m in importers_of("qscore.cli") if not is_cli(m)} == {"qscore.__main__"}


def is_web(module: str) -> bool:
    return module == "qscore.web" or module.startswith("qscore.web.")


def test_the_web_page_is_a_face_beside_the_command_line():
    """qscore/web/ stands on the application layer and the core's views, never on the command
    line; its libraries are its own (and segno, for the QR code serve prints)."""
    web = {m for m in MODULES if is_web(m)}
    assert {"qscore.web.pages", "qscore.web.table", "qscore.web.server"} <= web
    for module in web:
        assert not any(
            i.split(".")[0] in ("typer", "click", "tabulate") or i == "qscore.cli" or i.startswith("qscore.cli.")
            for i in MODULES[module]
        ), module
    for library in ("starlette", "uvicorn", "sse_starlette", "jinja2", "anyio"):
        assert {m for m in importers_of(library) if not is_web(m)} == set(), library
    assert importers_of("segno") == {"qscore.cli.serve"}
    assert {m for m in importers_of("qscore.web") if not is_web(m)} == {"qscore.cli.serve"}


def test_only_the_adapter_imports_typers_private_modules():
    """typer's undocumented parts are reached through one module, which a test holds to typer."""
    private = {m for m, found in MODULES.items() if any(i.startswith("typer._") for i in found)}
    assert private == {"qscore.cli.typer_private"}


def in_application(module: str) -> bool:
    return any(module == a or module.startswith(a + ".") for a in APPLICATION)


def test_only_the_application_layer_opens_the_saved_games():
    # its store module opens them; the other use-cases name the store's types
    assert "qscore.scorekeeper.store" in importers_of("qscore.store.storage")
    assert {m for m in importers_of("qscore.store.storage") if not in_application(m)} == set()
    # the store's parts: the file, each game's log read back checked, what is kept beside it
    assert importers_of("qscore.store.gamesfile") == {
        "qscore.store.storage",
        "qscore.store.gamelog",
        "qscore.store.keptfigures",
    }
    assert importers_of("qscore.store.keptfigures") == {"qscore.store.storage"}
    assert importers_of("qscore.store.gamelog") == {"qscore.store.storage", "qscore.store.keptfigures"}
    assert importers_of("qscore.store.filefailures") == {"qscore.store.gamesfile"}
    # the table's own words, read by check without the rest of the store
    assert importers_of("qscore.store.rulings") == {
        "qscore.store.storage",
        "qscore.scorekeeper.store",
        "qscore.scorekeeper.tablewords",
    }
    assert importers_of("qscore.store.rulings") & importers_of("qscore.store.gamesfile") == {"qscore.store.storage"}
    # what every write loads of them: the copy of the rulings kept beside the logs
    assert importers_of("qscore.store.ruledcopy") == {"qscore.store.storage", "qscore.store.rulings"}
    assert importers_of("sqlite3") == {
        "qscore.store.storage",
        "qscore.store.gamesfile",
        "qscore.store.filefailures",
        "qscore.store.gamelog",
        "qscore.store.keptfigures",
        "qscore.store.rulings",
        "qscore.store.ruledcopy",
    }


def test_no_import_circle():
    graph = {m: {i for i in found if i in MODULES and i != m} for m, found in MODULES.items()}
    # a package's modules are imported through it: qscore.cli imports its commands
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> None:
        if module in path:
            raise AssertionError("import circle: " + " -> ".join([*path[path.index(module) :], module]))
        if module in done:
            return
        path.append(module)
        for imported in sorted(graph[module]):
            visit(imported)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)


APPLICATION = {"qscore.scorekeeper"}  # the use-cases: the one layer that writes


def is_face(module: str) -> bool:
    """A face a person uses: the command line, its entry point, the table's web page."""
    return is_cli(module) or module == "qscore.__main__" or is_web(module)


def test_the_core_imports_neither_the_application_layer_nor_a_face():
    """The core (cards to views) is a library: a second face calls it as the command line does."""
    core = core_of(MODULES)
    assert {"qscore.game.scoresheet", "qscore.game.rules", "qscore.views.sheet", "qscore.hands.solver"} <= core
    assert reaching_above(MODULES) == {}


def core_of(modules: dict[str, set[str]]) -> set[str]:
    above = APPLICATION | {m for m in modules if is_face(m)} | {"qscore.cli", "qscore.web"}
    return {m for m in modules if m not in above and not in_application(m) and m != "qscore"}


def reaching_above(modules: dict[str, set[str]]) -> dict[str, list[str]]:
    """Each module of the core that imports the application layer or a face, and what of them."""
    above = APPLICATION | {m for m in modules if is_face(m)} | {"qscore.cli", "qscore.web"}
    reaching = {
        m: sorted(i for i in modules[m] if any(i == a or i.startswith(a + ".") for a in above))
        for m in core_of(modules)
    }
    return {m: found for m, found in reaching.items() if found}


CLIMBING = {
    "from ..cli import app": ["qscore.cli", "qscore.cli.app"],
    "from .. import web": ["qscore.web"],
    "from ...qscore import cli": None,  # out of the package: refused, not missed
    "def later():\n    from ..scorekeeper import undo": ["qscore.scorekeeper", "qscore.scorekeeper.undo"],
    "import importlib\nimportlib.import_module('qscore.cli.games')": ["qscore.cli.games"],
    "from importlib import import_module\nimport_module('..web.pages', package=__package__)": ["qscore.web.pages"],
    "import importlib\nimportlib.import_module('.pages', 'qscore.web')": ["qscore.web.pages"],
    "__import__('qscore.cli')": ["qscore.cli"],
    "import importlib\nimportlib.import_module(f'qscore.cli.{name}')": ["qscore.cli"],
}


def test_a_relative_import_or_importlib_that_climbs_to_a_face_fails_the_layers():
    """The check itself, on a module of the game's package holding each way of reaching
    above the core: each is found (or refused where it climbs out of qscore)."""
    for source, reached in CLIMBING.items():
        modules = {**MODULES}
        try:
            modules["qscore.game.sneaking"] = imports_in(source, "qscore.game.sneaking")
        except AssertionError:
            assert reached is None, source
            continue
        assert reached is not None, source
        assert reaching_above(modules) == {"qscore.game.sneaking": reached}, source
    # in a package's __init__, one dot is the package itself
    assert imports_in("from ..cli import app", "qscore.game", is_package=True) == {"qscore.cli", "qscore.cli.app"}
    # imports that stay below reach nothing
    assert imports_in("from . import cards\nfrom .cards import Deck", "qscore.game.deal") == {
        "qscore.game.cards",
        "qscore.game.cards.Deck",
    }


def test_the_judges_parts_do_not_reach_back_through_its_package():
    """The dictionaries package's modules import each other by their own names, never the
    package itself, whose __init__ imports them all."""
    parts = {m for m in MODULES if m.startswith("qscore.words.dictionaries.")}
    assert {"qscore.words.dictionaries.sources", "qscore.words.dictionaries.verdicts"} <= parts
    assert {m for m in parts if "qscore.words.dictionaries" in MODULES[m]} == set()


FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*|(?<![\w-])-[a-z]\b(?= [A-Z\"'])")


def test_no_message_of_the_core_or_the_application_layer_names_an_option():
    """A message says what is wrong and carries what to do as data (errors.Remedy): the
    command line words it with its options, the web page with its own controls."""
    assert shown_by_the_core(FLAG) == set()


def shown_by_the_core(pattern: re.Pattern[str]) -> set[tuple[str, str]]:
    """Each module of the core or the application layer, and what ``pattern`` finds in its messages."""
    return {
        (module, found)
        for module, path in ((module_name(p), p) for p in sorted(PACKAGE.rglob("*.py")))
        if not is_face(module)
        for text in strings_shown(path)
        for found in pattern.findall(text)
    }


COMMAND = re.compile(r"\bqscore (?:new|score|challenge|sheet|export|undo|games|rename|leave|play|stats|review)\b")


def test_no_message_of_the_core_or_the_application_layer_names_a_command():
    """Nor a command of the command line to type: a face says how to start a game its own way."""
    assert shown_by_the_core(COMMAND) == set()


# The core's packages by job, and what each may import of qscore besides itself. The shared
# ground (qscore.errors, qscore.paths, and qscore.startup, which imports nothing of qscore)
# any of them may import; views may read every part but
# the store; the application layer (qscore.scorekeeper) stands on them all.
GROUND = {"qscore", "qscore.errors", "qscore.paths", "qscore.startup"}
PACKAGES = {
    "qscore.game": set(),
    "qscore.words": {"qscore.game"},
    "qscore.hands": {"qscore.game", "qscore.words"},
    "qscore.store": {"qscore.game"},
    "qscore.views": {"qscore.game", "qscore.words", "qscore.hands"},
    "qscore.scorekeeper": {"qscore.game", "qscore.words", "qscore.hands", "qscore.store", "qscore.views"},
}


def package_of(module: str) -> str | None:
    return next((p for p in PACKAGES if module == p or module.startswith(p + ".")), None)


def test_each_package_of_the_core_imports_only_what_its_docstring_allows():
    """The core is a few packages by job, each importing only those below it: the game under
    everything, the words on the game, the hands on both, the store on the game."""
    flat = sorted(m for m in MODULES if m.count(".") == 1 and m not in GROUND and package_of(m) is None)
    assert flat == ["qscore.__main__", "qscore.cli", "qscore.web"]
    wrong = {}
    for module, found in MODULES.items():
        package = package_of(module)
        if package is None:
            continue
        allowed = {package} | PACKAGES[package]
        reached = {
            i
            for i in found
            if i.startswith("qscore.")
            and not any(i == a or i.startswith(a + ".") for a in allowed | GROUND - {"qscore"})
        }
        if reached:
            wrong[module] = sorted(reached)
    assert wrong == {}
    for package in ("qscore.game", "qscore.words", "qscore.hands", "qscore.store"):
        assert MODULES[package] <= {"__future__"}, (
            f"{package}/__init__.py imports nothing: a run loads only what it uses"
        )


SYS_MODULES_CHANGED = ("pop", "popitem", "update", "setdefault", "clear", "__setitem__", "__delitem__")


def sys_modules_changes(source: str) -> list[int]:
    """The lines of ``source`` that change sys.modules: an item set or deleted, the whole
    assigned, or a method of the dict's that changes it called."""

    def is_sys_modules(node: ast.expr) -> bool:
        return (
            isinstance(node, ast.Attribute)
            and node.attr == "modules"
            and isinstance(node.value, ast.Name)
            and node.value.id == "sys"
        )

    lines = []
    for node in ast.walk(ast.parse(source)):
        # sys.modules[...] = or del sys.modules[...], sys.modules = ..., sys.modules.pop(...)
        written = isinstance(node, ast.Subscript | ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del)
        target = node.value if isinstance(node, ast.Subscript) else node
        called = isinstance(node, ast.Attribute) and node.attr in SYS_MODULES_CHANGED
        if (written and is_sys_modules(target)) or (called and is_sys_modules(node.value)):
            lines.append(node.lineno)
    return sorted(lines)


def test_only_startup_changes_sys_modules():
    """A module swapped in sys.modules is a start-up trick (importlib.metadata while tabulate
    loads): it lives in qscore/startup.py with what it saves, nowhere else."""
    changing = {
        module_name(p): found
        for p in sorted(PACKAGE.rglob("*.py"))
        if (found := sys_modules_changes(p.read_text("utf-8")))
    }
    assert set(changing) == {"qscore.startup"}
    for source in (
        "import sys\nsys.modules['x'] = object()",
        "import sys\ndel sys.modules['x']",
        "import sys\nsys.modules.pop('x', None)",
        "import sys\nsys.modules.update(x=None)",
        "import sys\nsys.modules = {}",
    ):
        assert sys_modules_changes(source) == [2], source
    assert sys_modules_changes("import sys\nsys.modules.get('x')\nsys.modules['x'].y = 1") == []


def attributes_asked(source: str, name: str) -> set[str]:
    """Each ``name.attribute`` read in ``source`` but in an annotation (which a type names only)."""
    tree = ast.parse(source)
    annotations: list[ast.expr | None] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign | ast.arg):
            annotations.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            annotations.append(node.returns)
    typed = {id(n) for a in annotations if a is not None for n in ast.walk(a)}
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == name
        and id(node) not in typed
    }


def test_every_use_case_is_named_once_and_comes_from_its_module():
    """scorekeeper/__init__.py names each use-case once (USE_CASES, by module): each one the
    faces ask for is there, and each comes from the module it is listed under."""
    import importlib

    from qscore import scorekeeper

    listed = [name for names in scorekeeper.USE_CASES.values() for name in names]
    assert len(listed) == len(set(listed)) and scorekeeper.__all__ == listed
    asked = set().union(*(attributes_asked(p.read_text("utf-8"), "scorekeeper") for p in sorted(PACKAGE.rglob("*.py"))))
    assert {"start_game", "table_figures", "Sent"} <= asked
    assert asked - {"USE_CASES"} <= set(listed)
    # the type checker sees each module's names: a star import of each, for it alone
    source = (PACKAGE / "scorekeeper" / "__init__.py").read_text("utf-8")
    starred = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and [a.name for a in node.names] == ["*"]
    }
    assert starred == {f"qscore.scorekeeper.{module}" for module in scorekeeper.USE_CASES}
    for module, names in scorekeeper.USE_CASES.items():
        held = vars(importlib.import_module(f"qscore.scorekeeper.{module}"))
        for name in names:
            assert getattr(scorekeeper, name) is held[name], name
