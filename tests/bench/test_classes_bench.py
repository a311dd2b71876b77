"""python -m bench.classes runs and prints its three lines (timings are judged there, not here)."""

from __future__ import annotations

import pytest

from bench import classes as bench

pytestmark = pytest.mark.django_db


def test_quick_classes_benchmark_prints_each_target(capsys, monkeypatch):
    monkeypatch.setattr(bench, "ANSWERS", 600)  # the shape, not the size, is under test
    bench.main(["--quick"], own_database=False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("classes benchmark")
    for start in ("class page,", "class CSV,", "admin deal list with figures"):
        assert any(line.startswith(start) for line in lines[1:]), start
    assert all(line.rstrip().endswith(("PASS", "MISS")) for line in lines[1:])
