"""The tools' lines of python -m bench.site are printed with a verdict (times judged there)."""

from __future__ import annotations

import argparse

import pytest

from bench import site as bench
from bench import tools as tools_bench

pytestmark = pytest.mark.django_db


def test_each_tool_line_is_reported_and_the_calculator_has_its_target(client):
    lines = tools_bench.bench_tools(argparse.Namespace(quick=True), client)
    labels = [line.label for line in lines]
    for start in ("calculator, six hands, htmx answer", "calculator, six hands, JSON"):
        line = next(line for line in lines if line.label.startswith(start))
        assert line.target == "< 10 ms"
        # The verdict is the best batch measured against the target, whichever way it falls.
        best = float(line.value.removesuffix(" ms").partition("/")[2])
        assert line.passed == (best < 10), line
    assert any(label.startswith("draw odds, five cards refused") for label in labels)


def test_the_site_benchmark_runs_the_tools_section():
    assert bench.bench_tools in bench.SECTIONS
