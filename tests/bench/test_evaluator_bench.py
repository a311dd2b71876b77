"""The benchmark runs and reports every target (timings are judged there, not here)."""

from __future__ import annotations

from bench import evaluator as bench


def test_quick_benchmark_reports_each_target_with_a_verdict(capsys):
    assert bench.main(["--quick"]) == 0
    out = capsys.readouterr().out
    for label in (
        "lookup tables: import cost",
        "lookup tables: memory, every pattern learned",
        "Badacey, both halves",
        "all 2,598,960 hands",
        "speed-up over pokerkit",
        "showdown speed-up over pokerkit",
        "showdown lines paid differently from pokerkit",
    ):
        line = next(line for line in out.splitlines() if line.startswith(label))
        assert line.endswith(("PASS", "MISS")), line
    last = out.rstrip().splitlines()[-1]
    assert last == "all targets met" or last.endswith("target(s) missed")


def test_sections_can_be_extended(monkeypatch, capsys):
    def extra(options):
        return [bench.Line("deal replay", "1 ms", "< 2 ms", True)]

    monkeypatch.setattr(bench, "SECTIONS", [extra])
    bench.main(["--quick"])
    assert "deal replay" in capsys.readouterr().out


def test_markdown_prints_the_readme_table_rows(monkeypatch, capsys):
    def extra(options):
        return [
            bench.Line("hands | both halves", "1 µs", "< 2 µs", True),
            bench.Line("built at once", "1.7 s", "", None),
        ]

    monkeypatch.setattr(bench, "SECTIONS", [extra])
    bench.main(["--quick", "--markdown"])
    rows = capsys.readouterr().out.splitlines()
    assert rows[1] == "| What | Figure | Target | |"
    # A pipe in a label would split the row; it is escaped so each row keeps four cells.
    assert rows[3] == "| hands \\| both halves | 1 µs | < 2 µs | PASS |"
    assert rows[4] == "| built at once | 1.7 s |  |  |"
