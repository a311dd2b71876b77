"""python -m bench.learning runs the whole pipeline and prints its lines (the figures are judged
there, on 500 learners, not here on a dozen)."""

from __future__ import annotations

import pytest

from bench import learning as bench

pytestmark = pytest.mark.django_db


def test_quick_learning_benchmark_prints_each_line(capsys):
    bench.main(["--quick", "--learners", "12", "--fit-learners", "20"], own_database=False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("learning benchmark")
    for start in (
        "simulated: 12 learners, 60 days",
        "sets in use after the fit",
        "held-out log loss, defaults",
        "held-out log loss, fitted",
        "fitted log loss below the defaults'",
        "one nightly fit, 20 learners",
    ):
        assert any(line.startswith(start) for line in lines[1:]), start
    target = next(line for line in lines if line.startswith("fitted log loss below"))
    assert target.rstrip().endswith(("PASS", "MISS"))
