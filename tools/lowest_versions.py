"""Print pip constraints pinning each of qscore's dependencies and test tools to the lowest
version pyproject.toml allows: ``./dev test --lowest`` installs with them, so the suite
runs at the floors the metadata declares, not only at the newest versions.

    python tools/lowest_versions.py [pyproject.toml] > constraints.txt
    python tools/lowest_versions.py --build [pyproject.toml] > build-constraints.txt

With --build, the requirements of the build instead (the build backend, and what the
wheel's build hook imports): pip's --build-constraint holds the editable install's build
to them, so the hook is run at its floors too.

Each requirement must name its floor (``>=X``); one that does not is an error, since
nothing would then say which version is the oldest qscore supports. Only the direct
requirements are pinned: what they need comes at the newest version they allow.
"""

import re
import sys
import tomllib
from pathlib import Path

REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(.*?)\s*(?:;.*)?$")


def floors(pyproject: dict, *, build: bool = False) -> list[str]:
    """``name==floor`` for every dependency, extra and dependency group's requirement; with
    ``build``, for the build system's and every wheel build hook's."""
    if build:
        hooks = pyproject.get("tool", {}).get("hatch", {}).get("build", {}).get("targets", {}).get("wheel", {})
        requirements = list(pyproject.get("build-system", {}).get("requires", []))
        for hook in hooks.get("hooks", {}).values():
            requirements += hook.get("dependencies", [])
        return _pins(requirements)
    requirements = list(pyproject["project"].get("dependencies", []))
    for extra in pyproject["project"].get("optional-dependencies", {}).values():
        requirements += extra  # `qscore[serve]` is tested too
    for group in pyproject.get("dependency-groups", {}).values():
        requirements += [r for r in group if isinstance(r, str)]  # a group may include another
    return _pins(requirements)


def _pins(requirements: list[str]) -> list[str]:
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
    arguments = [a for a in sys.argv[1:] if a != "--build"]
    path = Path(arguments[0] if arguments else "pyproject.toml")
    for pin in floors(tomllib.loads(path.read_text("utf-8")), build="--build" in sys.argv[1:]):
        print(pin)


if __name__ == "__main__":
    main()
