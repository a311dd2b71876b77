"""The --check report: one JSON line per hand, a summary, and exit 1 when a hand is not ok."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from evaluator.hand_histories import check_bytes, check_paths

DATA = Path(__file__).parent / "hand_histories"
ROOT = Path(__file__).parents[2]


def test_each_line_has_the_fields_the_import_report_promises():
    lines, total = check_paths([DATA / "mix_badacey.txt"])
    assert [set(line) for line in lines] == [{"hand", "game", "ok", "agrees", "message"}] * 3
    assert [line["agrees"] for line in lines] == [True, True, None]
    assert total == {"summary": True, "hands": 3, "ok": 3, "not_ok": 0, "disagree": 0}


def test_a_disagreeing_hand_is_counted_and_the_file_s_other_hands_still_pass():
    text = (DATA / "mix_badacey.txt").read_text(encoding="utf-8")
    # The room pays Ivy, who folded, instead of Max: a different winner.
    lines, total = check_bytes(text.replace("Max wins (90)", "Ivy wins (90)").encode())
    assert [line["ok"] for line in lines] == [False, True, True]
    assert lines[0]["agrees"] is False
    assert lines[0]["message"].startswith("hand 20100001, line ")
    assert (total["not_ok"], total["disagree"]) == (1, 1)


def test_an_amount_off_for_the_same_winners_is_not_ok_but_the_showdown_agrees():
    text = (DATA / "mix_badacey.txt").read_text(encoding="utf-8")
    lines, total = check_bytes(text.replace("Max wins (90)", "Max wins (91)").encode())
    assert [line["ok"] for line in lines] == [False, True, True]
    assert lines[0]["agrees"] is True
    assert "1 apart" in lines[0]["message"]
    assert (total["not_ok"], total["disagree"]) == (1, 0)


def test_a_file_refused_whole_is_one_line_naming_the_file():
    lines, total = check_bytes(b"\x00\x01binary", "upload.bin")
    assert lines == [
        {
            "hand": None,
            "game": None,
            "ok": False,
            "agrees": None,
            "message": lines[0]["message"],
        }
    ]
    assert lines[0]["message"].startswith("upload.bin: the file is not text")
    assert total["not_ok"] == 1


def run_cli(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "evaluator.hand_histories", *map(str, paths)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_the_cli_prints_json_lines_and_exits_0_when_every_hand_is_ok():
    done = run_cli(DATA / "game_badugi.txt", DATA / "mix_badugi.txt")
    assert done.returncode == 0, done.stderr
    printed = [json.loads(line) for line in done.stdout.splitlines()]
    assert printed[-1]["hands"] == len(printed) - 1 == 8


def test_the_cli_exits_1_when_a_hand_is_not_ok(tmp_path):
    bad = tmp_path / "bad.txt"
    text = (DATA / "mix_badugi.txt").read_text(encoding="utf-8")
    bad.write_text(text.replace("Vic wins (75)", "Vic wins (7S)"), encoding="utf-8")
    done = run_cli(bad)
    assert done.returncode == 1
    assert "'7S' is not an amount" in done.stdout


def test_the_report_comes_hand_by_hand_without_reading_the_rest_of_the_file(monkeypatch):
    """A file's first line is ready before its later hands are read, so memory stays flat."""
    from evaluator.hand_histories import check, reader

    parsed = []
    parse_hand = reader.parse_hand

    def counted(text):
        parsed.append(text.first_line)
        return parse_hand(text)

    monkeypatch.setattr(reader, "parse_hand", counted)
    lines = check.iter_check_paths([DATA / "mix_badacey.txt"])
    first = next(lines)
    assert first["ok"] and len(parsed) == 1
    assert len([first, *lines]) == 3 and len(parsed) == 3


def test_a_file_refused_whole_is_one_line_from_the_streaming_report(tmp_path):
    from evaluator.hand_histories.check import iter_check_paths

    path = tmp_path / "notes.txt"
    path.write_text("Shopping list\n\nmilk\n", encoding="utf-8")
    (line,) = iter_check_paths([path])
    assert line["ok"] is False and line["hand"] is None
    assert line["message"].startswith(f"{path}: ")
