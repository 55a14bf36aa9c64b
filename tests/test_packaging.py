"""A wheel built from the repo runs ``qscore check quiz`` from a clean virtual environment."""

import subprocess
import sys
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent


def test_wheel_ships_the_word_lists_and_runs_outside_the_checkout(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(REPO)],
        check=True,
        capture_output=True,
    )
    wheel = next(dist.glob("qscore-*.whl"))
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    subprocess.run(
        [str(env_dir / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(wheel)],
        check=True,
        capture_output=True,
    )
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    done = subprocess.run(
        [str(env_dir / "bin" / "qscore"), "check", "quiz", "teh"],
        cwd=outside,
        capture_output=True,
        text=True,
        env={"QSCORE_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 1 and done.stderr == "", done.stderr  # teh is refused
    assert done.stdout.startswith("quiz: allowed\n  Q·U·I·Z   35 points")
    assert "did you mean: the, " in done.stdout  # the ranking data travels too
    installed = subprocess.run(
        [str(env_dir / "bin" / "python"), "-c", "import qscore, pathlib; print(pathlib.Path(qscore.__file__).parent)"],
        cwd=outside,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert installed.startswith(str(env_dir)), "qscore must come from the wheel, not the checkout"
    assert (Path(installed) / "wordlists" / "everyday.txt").is_file()
    assert (Path(installed) / "data" / "WORDNET-COPYRIGHT").is_file()
    defined = subprocess.run(
        [str(env_dir / "bin" / "qscore"), "define", "quizzes"],
        cwd=outside,
        capture_output=True,
        text=True,
        env={"QSCORE_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"},
    )
    assert defined.returncode == 0, defined.stderr  # the meanings travel in the wheel
    assert defined.stdout.startswith("quizzes: allowed\n  plural and present tense of quiz\n  noun: ")


def test_dev_reads_paths_from_where_it_is_run(tmp_path):
    """`../words.txt` typed in a sub-folder names the file beside it, not one in the checkout."""
    (tmp_path / "words.txt").write_text("zax\n")
    below = tmp_path / "sub"
    below.mkdir()
    done = subprocess.run(
        [str(REPO / "dev"), "qscore", "check", "-d", "../words.txt", "zax"],
        cwd=below,
        capture_output=True,
        text=True,
        env={"QSCORE_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("zax: allowed")


def test_sdist_carries_the_licence_and_everything_the_readme_links_to(tmp_path):
    import re
    import tarfile

    subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path), str(REPO)],
        check=True,
        capture_output=True,
    )
    sdist = next(tmp_path.glob("qscore-*.tar.gz"))
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
        metadata = tar.extractfile(next(m for m in tar.getmembers() if m.name.endswith("/PKG-INFO")))
        assert metadata is not None
        info = metadata.read().decode()
    readme = (REPO / "README.md").read_text("utf-8")
    targets = {
        t.split("#")[0] for t in re.findall(r"\]\(([^)\s]+)\)", readme) if "://" not in t and not t.startswith("#")
    }
    assert {"RULES.md", "docs/json.md", "dictionaries/README.md"} <= targets  # the links are found
    missing = sorted(t for t in targets if t not in names and not any(n.startswith(t.rstrip("/") + "/") for n in names))
    assert not missing, f"README links to files the sdist lacks: {missing}"
    assert "LICENSE" in names and "qscore/wordlists/SCOWL-COPYRIGHT" in names
    assert "qscore/data/WORDNET-COPYRIGHT" in names
    assert "License-Expression: MIT" in info
    assert "License-File: LICENSE" in info
    assert "License-File: qscore/data/WORDNET-COPYRIGHT" in info
