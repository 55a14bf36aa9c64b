"""The scorekeeper's use-cases: start a game, record a laydown, settle a challenge, undo,
rename a player, a player leaves, rename or delete a game, the reads the commands need,
and a game's words judged under its rules (one GameJudge for every face).

This is the application layer: the only code that opens the saved games and the one
path by which anything is written. It never prints and never asks: a question the table
must answer comes back as an error carrying what to ask (questions.QuestionAsked), and every
result is plain data for the command line (or ``qscore play``) to render.

Every write checks the entry twice: first against the game as read (so the dictionary,
which may take a while to open, is consulted outside the write), then inside the write
transaction against the game as it then stands, so two terminals never lose an entry.

Each use-case is imported from its module when first asked for (qscore.startup says
what that saves): USE_CASES names them once, by module; a module's use-cases are its line.
"""

from typing import TYPE_CHECKING

from qscore.startup import names_when_asked

# Each module's use-cases, the modules in the order they import each other (each may
# import the ones above it): what `scorekeeper.name` gives, imported when first asked for.
USE_CASES = {
    "store": ("entries_written", "recording"),
    "judging": (
        "GameJudge",
        "dictionary_against",
        "game_dictionary",
        "game_judge",
        "refused_words",
        "what_decided",
        "table_ruling",
        "word_verdict",
    ),
    "reads": (
        "check_new_name",
        "follow_games",
        "game_identity",
        "game_named_now",
        "game_names",
        "games_file",
        "last_closed_round",
        "load_game",
        "load_identified",
        "review_of",
        "saved_games",
        "saved_name",
    ),
    "tablewords": (
        "TableWord",
        "TableWords",
        "counted",
        "deciding_ruling",
        "forget_word",
        "kept_rulings",
        "table_lists",
        "table_words",
    ),
    "figures": ("GameList", "ReadProgress", "TableFigures", "evening_figures", "game_list", "table_figures"),
    "writes": (
        "LaydownRecorded",
        "Saved",
        "Sent",
        "UndoneMeanwhileError",
        "close_game",
        "delete_game",
        "leave",
        "record_laydown",
        "rename_game",
        "rename_player",
        "save_laydown",
        "settle_challenge",
        "start_game",
        "start_next_game",
        "undo",
        "undone",
    ),
}

__all__ = [name for names in USE_CASES.values() for name in names]
__getattr__ = names_when_asked(__name__, USE_CASES)

if TYPE_CHECKING:  # what the type checker sees of each module (tests/test_layers.py holds it to USE_CASES)
    from qscore.scorekeeper.figures import *  # noqa: F403
    from qscore.scorekeeper.judging import *  # noqa: F403
    from qscore.scorekeeper.reads import *  # noqa: F403
    from qscore.scorekeeper.store import *  # noqa: F403
    from qscore.scorekeeper.tablewords import *  # noqa: F403
    from qscore.scorekeeper.writes import *  # noqa: F403
