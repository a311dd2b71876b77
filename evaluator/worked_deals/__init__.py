"""Worked deals from the lessons, kept as notation text.

They live as plain files so the replayer page, the tests and a teacher
reading the source all see the very same record.
"""

from __future__ import annotations

from pathlib import Path

from ..deal import DealError

_HERE = Path(__file__).resolve().parent
WORKED_DEALS = tuple(sorted(p.stem for p in _HERE.glob("*.txt")))


def worked_deal(name: str) -> str:
    """The notation text of a worked deal, by file name without ``.txt``."""
    if name not in WORKED_DEALS:
        raise DealError(
            f"there is no worked deal '{name}': choose one of {', '.join(WORKED_DEALS)}"
        )
    return (_HERE / f"{name}.txt").read_text(encoding="utf-8")
