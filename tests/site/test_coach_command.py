"""``manage.py coach --jsonl``: one JSON line out for every line in, bad lines included."""

from __future__ import annotations

import io
import json

from django.core.management import call_command

GOOD = {
    "game": "badugi",
    "decision": "bet",
    "cards": "As 2h 3d 3c",
    "draws_left": 0,
    "pot": 40,
    "to_call": 4,
    "bet": 4,
    "opponents": [{"drew": [2, 1, 1]}],
}


def test_each_line_gets_one_answer_in_order_and_a_bad_line_does_not_stop_the_batch() -> None:
    lines = [json.dumps(GOOD), "not json", json.dumps(GOOD | {"game": "poker"}), json.dumps(GOOD)]
    out = io.StringIO()
    call_command("coach", "--jsonl", stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["ok"] for a in answers] == [True, False, False, True]
    assert "not a game" in answers[2]["error"]
    assert answers[0] == answers[3]  # deterministic for the same seed
