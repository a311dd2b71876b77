"""python -m bench.quick_checks runs and prints its lines (timings are judged there, not here)."""

from __future__ import annotations

import pytest

from bench import quick_checks as bench

pytestmark = pytest.mark.django_db


def test_quick_check_benchmark_prints_the_answer_line_with_its_target(capsys):
    bench.main(["--quick"], own_database=False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("quick checks benchmark")
    answer = next(line for line in lines[1:] if line.startswith("quick check answer, htmx"))
    assert f"target < {bench.ANSWER_TARGET_MS:g} ms" in answer
    assert answer.rstrip().endswith(("PASS", "MISS"))
    assert any(line.startswith("quick check answer, no JavaScript") for line in lines[1:])
