"""Run axe-core in a Playwright page and report WCAG 2.1 A/AA violations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE_JS = Path(__file__).parent / "vendor" / "axe.min.js"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


class AxeViolations(list):
    """The violations axe found; its repr lists rule ids and targets for assert messages."""

    def __repr__(self) -> str:
        if not self:
            return "[]"
        lines = []
        for violation in self:
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
            lines.append(f"{violation['id']} ({violation['help']}): {', '.join(targets)}")
        return "axe violations:\n  " + "\n  ".join(lines)


def axe_violations(page: Any, *, wcag22: bool = False) -> AxeViolations:
    """Inject axe into the current page and return its violations (empty when clean).

    ``wcag22`` adds the WCAG 2.2 AA rules (target size) for pages that promise them.
    """
    page.add_script_tag(path=str(AXE_JS))
    tags = [*WCAG_TAGS, "wcag22aa"] if wcag22 else WCAG_TAGS
    result = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", tags
    )
    return AxeViolations(result["violations"])
