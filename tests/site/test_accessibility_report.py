"""docs/accessibility.md is a full conformance report: every WCAG 2.2 A and AA criterion.

Each criterion has one row with a conformance level, and every test file a
row names exists, so the report cannot point a purchasing office at a test
that was renamed or never written.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REPORT = ROOT / "docs" / "accessibility.md"

# WCAG 2.2's success criteria at levels A and AA (4.1.1 Parsing is obsolete in 2.2).
_A = (
    "1.1.1 1.2.1 1.2.2 1.2.3 1.3.1 1.3.2 1.3.3 1.4.1 1.4.2 2.1.1 2.1.2 2.1.4 2.2.1 2.2.2 "
    "2.3.1 2.4.1 2.4.2 2.4.3 2.4.4 2.5.1 2.5.2 2.5.3 2.5.4 3.1.1 3.2.1 3.2.2 3.2.6 3.3.1 "
    "3.3.2 3.3.7 4.1.2"
)
_AA = (
    "1.2.4 1.2.5 1.3.4 1.3.5 1.4.3 1.4.4 1.4.5 1.4.10 1.4.11 1.4.12 1.4.13 2.4.5 2.4.6 "
    "2.4.7 2.4.11 2.5.7 2.5.8 3.1.2 3.2.3 3.2.4 3.3.3 3.3.4 3.3.8 4.1.3"
)
LEVEL_A, LEVEL_AA = _A.split(), _AA.split()
LEVELS = {"Supports", "Partially supports", "Does not support", "Not applicable"}


def rows() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in REPORT.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^\| (\d\.\d+\.\d+) ", line)
        if match:
            assert match.group(1) not in found, f"{match.group(1)} is listed twice"
            found[match.group(1)] = [cell.strip() for cell in line.strip("|").split("|")]
    return found


def test_every_a_and_aa_criterion_has_one_row_with_a_conformance_level():
    listed = rows()
    assert len(LEVEL_A) == 31 and len(LEVEL_AA) == 24
    assert set(listed) == set(LEVEL_A) | set(LEVEL_AA)
    for criterion, cells in listed.items():
        level = cells[1].split(" (")[0]
        assert level in LEVELS, (criterion, cells[1])
        assert cells[2] and cells[3], f"{criterion} says how and what checks it"


def test_every_test_file_the_report_names_exists():
    text = REPORT.read_text(encoding="utf-8")
    for name in set(re.findall(r"`((?:tests/[\w/]+/)?test_\w+\.py)`", text)):
        path = ROOT / name if name.startswith("tests/") else ROOT / "tests" / "browser" / name
        assert path.exists(), name
