"""Every test runs with its own qscore home and enchant config: nothing of the developer's is read."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from qscore.dictionaries import WordSet


@pytest.fixture(scope="session")
def index_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One word-index cache for the session: the shipped lists are indexed once, not per test."""
    return tmp_path_factory.mktemp("qscore-cache")


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, index_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = tmp_path / "home"
    home.mkdir()
    (home / "cache").symlink_to(index_cache, target_is_directory=True)
    monkeypatch.setenv("QSCORE_HOME", str(home))
    enchant_config = tmp_path / "enchant"
    enchant_config.mkdir()
    monkeypatch.setenv("ENCHANT_CONFIG_DIR", str(enchant_config))
    yield home


# A tiny dictionary for unit tests; only a few tests touch the real word lists.
TINY_WORDS = """quiz in inn thin tin this hit his top pot opt stop tops spot post pots
cat act at as is it to so no on go ox ax zoo zoos quit quits suit tux clerk clerks
her here there three the he me we ye yes """.split()


@pytest.fixture
def tiny() -> WordSet:
    return WordSet(TINY_WORDS, name="tiny")
