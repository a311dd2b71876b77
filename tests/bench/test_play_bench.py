"""bench.play runs end to end at a tiny size and reports every part (no timing here)."""

from __future__ import annotations

from bench.play import main, self_play


def test_self_play_hands_are_legal_balanced_and_rebuilt_identically():
    result = self_play(40)
    assert result.hands == 40
    assert (result.illegal, result.chip_errors, result.replay_differs) == (0, 0, 0)


def test_the_bench_reports_each_part(capsys):
    assert (
        main(
            ["--hands", "30", "--honesty-hands", "5", "--timed-actions", "3", "--timed-grades", "1"]
        )
        == 0
    )
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
