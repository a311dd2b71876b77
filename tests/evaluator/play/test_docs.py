"""docs/play.md prints the coach's thresholds; the table must say what the code does."""

from __future__ import annotations

import re
from pathlib import Path

from evaluator.play import coach

DOC = Path(__file__).resolve().parents[3] / "docs" / "play.md"


def documented() -> dict[str, str]:
    """The thresholds table's rows: the name in backticks -> the value cell."""
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        found = re.match(r"\|.*\(`(\w+)`\) \| (.+) \|$", line)
        if found:
            rows[found.group(1)] = found.group(2).strip()
    return rows


def shown(value: float | tuple[float, ...]) -> str:
    if isinstance(value, tuple):
        return ", ".join(shown(v) for v in value)
    return f"{value:g}" if value != int(value) else f"{value:.1f}"


def test_the_thresholds_table_matches_the_coach():
    rows = documented()
    expected = {name: shown(value) for name, value in coach.THRESHOLDS.items()}
    expected |= {
        "SCORE_FLOOR": shown(coach.SCORE_FLOOR),
        "THREAT": shown(coach.THREAT),
        "THREAT_BEFORE_DRAWS": shown(coach.THREAT_BEFORE_DRAWS),
    }
    assert rows == expected
