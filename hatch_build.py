"""The wheel's build hook: the shipped word lists' indexes, built with the package.

A run of qscore reads the index of the list it judges with (the words for `check` and
`score`, the anagrams for `best` and `review`, the sound keys for a suggestion): built
from a list, they take 0.5 to 6 s, which the first run after install would pay. Here
tools/word_indexes.py builds them into qscore/wordlists/built/ (not committed: generated)
at every wheel build, the editable install of a checkout included, where the package
reads them from that folder in place. dawg2 and doublemetaphone, which build them, are
this hook's dependencies (pyproject.toml).
"""

import subprocess
import sys
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class WordIndexHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        # A process of its own: the checkout's qscore is imported there, never into the
        # build backend's; its failure fails the build (a wheel without them is slow).
        subprocess.run([sys.executable, str(Path(self.root, "tools", "word_indexes.py"))], check=True)
        if version == "standard":  # the editable install reads them where they are
            build_data["artifacts"].append("/qscore/wordlists/built/*.dawg")
