"""``manage.py solve --jsonl`` through Django: one answer line per spot, errors as sentences."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

SPOT = {
    "game": "badacey",
    "pot": 24,
    "bet": 12,
    "cap": 2,
    "first": 1,
    "ranges": [["A♠ 2♥ 3♦ 4♣ 6♠", "9♠ 9♥ 9♦ 10♣ J♠"], ["2♠ 3♥ 4♦ 7♣ 8♠"]],
    "iterations": 100,
}


def test_the_command_answers_each_line_and_names_the_problem_of_a_bad_one():
    out = io.StringIO()
    lines = [json.dumps(SPOT), json.dumps({**SPOT, "cap": 0})]
    call_command("solve", jsonl=True, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out)
    good, bad = (json.loads(line) for line in out.getvalue().splitlines())
    assert good["ok"] is True
    assert sum(good["value"]) == pytest.approx(24, abs=1e-3)
    assert set(good["strategy"]["2♠ 3♥ 4♦ 7♣ 8♠"][""]) == {"check", "bet"}
    assert bad == {
        "ok": False,
        "error": "the cap (bets allowed in the round) must be a whole number from 1 to 8",
    }


def test_without_jsonl_the_command_says_how_to_use_it():
    with pytest.raises(CommandError, match="--jsonl"):
        call_command("solve")
