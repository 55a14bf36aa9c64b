"""A wheel built from the repo runs ``qscore check quiz`` from a clean virtual environment."""

import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_ships_the_word_lists_and_runs_outside_the_checkout(tmp_path):
    dist = tmp_path / "dist"
    # the sdist, and the wheel built from it: the wheel's build hook builds the word
    # indexes in a tree that has none (the checkout's own are not committed)
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(REPO)], check=True, capture_output=True)
    assert len(list(dist.glob("qscore-*.whl"))) == 1
    import zipfile

    with zipfile.ZipFile(next(dist.glob("qscore-*.whl"))) as wheel:
        shipped = wheel.namelist()
        metadata = wheel.read(next(n for n in shipped if n.endswith(".dist-info/METADATA"))).decode()
    from qscore.words.dictionaries.backends import SHIPPED, shipped_path
    from qscore.words.dictionaries.wordfiles import INDEX_KINDS, built_name, index_key

    indexes = sorted(n for n in shipped if n.endswith(".dawg"))
    keys = {name: index_key(shipped_path(name).read_bytes()) for name in SHIPPED}
    wanted = [f"qscore/wordlists/built/{built_name(shipped_path(n), keys[n], k)}" for n in SHIPPED for k in INDEX_KINDS]
    assert indexes == sorted(wanted)
    # each notice once, in .dist-info/licenses under its path in the checkout
    import tomllib

    from qscore import __version__

    notices = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]["license-files"]
    assert {
        "qscore/data/WORDNET-COPYRIGHT",
        "qscore/wordlists/SCOWL-COPYRIGHT",
        "qscore/wordlists/CUSS-LICENSE",
        "qscore/wordlists/GCIDE-COPYRIGHT",  # the affixes denied.tsv and the meanings take from GCIDE
        "qscore/wordlists/FIRSTNAMES-COPYRIGHT",  # the first names names.txt and first-names.txt take from it
        "qscore/data/CMUDICT-COPYRIGHT",  # the pronunciations' sound keys
    } <= set(notices)
    for notice in notices:
        copies = [n for n in shipped if n.endswith("/" + Path(notice).name) or n == notice]
        assert copies == [f"qscore-{__version__}.dist-info/licenses/{notice}"], copies
    # a License field every pip shows (pip before 25.1 reads no License-Expression)
    assert "\nLicense: MIT\n" in metadata
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    # the README's Install section: a wheel built in a checkout, installed by its path
    install = (REPO / "README.md").read_text("utf-8").split("## Install\n", 1)[1].split("## ", 1)[0]
    assert "pipx install .  " in install and "pipx install dist/qscore-*.whl" in install
    subprocess.run(
        [str(env_dir / "bin" / "pip"), "install", "--quiet", "--disable-pip-version-check", *dist.glob("qscore-*.whl")],
        check=True,
        capture_output=True,
    )
    outside = tmp_path / "elsewhere"
    outside.mkdir()

    def installed(program: str, *args: str) -> subprocess.CompletedProcess:
        """A program of the clean environment, run outside the checkout with a home of its own."""
        env = {"QSCORE_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
        return subprocess.run(
            [str(env_dir / "bin" / program), *args], cwd=outside, capture_output=True, text=True, env=env
        )

    done = installed("qscore", "check", "quiz", "teh", "kwiz")
    assert done.returncode == 1 and done.stderr == "", done.stderr  # teh is refused
    assert done.stdout.startswith("quiz: allowed\n  Q·U·I·Z   35 points")
    assert "did you mean: the, " in done.stdout  # the ranking data travels too
    assert "did you mean: quiz, " in done.stdout  # found by its sound
    best = installed("qscore", "best", "E S T R A I N L O D Q")
    assert best.returncode == 0 and best.stdout.startswith("Best play: 45 points"), best.stderr
    for other in ("wordgame", "en_US"):  # en_US takes its candidates and suggestions from wordgame
        assert installed("qscore", "best", "-d", other, "Q U I Z T").returncode == 0
        assert installed("qscore", "check", "-d", other, "kwiz").stdout.count("did you mean: quiz") == 1
    # the first run after install builds no index: each is read from the package
    assert not list((tmp_path / "home").rglob("*.dawg"))
    shown = install.split("```console\n", 1)[1].split("```", 1)[0]
    command, _, output = shown.partition("\n")
    assert command == "$ qscore check quiz"
    followed = installed("qscore", "check", "quiz")
    assert (followed.returncode, followed.stdout) == (0, output)
    version = installed("python", "-c", "import importlib.metadata as m; print(m.version('qscore'))").stdout
    assert installed("qscore", "--version").stdout == f"qscore {version}"  # --version and the metadata agree
    where = installed("python", "-c", "import qscore, pathlib; print(pathlib.Path(qscore.__file__).parent)")
    package = where.stdout.strip()
    assert package.startswith(str(env_dir)), "qscore must come from the wheel, not the checkout"
    assert (Path(package) / "wordlists" / "everyday.txt").is_file()
    licenses = installed("python", "-c", "import importlib.metadata as m; print(m.distribution('qscore').files)")
    assert "licenses/qscore/data/WORDNET-COPYRIGHT" in licenses.stdout
    defined = installed("qscore", "define", "quizzes")
    assert defined.returncode == 0, defined.stderr  # the meanings travel in the wheel
    assert defined.stdout.startswith("quizzes: allowed\n  plural and present tense of quiz\n  noun: ")

    # serve: its libraries install with qscore, no extra named
    assert installed("qscore", "new", "ann", "ben", "cat").returncode == 0
    assert served_page(env_dir / "bin" / "qscore", outside, tmp_path / "home").startswith("<!doctype html>")


def served_page(qscore: Path, cwd: Path, home: Path) -> str:
    """The table's page, and its script, as an installed qscore serve sends them."""
    import signal
    import urllib.request

    env = {"QSCORE_HOME": str(home), "PATH": "/usr/bin:/bin"}
    args = [str(qscore), "serve", "--host", "127.0.0.1", "--port", "0"]
    server = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        address = next(line for line in server.stdout if line.startswith("http://")).strip()
        with urllib.request.urlopen(address + "page.js", timeout=20) as script:
            assert b"EventSource" in script.read()
        with urllib.request.urlopen(address, timeout=20) as page:
            return page.read().decode()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=20)


@pytest.mark.slow
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


@pytest.mark.slow
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
    # the README's links and those of the pages it links to, each relative to its page: no
    # address of a repository that does not exist (nor any Project-URL: qscore has no site)
    readme = (REPO / "README.md").read_text("utf-8")
    targets = {t for t in re.findall(r"\]\(([^)\s#]+)", readme) if "://" not in t}
    for page in (REPO / "docs").glob("*.md"):
        for t in re.findall(r"\]\(([^)\s#]+)", page.read_text("utf-8")):
            if "://" not in t:
                targets.add((page.parent / t).resolve().relative_to(REPO).as_posix())
    assert {"RULES.md", "docs/json.md", "dictionaries/README.md", "docs/guide.md"} <= targets  # the links are found
    missing = sorted(t for t in targets if t not in names and not any(n.startswith(t.rstrip("/") + "/") for n in names))
    assert not missing, f"README links to files the sdist lacks: {missing}"
    assert "LICENSE" in names and "qscore/wordlists/SCOWL-COPYRIGHT" in names
    assert "qscore/data/WORDNET-COPYRIGHT" in names
    from qscore import __version__

    assert f"\nVersion: {__version__}\n" in info  # one source: qscore/__init__.py
    assert "Classifier: Operating System :: POSIX\n" in info
    assert "Classifier: Environment :: Console\n" in info
    assert "\nAuthor: the qscore authors\n" in info
    assert "\nLicense: MIT\n" in info
    assert "Project-URL" not in info


def test_the_version_has_one_source():
    import importlib.metadata
    import tomllib

    from qscore import __version__

    project = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert importlib.metadata.version("qscore") == __version__


def test_the_build_hook_builds_with_what_qscore_runs_with():
    """The wheel's hook builds the word indexes with the libraries a run reads them with,
    under the same version ranges (what it lacks, the wheel's build in the test above
    finds missing)."""
    import tomllib

    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    hook = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    assert hook["dependencies"] and set(hook["dependencies"]) <= set(pyproject["project"]["dependencies"])
    assert (REPO / "hatch_build.py").is_file() and "hatch_build.py" in pyproject["tool"]["hatch"]["build"]["targets"][
        "sdist"
    ]["include"]


def test_the_lowest_versions_are_every_floor_pyproject_declares():
    sys.path.insert(0, str(REPO / "tools"))
    try:
        from lowest_versions import floors
    finally:
        sys.path.remove(str(REPO / "tools"))
    pyproject = {
        "project": {
            "dependencies": ["typer>=0.26,<0.29", "dawg2 >= 0.13", "rich[jupyter]>=13; python_version<'4'"],
            "optional-dependencies": {"serve": ["segno>=1.6"]},
        },
        "dependency-groups": {"test": ["ruff>=0.17,<0.18", {"include-group": "other"}]},
    }
    assert floors(pyproject) == ["typer==0.26", "dawg2==0.13", "rich==13", "segno==1.6", "ruff==0.17"]
    pyproject["build-system"] = {"requires": ["hatchling>=1.27"]}
    hooks = {"hooks": {"custom": {"dependencies": ["dawg2>=0.13"]}}}
    pyproject["tool"] = {"hatch": {"build": {"targets": {"wheel": hooks}}}}
    assert floors(pyproject, build=True) == ["hatchling==1.27", "dawg2==0.13"]
    with pytest.raises(ValueError, match="declares no lowest version"):
        floors({"project": {"dependencies": ["typer<0.29"]}})
    import tomllib

    real = floors(tomllib.loads((REPO / "pyproject.toml").read_text("utf-8")))
    named = {pin.split("==")[0] for pin in real}
    assert named >= {"typer", "tabulate", "pyenchant", "dawg2", "pytest", "ruff", "starlette"}
