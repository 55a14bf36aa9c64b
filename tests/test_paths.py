from pathlib import Path

from qscore import paths


def test_qscore_home_holds_both(monkeypatch, tmp_path):
    monkeypatch.setenv("QSCORE_HOME", str(tmp_path))
    assert paths.data_dir() == tmp_path
    assert paths.cache_dir() == tmp_path / "cache"


def test_xdg_folders_without_qscore_home(monkeypatch, tmp_path):
    monkeypatch.delenv("QSCORE_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/is/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert paths.data_dir() == tmp_path / "data" / "qscore"
    assert paths.cache_dir() == tmp_path / "home" / ".cache" / "qscore"


def test_shipped_files_are_found_beside_the_package():
    assert paths.package_file("data", "decks.toml").is_file()
    assert (
        paths.package_file("wordlists", "everyday.txt")
        == Path(paths.__file__).resolve().parent / "wordlists" / "everyday.txt"
    )
