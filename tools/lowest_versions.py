"""Print pip constraints pinning each of qscore's dependencies and test tools to the lowest
version pyproject.toml allows: ``./dev test --lowest`` installs with them, so the suite
runs at the floors the metadata declares, not only at the newest versions.

    python tools/lowest_versions.py [pyproject.toml] > constraints.txt

Each requirement must name its floor (``>=X``); one that does not is an error, since
nothing would then say which version is the oldest qscore supports. Only the direct
requirements are pinned: what they need comes at the newest version they allow.
"""

import re
import sys
import tomllib
from pathlib import Path

REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(.*?)\s*(?:;.*)?$")


def floors(pyproject: dict) -> list[str]:
    """``name==floor`` for every dependency, extra and dependency group's requirement."""
    requirements = list(pyproject["project"].get("dependencies", []))
    for extra in pyproject["project"].get("optional-dependencies", {}).values():
        requirements += extra  # `qscore[serve]` is tested too
    for group in pyproject.get("dependency-groups", {}).values():
        requirements += [r for r in group if isinstance(r, str)]  # a group may include another
    pins = []
    for requirement in requirements:
        match = REQUIREMENT.match(requirement)
        if not match:
            raise ValueError(f"cannot read the requirement {requirement!r}")
        name, spec = match.groups()
        floor = [v.strip() for op, v in re.findall(r"(>=|==|~=)\s*([^,\s]+)", spec)]
        if not floor:
            raise ValueError(f"{requirement!r} declares no lowest version (>=)")
        pins.append(f"{name}=={floor[0]}")
    return pins


def main() -> None:
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "pyproject.toml")
    for pin in floors(tomllib.loads(path.read_text("utf-8"))):
        print(pin)


if __name__ == "__main__":
    main()
