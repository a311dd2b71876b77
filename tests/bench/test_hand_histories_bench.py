"""The hand-history benchmark runs end to end on a small file (timings are not tested)."""

from __future__ import annotations

from bench import hand_histories


def test_the_benchmark_reads_and_verifies_every_generated_hand(capsys):
    assert hand_histories.main(["--hands", "24"]) == 0
    out = capsys.readouterr().out
    for layout in hand_histories.LAYOUTS:
        assert f"read and verify 24 hands ({layout})" in out
    assert "not every hand verified" not in out


def test_the_generated_file_holds_the_asked_number_of_hands(tmp_path):
    from evaluator.hand_histories import read_bytes

    path = tmp_path / "h.txt"
    hand_histories.generate(path, 13)
    results = read_bytes(path.read_bytes())
    assert len(results) == 13
    assert len({r.hand_id for r in results}) == 13
    assert all(r.ok for r in results)
