"""The size limits hold over the whole package: no module over 500 lines, no class over 250,
no function over 100; and its names are each once: no two classes, nor two modules, of one
name (a reader who meets one knows which it is).

A module past the limit is split by job (the solver's search apart from the words a hand
makes, the suggestions by edits apart from how words sound), not trimmed of comments.
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "qscore"
MODULE_LINES = 500
CLASS_LINES = 250
FUNCTION_LINES = 100


def sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def shown(path: Path) -> str:
    return path.relative_to(PACKAGE.parent).as_posix()


def class_sizes(path: Path) -> dict[str, int]:
    """Each class of a module (nested ones by their dotted name) and its lines, from its
    first decorator to its last line."""
    sizes: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                name = prefix + child.name
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                assert child.end_lineno is not None
                sizes[name] = child.end_lineno - first + 1
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(path.read_text("utf-8")), "")
    return sizes


def test_the_walk_sees_the_package():
    names = {shown(p) for p in sources()}
    assert {"qscore/hands/solver.py", "qscore/cli/app.py", "qscore/scorekeeper/__init__.py"} <= names
    assert class_sizes(PACKAGE / "hands" / "solver.py")["Play"] > 5


def test_no_module_is_over_the_limit():
    lines = {shown(p): len(p.read_text("utf-8").splitlines()) for p in sources()}
    assert {name: n for name, n in lines.items() if n > MODULE_LINES} == {}


def test_no_class_is_over_the_limit():
    over = {(shown(p), name): n for p in sources() for name, n in class_sizes(p).items() if n > CLASS_LINES}
    assert over == {}


def test_class_sizes_count_from_the_first_decorator(tmp_path):
    module = tmp_path / "m.py"
    lines = ["import dataclasses", "", "", "@dataclasses.dataclass", "class A:", "    x: int", "", "    class B:"]
    module.write_text("\n".join([*lines, "        y: int", ""]))
    assert class_sizes(module) == {"A": 6, "A.B": 2}


def function_sizes(path: Path) -> dict[str, int]:
    """Each function of a module (nested and methods too) and its lines, from its first
    decorator to its last line, by its line number and name."""
    sizes = {}
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            assert node.end_lineno is not None
            sizes[f"{node.lineno}:{node.name}"] = node.end_lineno - first + 1
    return sizes


def test_no_function_is_over_the_limit():
    over = {(shown(p), name): n for p in sources() for name, n in function_sizes(p).items() if n > FUNCTION_LINES}
    assert over == {}


def test_function_sizes_count_nested_functions_and_methods(tmp_path):
    module = tmp_path / "m.py"
    module.write_text(
        "class A:\n    @staticmethod\n    def f():\n        def g():\n            pass\n        return g\n"
    )
    assert function_sizes(module) == {"3:f": 5, "4:g": 2}


def test_no_two_classes_nor_modules_share_a_name():
    classes: dict[str, list[str]] = {}
    modules: dict[str, list[str]] = {}
    for path in sources():
        if path.name != "__init__.py":
            modules.setdefault(path.name, []).append(shown(path))
        for name in class_sizes(path):
            classes.setdefault(name, []).append(shown(path))
    assert {name: where for name, where in classes.items() if len(where) > 1} == {}
    assert {name: where for name, where in modules.items() if len(where) > 1} == {}
