"""qscore's entry point (the ``qscore`` script and ``python -m qscore``)."""

import sys

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


def main() -> None:
    """Run qscore. Ctrl-C inside a command says what it saved; before one starts (while
    qscore loads), nothing can have been saved."""
    if sys.stdout is None:
        sys.stdout = ClosedOutput()  # type: ignore[assignment]
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

        run()
        return
    from qscore import system_dictionaries as early

    early.open_early(named)
    try:
        from qscore.cli import main as run

        run()
    except SystemExit as done:
        if sys.argv[1] in _WRITE_NOTHING and early.loaded():
            exit_at_once(done)
        raise
    finally:
        early.finish_early()


def exit_at_once(done: SystemExit) -> None:
    """End the process now, output flushed, without freeing what it holds: freeing
    hunspell's tables and unloading enchant's providers costs about 20 ms, a fifth
    of a whole run, for memory the system takes back anyway. Anything unusual (an
    exit message, output that cannot be written) returns for the ordinary exit."""
    import os

    if not (done.code is None or isinstance(done.code, int)):
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(done.code or 0)


if __name__ == "__main__":
    main()
