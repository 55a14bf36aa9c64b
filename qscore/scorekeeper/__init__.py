"""The scorekeeper's use-cases: start a game, record a laydown, settle a challenge, undo,
rename a player, a player leaves, rename or delete a game, the reads the commands need,
and a game's words judged under its rules (one GameJudge for every face).

This is the application layer: the only code that opens the saved games and the one
path by which anything is written. It never prints and never asks: a question the table
must answer comes back as an error carrying what to ask (BonusChoiceNeeded), and every
result is plain data for the command line (or ``qscore play``) to render.

Every write checks the entry twice: first against the game as read (so the dictionary,
which may take a while to open, is consulted outside the write), then inside the write
transaction against the game as it then stands, so two terminals never lose an entry.

Each use-case is imported from its module when first asked for (qscore.startup says
what that saves).
"""

from typing import TYPE_CHECKING

from qscore.startup import names_when_asked

if TYPE_CHECKING:
    from qscore.scorekeeper.figures import GameList, ReadProgress, TableFigures, game_list, table_figures
    from qscore.scorekeeper.judging import (
        GameJudge,
        dictionary_against,
        game_dictionary,
        game_judge,
        refused_words,
        word_verdict,
    )
    from qscore.scorekeeper.reads import (
        check_new_name,
        follow_games,
        game_identity,
        game_named_now,
        game_names,
        games_file,
        last_closed_round,
        load_game,
        load_identified,
        review_of,
        saved_games,
        saved_name,
    )
    from qscore.scorekeeper.store import entries_written, recording
    from qscore.scorekeeper.writes import (
        LaydownRecorded,
        Saved,
        Sent,
        UndoneMeanwhileError,
        close_game,
        delete_game,
        leave,
        record_laydown,
        rename_game,
        rename_player,
        save_laydown,
        settle_challenge,
        start_game,
        start_next_game,
        undo,
        undone,
    )
    from qscore.store.storage import CommittedChange as CommittedChange  # what recording() gives
    from qscore.store.storage import Follower as Follower  # what follow_games() gives


__all__ = [
    "GameJudge",
    "GameList",
    "LaydownRecorded",
    "ReadProgress",
    "Saved",
    "Sent",
    "TableFigures",
    "UndoneMeanwhileError",
    "check_new_name",
    "close_game",
    "delete_game",
    "dictionary_against",
    "entries_written",
    "follow_games",
    "game_dictionary",
    "game_identity",
    "game_judge",
    "game_list",
    "game_named_now",
    "game_names",
    "games_file",
    "last_closed_round",
    "leave",
    "load_game",
    "load_identified",
    "record_laydown",
    "recording",
    "refused_words",
    "rename_game",
    "rename_player",
    "review_of",
    "save_laydown",
    "saved_games",
    "saved_name",
    "settle_challenge",
    "start_game",
    "start_next_game",
    "table_figures",
    "undo",
    "undone",
    "word_verdict",
]

# the modules, each importing the ones before it: a name comes from the first holding it
__getattr__ = names_when_asked(__name__, ("store", "judging", "reads", "figures", "writes"), __all__)
