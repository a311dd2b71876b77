"""The benchmark's six-seat deal must stay a legal, demanding deal (no timing here)."""

from __future__ import annotations

from bench.replay import SIX_SEAT_DEAL, bench_replay
from evaluator.notation import parse_deal
from evaluator.replay import replay


def test_the_benchmark_deal_replays_with_raises_folds_an_all_in_and_a_side_pot():
    result = replay(parse_deal(SIX_SEAT_DEAL))
    actions = {s.action for s in result.steps if s.kind == "action"}
    assert {"raise", "fold", "all-in", "call", "check", "bet"} <= actions
    assert len(result.record.seats) == 6
    assert len(result.settlement.pots) > 1
    assert sum(1 for seat in result.settlement.seats if not seat.folded) >= 3


def test_bench_replay_reports_a_figure(capsys):
    assert bench_replay(repeat=1, batches=1) > 0
    assert "ms per replay" in capsys.readouterr().out
