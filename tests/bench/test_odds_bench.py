"""The draw-odds benchmark prints every target with a verdict (times are judged there)."""

from __future__ import annotations

from bench import evaluator as bench
from bench import odds as odds_bench


def test_quick_odds_benchmark_reports_each_draw_with_a_verdict(capsys):
    assert odds_bench.main(["--quick"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for start in ("one card", "two cards", "three cards", "five cards"):
        line = next(line for line in lines if line.startswith(f"draw odds: {start}"))
        assert line.endswith(("PASS", "MISS")), line


def test_the_evaluator_benchmark_includes_the_draw_odds():
    assert bench.bench_draw_odds in bench.SECTIONS
