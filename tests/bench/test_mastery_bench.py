"""python -m bench.mastery runs and prints its four lines (timings are judged there, not here)."""

from __future__ import annotations

import pytest

from bench import mastery as bench

pytestmark = pytest.mark.django_db


def test_quick_mastery_benchmark_prints_each_target(capsys):
    bench.main(["--quick"], own_database=False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("mastery benchmark")
    for start in (
        "record an answer with its skill",
        "home page, returning learner",
        "/progress/, learner with 5,000 answers",
        "build a 10-item practice session",
    ):
        assert any(line.startswith(start) for line in lines[1:]), start
    assert all(line.rstrip().endswith(("PASS", "MISS")) for line in lines[1:])
