"""bench.matches, alone and as a part of bench.play, prints every line of a match."""

from __future__ import annotations

from bench import matches, play

LINES = (
    "solid v caller, raw, ",
    "solid v caller, duplicate",
    "solid v caller, duplicate + luck",
    "solid v caller, variance raw / dup + luck",
    "solid v caller, hands for ±1 bb/100",
    "solid v caller, 95% interval (bb/100)",
    "luck weights fitted on",
)


def test_quick_mode_prints_each_line_of_a_match(capsys):
    assert matches.main(["--quick", "--matches", "reference"]) == 0
    out = capsys.readouterr().out
    for words in LINES:
        assert words in out
    assert "PASS" in out or "MISS" in out


def test_it_is_a_part_of_the_study_table_bench(capsys):
    argv = ["--only-coach", "--coach-parts", "matches", "--matches", "reference"]
    assert play.main([*argv, "--match-hands", "40"]) in (0, 1)
    out = capsys.readouterr().out
    assert "solid v aggressor, raw, 40 hands" in out
    assert "solid v aggressor, those hands in one process" in out


def test_quick_keeps_the_slow_players_matches_short():
    options = play.parse_options(["--quick"])
    assert options.coach_match_hands <= 10 and options.bot_match_hands <= 10
    assert play.parse_options([]).coach_match_hands == 10_000
