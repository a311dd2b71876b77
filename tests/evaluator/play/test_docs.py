"""docs/play.md prints the coach's thresholds; the table must say what the code does."""

from __future__ import annotations

import re
from pathlib import Path

from evaluator.play import coach, grading, ranges, values

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


def test_the_numbers_table_matches_the_coach():
    rows = documented()
    expected = {name: shown(value) for name, value in grading.THRESHOLDS.items()}
    expected |= {
        name: shown(float(getattr(values, name)))
        for name in (
            "BUDGET",
            "TABLE_BUDGET",
            "MIN_DEALS",
            "MAX_DEALS",
            "SCREEN_DEALS",
            "DRAW_FINALISTS",
        )
    }
    expected |= {"POOL": shown(float(ranges.POOL)), "SCORE_FLOOR": shown(coach.SCORE_FLOOR)}
    assert rows == expected
