"""The typer app and what every command shares: error reporting and the dictionary options."""

import contextlib
import errno
import functools
import os
import sys
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup

from qscore import __version__
from qscore.cli.completion import shell_names
from qscore.cli.shells import COMPLETE_VAR, SCRIPTS, UnknownShell, enable_completers, install_script, shell_named
from qscore.cli.typer_private import ClickException, NoArgsIsHelpError
from qscore.cli.wording import as_qscore_says, choice_meant, refusal, saved_text, worded
from qscore.errors import QscoreError
from qscore.paths import printable, shown_path, terminal_safe

if TYPE_CHECKING:
    from qscore.scorekeeper import CommittedChange, ReadProgress, TableWord
    from qscore.words.dictionaries import Dictionary


class SafeOutput:
    """Standard output that writes what it is given as paths.terminal_safe makes it: a
    name read from the games file never acts on the terminal (qscore's own output holds
    no control character but newlines and tabs, so it is written as it was)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(terminal_safe(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextlib.contextmanager
def terminal_safe_output() -> Any:
    """Standard output made SafeOutput while a command runs."""
    stream = sys.stdout
    sys.stdout = SafeOutput(stream)  # type: ignore[assignment]
    try:
        yield
    finally:
        if isinstance(sys.stdout, SafeOutput):
            sys.stdout = stream


@contextlib.contextmanager
def naming_the_command(ctx: Any) -> Any:
    """Give a usage error the command it was made in, for its help hint: click's parser
    raises some (an option's missing value) without one."""
    try:
        yield
    except ClickException as exc:
        if getattr(exc, "ctx", None) is None:
            exc.ctx = ctx  # type: ignore[attr-defined]
        raise


class OneLineErrors(TyperGroup):
    """Usage errors as one line, like qscore's own: ``qscore: error: ... (see qscore check --help)``.

    Output that cannot be written ends the run the way a table would want: a closed pipe
    (``qscore check - < words.txt | head -1``) quietly, with status 141 as a program
    stopped by it; a full disk with one line and status 2. Never a traceback, and never
    the status 1 that means a word was refused. But once something was saved (``qscore
    undo > /dev/full``), the status tells the truth about the write: 0, with a warning
    naming what was saved, so nobody enters it again.
    """

    def invoke(self, ctx: Any) -> Any:
        from qscore.scorekeeper import recording

        with recording() as written, terminal_safe_output():
            try:
                try:
                    return super().invoke(ctx)
                finally:
                    sys.stdout.flush()  # what is still buffered fails here, not at exit
            except OSError as exc:
                raise typer.Exit(_output_failed(exc, written)) from None

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:  # `qscore --help` writes its help here
            return super().make_context(*args, **kwargs)
        except OSError as exc:
            raise typer.Exit(_output_failed(exc)) from None

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        with naming_the_command(ctx):
            return list(super().parse_args(ctx, shell_may_be_left_out(args)))

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if COMPLETE_VAR in os.environ:  # the shell asks for completions
            enable_completers()
        refused = refusal(sys.argv[1:] if args is None else list(args))
        if refused:
            say_error(f"qscore: error: {refused}")
            sys.exit(2)
        try:
            status = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except NoArgsIsHelpError as exc:
            with contextlib.suppress(OSError):
                exc.show()  # `qscore` alone: the help, as a usage error
            sys.exit(exc.exit_code)
        except ClickException as exc:
            ctx = getattr(exc, "ctx", None)
            hint = f" (see {ctx.command_path} --help)" if ctx is not None else ""
            message = exc.format_message()
            say_error(f"qscore: error: {as_qscore_says(message)}{choice_meant(message)}{hint}")
            sys.exit(exc.exit_code)
        except typer.Abort:  # end of input or Ctrl-C at a prompt: stopped, as by Ctrl-C
            say_error("qscore: stopped")
            sys.exit(INTERRUPTED)
        if not standalone_mode:
            return status
        sys.exit(status if isinstance(status, int) else 0)


# Where a write can fail for want of room, or for a closed standard output (>&-); any
# other error is a fault to show in full.
_NO_ROOM = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EBADF}
CLOSED_PIPE_STATUS = 128 + 13  # as a shell reports a program ended by SIGPIPE
INTERRUPTED = 128 + 2  # as a shell reports a program stopped by Ctrl-C (SIGINT)


def _output_failed(exc: OSError, saved: "list[CommittedChange] | None" = None) -> int:
    """The exit status after output could not be written, saying so when there is room.
    After a write (``saved``), 0 and a warning naming what was saved: the write went through."""
    if exc.errno not in _NO_ROOM and exc.errno != errno.EPIPE:
        raise exc
    _silence_stdout()
    if saved:
        what = "; ".join(saved_text(w) for w in saved)
        warn(f"cannot write the output ({exc.strerror}), but this was saved: {what}; do not enter it again")
        return 0
    if exc.errno == errno.EPIPE:
        return CLOSED_PIPE_STATUS
    say_error(f"qscore: error: cannot write the output: {exc.strerror}")
    return 2


def say_error(line: str) -> None:
    """One line on standard error; when even that cannot be written, the exit status must do.
    Whatever the message quotes (a path, a game's name), a newline or an escape code in it
    is shown escaped: the message stays one line."""
    with contextlib.suppress(OSError):
        print(printable(line), file=sys.stderr, flush=True)


def warn(message: str) -> None:
    """A one-line warning on stderr: something was left out, but the command did its work
    (the exit status stays 0)."""
    say_error(f"qscore: warning: {message}")


# Long work is shown once it has taken this long: a quick read draws nothing.
PROGRESS_AFTER_S = 0.5


@contextlib.contextmanager
def progress_shown(what: str, stream: Any = None) -> "Iterator[Callable[[ReadProgress], None] | None]":
    """A ``ReadProgress`` the core hands up, shown as one line on standard error (``stream``),
    redrawn as it goes and erased at the end, once the work has taken PROGRESS_AFTER_S;
    nothing when it is not a terminal (standard output is never touched)."""
    stream = stream or sys.stderr
    try:
        terminal = stream.isatty()
    except (AttributeError, OSError, ValueError):
        terminal = False
    if not terminal:
        yield None
        return
    start = time.monotonic()
    drawn = [0.0]

    def tell(p: "ReadProgress") -> None:
        now = time.monotonic()
        if now - start < PROGRESS_AFTER_S or (p.done < p.total and now - drawn[0] < 0.1):
            return
        drawn[0] = now
        with contextlib.suppress(OSError, ValueError):
            stream.write(f"\rqscore: {what}: {p.done:,} of {p.total:,} games")
            stream.flush()

    try:
        yield tell
    finally:
        if drawn[0]:
            with contextlib.suppress(OSError, ValueError):
                stream.write("\r\x1b[K")  # the line erased: what follows starts clean
                stream.flush()


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so what is still buffered is dropped quietly at exit."""
    try:
        target = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a file (a test's capture): nothing is flushed at exit
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, target)
    os.close(null)


class PlainUsage(TyperCommand):
    """Arguments named as people write them, ``qscore score [OPTIONS] PLAYER [WORDS...]``:
    typer names an argument in lower case, as an option's value is not, and wraps a
    required one in braces, which reads as a set to choose from. Every command uses
    this class (``QscoreTyper``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if isinstance(param, TyperArgument) and param.metavar is None and param.name:
                param.metavar = param.name.upper() + ("..." if param.nargs != 1 else "")

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in super().collect_usage_pieces(ctx)]

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        with naming_the_command(ctx):
            return list(super().parse_args(ctx, args))


class QscoreTyper(typer.Typer):
    """typer's app, every command with a usage line as people write one."""

    def command(self, name: str | None = None, *, cls: type[TyperCommand] | None = PlainUsage, **kw: Any) -> Any:
        return super().command(name, cls=cls, **kw)


# --install-completion and --show-completion take a shell's name, or none for the shell
# they are run from: an option whose value may be left out, which the parser cannot say.
SHELL_OPTIONS = ("--install-completion", "--show-completion")


def shell_may_be_left_out(args: list[str]) -> list[str]:
    """The top level's options, a shell option with no value given an empty one."""
    out = list(args)
    i = 0
    while i < len(out) and out[i].startswith("-") and out[i] != "--":
        if out[i] in SHELL_OPTIONS:
            if i + 1 == len(out) or out[i + 1].startswith("-"):
                out[i] += "="
            else:
                i += 1  # the shell's name
        i += 1
    return out


app = QscoreTyper(
    cls=OneLineErrors,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="qscore: word judge, hand solver and scorekeeper for Quiddler at a real table.",
    add_completion=False,  # qscore's own --install-completion and --show-completion: cli/shells.py
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    no_args_is_help=True,
)


# The callbacks of the eager options act only on a real run: while the shell asks for
# completions (ctx.resilient_parsing) the command line is parsed, not carried out, so
# Tab after --install-completion must not install anything.


def show_version(ctx: typer.Context, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        print(f"qscore {__version__}")
        raise typer.Exit()


def install_completion(ctx: typer.Context, shell: str | None) -> None:
    if shell is None or ctx.resilient_parsing:
        return
    name = _shell(shell)
    try:
        script, rc = install_script(name, Path.home())
    except OSError as exc:
        fail(f"cannot install {name} completion: {exc.strerror}: {exc.filename}")
    print(f"{name} completion installed in {script}")
    if rc is not None:
        print(f"and a line added to {rc}")
    print(f"It takes effect in a new {name}.")
    raise typer.Exit()


def show_completion(ctx: typer.Context, shell: str | None) -> None:
    if shell is not None and not ctx.resilient_parsing:
        print(SCRIPTS[_shell(shell)], end="")
        raise typer.Exit()


def _shell(name: str) -> str:
    try:
        return shell_named(name)
    except UnknownShell as exc:
        fail(str(exc))


def shell_option(name: str, callback: Callable[[str | None], None], help: str) -> Any:
    """An option naming a shell, or none for the one it is run from (shell_may_be_left_out)."""
    return typer.Option(
        name,
        metavar="[SHELL]",
        callback=callback,
        is_eager=True,
        expose_value=False,
        autocompletion=shell_names,
        help=help,
    )


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=show_version, is_eager=True, help="print qscore's version and stop"),
    ] = False,
    install: Annotated[
        str | None,
        shell_option(
            "--install-completion",
            install_completion,
            "install Tab completion for bash, zsh or fish (default: the shell you run it from)",
        ),
    ] = None,
    show: Annotated[
        str | None,
        shell_option(
            "--show-completion", show_completion, "print that completion script instead, to install it yourself"
        ),
    ] = None,
) -> None:
    """qscore: word judge, hand solver and scorekeeper for Quiddler at a real table."""


F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str, code: int = 2) -> NoReturn:
    """Print a one-line error and exit with ``code``."""
    say_error(f"qscore: error: {message}")
    raise typer.Exit(code)


def reports_errors(func: F) -> F:
    """Turn qscore's own errors into one line on stderr and their exit status."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from qscore.scorekeeper import entries_written, recording

        with recording() as written:
            try:
                return func(*args, **kwargs)
            except QscoreError as exc:
                fail(worded(exc), exc.exit_code)
            except KeyboardInterrupt:
                saved = entries_written(written)
                if saved:
                    what = "the entry was saved" if len(saved) == 1 else f"{len(saved)} entries were saved"
                    print(f"\nqscore: stopped (Ctrl-C) after {what}: see qscore sheet", file=sys.stderr)
                else:
                    print("\nqscore: stopped (Ctrl-C): nothing was saved", file=sys.stderr)
                raise typer.Exit(INTERRUPTED) from None
            except typer.Abort as exc:
                # Ctrl-C or the end of input at a question (the terminal's line left open
                # after the prompt): nothing is saved before a question is answered
                how = " (Ctrl-C)" if isinstance(exc.__context__, KeyboardInterrupt) else ""
                print(f"\nqscore: stopped{how} at the question: nothing was changed", file=sys.stderr)
                raise typer.Exit(INTERRUPTED) from None

    return wrapper  # type: ignore[return-value]


def dictionary_from(
    name: str | None, allow: Path | None, deny: Path | None, table: "Mapping[str, TableWord] | None" = None
) -> "Dictionary":
    """The dictionary the --dictionary, --allow and --deny options name, and the table's own
    words (``table``) beside the house lists, as one list (scorekeeper.table_lists)."""
    from qscore.words.dictionaries import open_dictionary, read_word_file

    lists = {path: read_word_file(path) for path in (allow, deny) if path}
    for path, words in lists.items():
        warn_if_empty(path, words)
    allowed, denied = lists.get(allow, set()) if allow else set(), lists.get(deny, set()) if deny else set()
    if table:
        from qscore.scorekeeper import table_lists

        ruled_allowed, ruled_denied = table_lists(table, allowed, denied)
        allowed, denied = allowed | set(ruled_allowed), denied | set(ruled_denied)
    return open_dictionary(name, allowed, denied)


def tell_notes(dictionary: "Dictionary") -> None:
    """Warn of what the dictionary left out (the too-long lines of a word list)."""
    for note in dictionary.notes():
        warn(note)


def warn_if_empty(house_list: Path, words: Collection[str]) -> None:
    """An empty house list rules nothing: worth a warning, not an error."""
    if not words:
        warn(f"house list {shown_path(house_list)} holds no words")


def print_json(value: Any) -> None:
    import json

    print(json.dumps(value, indent=2, ensure_ascii=False))
