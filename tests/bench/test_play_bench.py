"""bench.play runs end to end at a tiny size and reports every part (no timing here)."""

from __future__ import annotations

from bench.play import (
    DECISION_TARGET,
    STYLE_SEATS,
    bench_styles,
    caller_goes_on,
    decision_share,
    main,
    parse_options,
    self_play,
    style_figures,
)
from evaluator.play.players import CALLER_GOES_ON, STYLE_TARGETS, StyleTarget


def test_self_play_hands_are_legal_balanced_and_rebuilt_identically():
    result = self_play(40)
    assert result.hands == 40
    assert (result.illegal, result.chip_errors, result.replay_differs) == (0, 0, 0)


def test_the_bench_reports_each_part(capsys):
    # A verdict on timings belongs to the bench run on a quiet machine, not to a test:
    # here the report only has to come out whole (MISS lines exit 1).
    assert main(
        ["--hands", "30", "--honesty-hands", "5", "--timed-actions", "3", "--timed-grades", "1"]
        + ["--style-hands", "10", "--reference-spots", "2", "--reference-deals", "2"]
        + ["--heads-up-deals", "1", "--timed-asks", "2"]
    ) in (0, 1)
    out = capsys.readouterr().out
    for words in (
        "illegal actions",
        "chip errors",
        "hands per second",
        "one learner action",
        "a grade alone",
        "seat 0 plays coach",
        "coach's edge over random legal",
    ):
        assert words in out


def test_quick_is_accepted_and_runs_small():
    options = parse_options(["--quick"])
    assert options.hands <= 300 and options.honesty_hands <= 300 and options.style_hands <= 300


def test_the_styles_are_measured_and_match_their_descriptions():
    """Seeded hands: the Caller plays most, the Aggressor raises most, the Solid plays least."""
    figures = style_figures(4, 240)
    (solid, solid_raise), (caller, caller_raise), (aggressor, aggressor_raise) = (
        figures[k] for k in ("solid", "caller", "aggressor")
    )
    assert caller > aggressor > solid
    assert aggressor_raise > solid_raise > caller_raise
    for key, (vpip, raised) in figures.items():
        target = STYLE_TARGETS[key][4]
        assert abs(vpip - target.vpip) <= 2 * StyleTarget.MARGIN
        assert abs(raised - target.raises) <= 2 * StyleTarget.MARGIN


def test_the_caller_calls_and_the_learner_gets_a_decision_at_the_default_table():
    assert all(share >= CALLER_GOES_ON for share in caller_goes_on(120).values())
    assert decision_share(300) >= DECISION_TARGET


def test_the_bench_prints_each_style_next_to_its_target(capsys):
    lines = bench_styles(parse_options(["--style-hands", "30"]))
    labels = [line.label for line in lines]
    for key in STYLE_TARGETS:
        for seats in STYLE_SEATS:
            assert f"{key}, {seats} seats: played / raised before the first draw" in labels
    assert all(line.target for line in lines)


def test_the_tables_lighthouse_line_says_how_to_install_it_when_it_is_missing(monkeypatch):
    import argparse

    from bench import lighthouse as lighthouse_bench

    monkeypatch.setattr(lighthouse_bench, "lighthouse_command", lambda: None)
    (line,) = lighthouse_bench.bench_table_lighthouse(argparse.Namespace(quick=True))
    assert "study table" in str(line) and "bench/lighthouse.py" in str(line)
