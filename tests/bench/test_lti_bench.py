"""python -m bench.lti runs and prints its two lines (timings are judged there, not here)."""

from __future__ import annotations

import pytest

from bench import lti as bench

pytestmark = pytest.mark.django_db


def test_quick_lti_benchmark_prints_each_target(capsys):
    bench.main(["--quick"], own_database=False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("lti benchmark")
    for start in ("LTI first launch", "LTI returning launch"):
        assert any(line.startswith(start) for line in lines[1:]), start
    assert all(line.rstrip().endswith(("PASS", "MISS")) for line in lines[1:])
