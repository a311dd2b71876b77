"""The drills' lines of python -m bench.site are printed with a verdict (times judged there)."""

from __future__ import annotations

import argparse

import pytest

from bench import drills as drills_bench
from bench import site as bench
from evaluator.drills import KINDS

pytestmark = pytest.mark.django_db


def test_each_drill_kind_has_a_line_with_its_target(client):
    lines = drills_bench.bench_drills(argparse.Namespace(quick=True), client)
    assert len(lines) == len(KINDS)
    for kind, line in zip(KINDS, lines, strict=True):
        assert line.label.startswith(f"drill {kind} ")
        assert line.target == "< 10 ms"
        # The verdict is the best batch measured against the target, whichever way it falls.
        # The value is printed to 0.1 ms, so a best of 9.97 ms passes and shows as "10.0".
        best = float(line.value.removesuffix(" ms").partition("/")[2])
        if line.passed:
            assert best <= 10.0, line
        else:
            assert best >= 10.0, line


def test_the_site_benchmark_runs_the_drills_section():
    assert bench.bench_drills in bench.SECTIONS
