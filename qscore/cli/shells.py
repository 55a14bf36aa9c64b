"""Shell completion's scripts: --show-completion prints one, --install-completion puts it
where the shell named (or the one it is run from) reads it, and the zsh completer.

typer's own installer detects the shell even when one is named, and its zsh script
offers nothing on the first Tab of a new shell (the autoloaded file only defines the
function) and loses apostrophes from descriptions (it evals them inside single quotes).
qscore's zsh script is called on the first Tab, and reads plain lines, so a description
is shown as written. bash and fish use typer's completers, unchanged; qscore's bash
script quotes each candidate as bash reads it (typer's inserted a game named "fri day"
as two words, and O'Neil with an open quote).
"""

import os
import re
from pathlib import Path
from typing import Any

import shellingham

from qscore.cli.typer_private import (
    COMPLETE_ARGS,
    FISH_ACTION,
    BashComplete,
    FishComplete,
    ZshComplete,
    add_completion_class,
)
from qscore.errors import quoted

PROG = "qscore"
COMPLETE_VAR = "_QSCORE_COMPLETE"  # set by the scripts: the shell asks, qscore answers
SHELLS = ("bash", "zsh", "fish")

ZSH_SCRIPT = r"""#compdef qscore

_qscore() {
  local -a described plain
  local line
  for line in "${(@f)$(env @ARGS@="${words[1,$CURRENT]}" _QSCORE_COMPLETE=complete_zsh qscore 2>/dev/null)}"; do
    [[ -z $line ]] && continue
    if [[ $line == *$'\t'* ]]; then
      described+=("${${line%%$'\t'*}//:/\\:}:${line#*$'\t'}")
    else
      plain+=("$line")
    fi
  done
  if (( ${#described} + ${#plain} == 0 )); then
    _files
    return
  fi
  (( ${#described} )) && _describe -V qscore described
  (( ${#plain} )) && compadd -V qscore -a plain
  return 0
}

# Autoloaded from ~/.zfunc on the first Tab: _qscore above replaces this file's body, and
# this first Tab is answered too. Sourced (eval "$(qscore --show-completion zsh)"): register it.
if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
  _qscore "$@"
else
  compdef _qscore qscore
fi
""".replace("@ARGS@", COMPLETE_ARGS)

BASH_SCRIPT = r"""_qscore_completion() {
    local IFS=$'\n' candidate
    COMPREPLY=()
    # each candidate quoted as the shell reads it: a game named "fri day" is one word
    for candidate in $( env COMP_WORDS="${COMP_WORDS[*]}" \
                        COMP_CWORD=$COMP_CWORD \
                        _QSCORE_COMPLETE=complete_bash $1 ); do
        printf -v candidate '%q' "$candidate"
        COMPREPLY+=( "$candidate" )
    done
    return 0
}

complete -o default -F _qscore_completion qscore
"""

# typer's fish script, as typer 0.26-0.29 write it: typer's FishComplete answers it
_ASK_FISH = f"env {COMPLETE_VAR}=complete_fish {COMPLETE_ARGS}=(commandline -cp) {FISH_ACTION}="
FISH_SCRIPT = (
    f'complete --command qscore --no-files --arguments "({_ASK_FISH}get-args qscore)"'
    f' --condition "{_ASK_FISH}is-args qscore"\n'
)

SCRIPTS = {"bash": BASH_SCRIPT, "zsh": ZSH_SCRIPT, "fish": FISH_SCRIPT}


class UnknownShell(Exception):
    """A shell qscore has no completion for, or none could be found."""


def shell_named(name: str) -> str:
    """The shell ``name`` names (bash, zsh or fish, any case, or a path to one), or, when
    ``name`` is empty, the shell qscore is run from."""
    if not name:
        return running_shell()
    shell = Path(name).name.lower()
    if shell not in SHELLS:
        raise UnknownShell(f"no completion for the shell {quoted(name)}: choose bash, zsh or fish")
    return shell


def running_shell() -> str:
    """The shell this process was started from, found by looking up its parents."""
    try:
        name, _ = shellingham.detect_shell()
    except shellingham.ShellDetectionFailure:
        raise UnknownShell("cannot tell which shell this is: name it (bash, zsh or fish)") from None
    if name not in SHELLS:
        raise UnknownShell(f"no completion for the shell {quoted(name)}: name bash, zsh or fish")
    return str(name)


def install_script(shell: str, home: Path) -> tuple[Path, Path | None]:
    """Write ``shell``'s script where that shell reads it; return its path and the start-up
    file a line was added to (None when none was needed or it was there already)."""
    if shell == "bash":
        script = home / ".bash_completions" / f"{PROG}.sh"
        rc = _add_line(home / ".bashrc", f"source '{script}'")
    elif shell == "zsh":
        script = home / ".zfunc" / f"_{PROG}"
        # compinit reads ~/.zfunc only if it is on fpath before compinit runs
        rc = _add_line(home / ".zshrc", "fpath+=~/.zfunc; autoload -Uz compinit; compinit")
    else:  # fish reads its completions folder by itself
        config = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
        script = config / "fish" / "completions" / f"{PROG}.fish"
        rc = None
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text(SCRIPTS[shell])
    return script, rc


def _add_line(rc: Path, line: str) -> Path | None:
    text = rc.read_text() if rc.is_file() else ""
    if line in text.splitlines():
        return None
    rc.parent.mkdir(parents=True, exist_ok=True)
    rc.write_text(text + ("" if not text or text.endswith("\n") else "\n") + line + "\n")
    return rc


def enable_completers() -> None:
    """Register the completer of each shell, for the shell's request (``_QSCORE_COMPLETE``)."""
    add_completion_class(BashComplete, "bash")
    add_completion_class(ZshCompleter, "zsh")
    add_completion_class(FishComplete, "fish")


class ZshCompleter(ZshComplete):
    """One completion a line, ``value<TAB>description`` or the bare value, for the zsh
    script to read: nothing is evaluated, so nothing in a description is lost."""

    def complete(self) -> str:
        args, incomplete = self.get_completion_args()
        return "\n".join(_zsh_line(item.value, item.help) for item in self.get_completions(args, incomplete))


def _zsh_line(value: Any, description: str | None) -> str:
    shown = re.sub(r"\s", " ", str(value))
    if not description:
        return shown
    return shown + "\t" + " ".join(description.split())
