"""``manage.py import_hands``: every hand that replays is stored, each on its own.

Expectations come from the engine's own reader (``read_text``), never from
numbers typed here.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from evaluator.hand_histories import read_text, room_name
from evaluator.notation import parse_deal
from lessons.models import RealHand

DATA = Path(__file__).parent.parent / "evaluator" / "hand_histories"
GOOD = DATA / "mix_badacey.txt"
pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_hands", *args, stdout=out, stderr=err)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def spoiled(tmp_path: Path) -> Path:
    """The good file with the first hand's winner paid one chip too many."""
    text = GOOD.read_text(encoding="utf-8").replace("Hero wins (90)", "Hero wins (91)", 1)
    path = tmp_path / "spoiled.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_hand_is_imported_as_a_draft_that_replays_as_the_engine_read_it():
    code, out, _ = run(str(GOOD))
    expected = read_text(GOOD.read_text(encoding="utf-8"))
    assert code == 0
    assert RealHand.objects.count() == len(expected)
    for result in expected:
        stored = RealHand.objects.get(hand_id=result.hand_id)
        assert not stored.published and stored.owner is None
        assert stored.room == room_name(result.verified)
        assert parse_deal(stored.history) == result.verified.record
    assert f"{len(expected)} new hand(s)" in out


def test_importing_the_same_file_twice_updates_nothing_and_says_so():
    run(str(GOOD))
    before = list(RealHand.objects.values())
    code, out, _ = run(str(GOOD))
    assert code == 0
    assert list(RealHand.objects.values()) == before
    assert "0 new hand(s), 0 updated" in out and f"{len(before)} unchanged" in out


def test_publish_publishes_the_imported_hands():
    run(str(GOOD), "--publish")
    assert not RealHand.objects.filter(published=False).exists()


def test_check_prints_one_json_line_per_hand_and_a_summary_and_saves_nothing(tmp_path):
    code, out, _ = run("--check", str(spoiled(tmp_path)))
    lines = [json.loads(line) for line in out.splitlines()]
    assert RealHand.objects.count() == 0
    assert code == 1
    *hands, total = lines
    assert all(set(line) == {"hand", "game", "ok", "agrees", "message"} for line in hands)
    bad = hands[0]
    # Hero still wins, only one chip too many: not ok, but the showdown agrees.
    assert bad["ok"] is False and bad["agrees"] is True and "the room pays Hero" in bad["message"]
    assert all(line["ok"] for line in hands[1:])
    assert total["summary"] is True and total["not_ok"] == 1 and total["hands"] == len(hands)


def test_a_bad_hand_saves_nothing_and_the_others_still_import(tmp_path):
    code, _, err = run(str(spoiled(tmp_path)))
    good = [r.hand_id for r in read_text(spoiled(tmp_path).read_text(encoding="utf-8")) if r.ok]
    assert code == 1
    assert sorted(RealHand.objects.values_list("hand_id", flat=True)) == sorted(good)
    assert "Not imported: hand 20100001" in err


def test_a_missing_or_binary_file_is_reported_not_raised(tmp_path):
    binary = tmp_path / "x.bin"
    binary.write_bytes(b"\x00\x01\x02" * 10)
    code, out, _ = run("--check", str(tmp_path / "missing.txt"), str(binary))
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert "cannot be opened" in lines[0]["message"]
    assert "binary" in lines[1]["message"]
