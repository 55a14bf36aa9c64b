"""qscore's entry point (the ``qscore`` script and ``python -m qscore``)."""

import sys

from qscore import startup

# Commands whose -d/--dictionary option names the dictionary they open.
_OPENS_A_DICTIONARY = {"check", "best", "solitaire", "new"}
# Of those, the ones that write nothing: nothing of theirs needs a tidy interpreter exit.
_WRITE_NOTHING = {"check", "best", "solitaire"}


def named_dictionary(args: list[str]) -> str | None:
    """The dictionary a command line names with -d or --dictionary, as click reads it
    (the last one given), or None."""
    if not args or args[0] not in _OPENS_A_DICTIONARY:
        return None
    named = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg in ("-d", "--dictionary") and i + 1 < len(args):
            named = args[i + 1]
        elif arg.startswith("--dictionary="):
            named = arg.partition("=")[2]
        elif arg.startswith("-d") and len(arg) > 2:
            named = arg[2:]
    return named


class ClosedOutput:
    """Standard output when the shell closed it (``qscore undo >&-``): Python leaves it None,
    where a write is lost in silence and a flush is an AttributeError. Every write fails as
    a closed file does, so a run that saved something says so and the rest one line."""

    def write(self, text: str) -> int:
        import errno

        raise OSError(errno.EBADF, "standard output is closed")

    def flush(self) -> None:
        """Nothing is held: the write that failed said so."""


# What an output that cannot encode a character (PYTHONIOENCODING=ascii, a Latin-1 terminal)
# is given instead: the cards' middle dot is a hyphen (Q-U-I-Z), the deck's times sign an x,
# anything else a question mark, as Python's "replace" writes it.
PLAIN = {"\u00b7": "-", "\u00d7": "x", "\u2026": "..."}


def plain(error: UnicodeError) -> tuple[str, int]:
    """The "qscore-plain" error handler: :data:`PLAIN`'s stand-ins for what cannot be encoded."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(PLAIN.get(c, "?") for c in error.object[error.start : error.end]), error.end


def plain_output() -> None:
    """Let standard output and error write what their encoding lacks as plain stand-ins
    rather than end in a UnicodeEncodeError traceback."""
    import codecs

    codecs.register_error("qscore-plain", plain)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="qscore-plain")


def main() -> None:
    """Run qscore. Ctrl-C inside a command says what it saved; before one starts (while
    qscore loads), nothing can have been saved."""
    startup.hold_the_collector()
    if sys.stdout is None:
        sys.stdout = ClosedOutput()  # type: ignore[assignment]
    plain_output()
    if sys.stdin is None:  # closed input (qscore play <&-) is no input: end of file at once
        import os

        sys.stdin = open(os.devnull)  # noqa: SIM115  open to the process's end, as stdin is
    try:
        run_command_line()
    except KeyboardInterrupt:
        print("\nqscore: stopped (Ctrl-C): nothing was saved", file=sys.stderr)
        sys.exit(130)


def run_command_line() -> None:
    """Run the command line. A system dictionary named on it (-d en_US) begins to open
    first, in the background, while the command line loads."""
    named = named_dictionary(sys.argv[1:])
    if named is None:
        from qscore.cli import main as run

        try:
            run()
        except SystemExit as done:
            if startup.nothing_left_at_exit():
                startup.exit_at_once(done)
            raise
        return
    from qscore.words import system_dictionaries as early

    early.open_early(named)
    try:
        from qscore.cli import main as run

        run()
    except SystemExit as done:
        if sys.argv[1] in _WRITE_NOTHING and early.loaded():
            startup.exit_at_once(done)
        raise
    finally:
        early.finish_early()


if __name__ == "__main__":
    main()
