"""A wheel built from the repo runs ``qscore check quiz`` from a clean virtual environment."""

import subprocess
import sys
import venv
from pathlib import Path

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
