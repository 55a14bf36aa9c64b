"""Build the indexes of the word lists qscore ships, so that no run builds them: the
wheel's build hook (hatch_build.py) runs this, for a wheel and for the editable install
`./dev` makes, and a run reads them from the package (qscore/words/dictionaries/wordfiles.py).

    python tools/word_indexes.py [FOLDER]   # default: qscore/wordlists/built/

Each index is named by its list's size and checksum, as the cache names it, so one built
from an older list is never read for a newer one: a run builds that into its cache as it
would for any list. An index already there for the list as it is now is kept, not built
again; the folder's other indexes are deleted. The folder is not committed: it is
generated, 24 MB of it, from the lists in qscore/wordlists/ by this script.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(folder: Path) -> list[str]:
    """Build every shipped list's indexes that ``folder`` lacks; what was built, as lines to show."""
    from qscore.words.dictionaries.backends import SHIPPED, shipped_path
    from qscore.words.dictionaries.wordfiles import (
        INDEX_KINDS,
        WORD_LIST,
        build_index,
        built_name,
        index_key,
        parse_word_list,
        read_list_file,
        save_atomically,
    )

    folder.mkdir(parents=True, exist_ok=True)
    wanted, done = set(), []
    for name in SHIPPED:
        source = shipped_path(name)
        data = read_list_file(source, WORD_LIST)
        found = None
        for kind in INDEX_KINDS:
            target = folder / built_name(source, index_key(data), kind)
            wanted.add(target.name)
            if target.is_file():
                continue
            found = found or parse_word_list(source, data, whole=True)
            if not save_atomically(build_index(kind, found), target):
                raise OSError(f"cannot write {target}")
            target.chmod(0o644)  # read by whoever runs qscore, not only who built it
            done.append(f"built {target.name} ({target.stat().st_size:,} bytes)")
    for old in folder.glob("*.dawg"):
        if old.name not in wanted:
            old.unlink()
            done.append(f"removed {old.name}")
    return done


def main() -> int:
    sys.path.insert(0, str(ROOT))  # this checkout's qscore, installed or not
    from qscore.words.dictionaries.backends import built_indexes

    for line in build(Path(sys.argv[1]) if len(sys.argv) > 1 else built_indexes()):
        print(f"word_indexes.py: {line}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
