"""axe-core's WCAG 2.1 A and AA rules run on the page a selenium driver shows (axe-core
4.4, as axe-core-python ships it): what a browser test asserts is empty for any page of
qscore serve, the table's, the TV's or the scorekeeper's.

    from tests.axe import violations
    assert not violations(driver)

The pages are held to moderate findings as well as serious and critical ones: axe-core 4.4
rates "scrollable region must have keyboard access" moderate, where later releases (the
ones a family's browser extension runs) rate it serious.
"""

from __future__ import annotations

import json
from typing import Any

WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
IMPACTS = ("minor", "moderate", "serious", "critical")


def violations(driver: Any, least: str = "moderate") -> list[str]:
    """Each WCAG 2.1 AA violation axe-core finds on the page as it is now, of the impact
    ``least`` or worse, as a line: its rule, its impact, what it means, where."""
    from axe_core_python.selenium import Axe

    found = Axe().run(driver, options=json.dumps({"runOnly": {"type": "tag", "values": WCAG_21_AA}}))
    worst = IMPACTS[IMPACTS.index(least) :]
    return [
        f"{v['id']} ({v['impact']}): {v['help']}: " + ", ".join(" ".join(n["target"]) for n in v["nodes"][:5])
        for v in found["violations"]
        if v.get("impact") in worst
    ]
