"""``qscore play``: the guided mode for a whole evening, round by round.

It asks for what the other commands take, and saves through them, so a game started
here goes on with ``qscore score`` and the other way round.
"""

from typing import TYPE_CHECKING

import typer

from qscore.cli.app import app, reports_errors
from qscore.cli.games import GameOpt, record_challenge, record_laydown, start_game, store
from qscore.errors import LaydownExistsError, QscoreError, UnknownGameError

if TYPE_CHECKING:
    from qscore.scoresheet import Game


def ask(question: str) -> str:
    return str(typer.prompt(question, default="", show_default=False)).strip()


def retry(action, *args: object) -> None:  # type: ignore[no-untyped-def]
    """Run a step until it is accepted; a rejected entry is explained and asked again."""
    while True:
        try:
            action(*args)
            return
        except QscoreError as exc:
            print(f"qscore: error: {exc}")


def set_up(name: str | None) -> "Game":
    """Ask for a new game's players and choices."""
    print("A new game" + (f" called {name!r}." if name else "."))
    while True:
        players = ask("Players, in seating order (the first deals first)").replace(",", " ").split()
        variant = ask("Variant: standard or short [standard]") or "standard"
        bonus = None
        if len(players) == 2:
            bonus = ask("Two players use one bonus: longest or most") or None
        dictionary = ask("Dictionary [everyday]") or None
        try:
            return start_game(players, variant=variant, bonus=bonus, dictionary=dictionary, name=name)
        except QscoreError as exc:
            print(f"qscore: error: {exc}")


def lay_down(game: "Game", player: str) -> None:
    words = ask(f"{player}'s words, as laid, e.g. (qu)iz (blank for none)").split()
    unused = ask(f"{player}'s unused cards (blank for none)")
    out = False
    if not unused:
        out = typer.confirm(f"Did {player} go out?", default=False)
    try:
        print(record_laydown(player, words, unused, out, None, game.name))
    except LaydownExistsError as exc:  # recorded meanwhile, from another terminal
        if typer.confirm(f"{exc.existing.player} already laid {exc.existing.text()}. Replace it?", default=False):
            print(record_laydown(player, words, unused, out, exc.round, game.name, replace=True))


def challenge_line(game: "Game", line: str) -> None:
    parts = line.split()
    if len(parts) != 4 or parts[2].lower() != "by":
        raise QscoreError("write a challenge as PLAYER WORD by CHALLENGER, e.g. ann steve by ben")
    print(record_challenge(parts[0], parts[1], parts[3], None, None, game.name))


@app.command()
@reports_errors
def play(game: GameOpt = None) -> None:
    """Keep score for a whole game, prompting round by round for each player."""
    from qscore.cli.review import game_missed_text, round_miss_text
    from qscore.cli.sheets import sheet_text, standing_text

    games = store()
    try:
        current = games.load(game)
        if current.over and game is None:
            current = set_up(None)
    except UnknownGameError:
        current = set_up(game)
    print(f"Keeping score for game {current.name!r}: {', '.join(current.still_in)}.")
    try:
        while not current.over:
            print(standing_text(current))
            state = current.current
            assert state is not None
            for player in state.players:  # those who left sit the round out
                if player not in state.laydowns:
                    retry(lay_down, current, player)
            current = games.load(current.name)
            while line := ask("Challenge? PLAYER WORD by CHALLENGER (blank for none)"):
                try:
                    challenge_line(current, line)
                except QscoreError as exc:
                    print(f"qscore: error: {exc}")
                current = games.load(current.name)
            if current.config.review:
                print(round_miss_text(current, state.number))
    except typer.Abort:
        # end of input or Ctrl-C: everything entered so far is saved already
        print(f"\nStopped. Game {current.name!r} is saved; go on with: qscore play --game {current.name}")
        return
    print(sheet_text(current))
    print(standing_text(current))
    if current.config.review:
        print(game_missed_text(current))
