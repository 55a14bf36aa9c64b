"""The typer app and what every command shares: error reporting and the dictionary options."""

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer

from qscore.errors import QscoreError

if TYPE_CHECKING:
    from qscore.dictionaries import Dictionary

app = typer.Typer(
    help="qscore: word judge, hand solver and scorekeeper for Quiddler at a real table.",
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    no_args_is_help=True,
)

F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str, code: int = 2) -> NoReturn:
    """Print a one-line error and exit with ``code``."""
    print(f"qscore: error: {message}", file=sys.stderr)
    raise typer.Exit(code)


def reports_errors(func: F) -> F:
    """Turn qscore's own errors into one line on stderr and their exit status."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except QscoreError as exc:
            fail(str(exc), exc.exit_code)

    return wrapper  # type: ignore[return-value]


def dictionary_from(name: str | None, allow: Path | None, deny: Path | None) -> "Dictionary":
    """The dictionary the --dictionary, --allow and --deny options name."""
    from qscore.dictionaries import open_dictionary, read_word_file

    return open_dictionary(name, read_word_file(allow) if allow else (), read_word_file(deny) if deny else ())


def print_json(value: Any) -> None:
    import json

    print(json.dumps(value, indent=2, ensure_ascii=False))


DictionaryOpt = Annotated[
    str | None,
    typer.Option(
        "--dictionary", "-d", help="everyday (default), wordgame, a system tag such as en_US, or a word-list file"
    ),
]
AllowOpt = Annotated[
    Path | None, typer.Option("--allow", help="house rules: a file of extra allowed words, one a line")
]
DenyOpt = Annotated[Path | None, typer.Option("--deny", help="house rules: a file of denied words, one a line")]
JsonOpt = Annotated[bool, typer.Option("--json", help="print JSON instead of text")]
