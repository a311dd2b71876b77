"""The solver benchmark runs and prints each line with a verdict (the figures are judged there)."""

from __future__ import annotations

from bench import solver as solver_bench


def test_the_smoke_run_prints_every_part_with_a_verdict(capsys):
    solver_bench.main(["--smoke", "--games", "badugi"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "solver benchmark (smoke)"
    for start in ("last round, badugi", "last draw + round, badugi", "panels on played hands"):
        found = [line for line in lines if line.startswith(start)]
        assert found, (start, lines)
        assert all(line.endswith(("PASS", "MISS")) for line in found), found
    assert any(line.startswith("coach's best play in the equilibrium's support") for line in lines)
