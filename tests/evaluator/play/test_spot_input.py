"""Reading a spot: every field is checked, and a bad line gets one sentence, never a crash.

The batch (``manage.py coach --jsonl``) answers a bad line with ``ok: false``
and reads on; these tests go through ``answer_line``, the function it calls
for each line.
"""

from __future__ import annotations

import json

import pytest

from evaluator.play.spot import SpotError, answer_line, legal_choices, spot_from_json

GOOD = {
    "game": "badugi",
    "decision": "bet",
    "cards": "As 2h 3d 3c",
    "draws_left": 0,
    "pot": 40,
    "to_call": 4,
    "bet": 4,
    "opponents": [{"drew": [2, 1, 1], "acts_after": False}],
}


def with_(**changes: object) -> dict[str, object]:
    line = dict(GOOD)
    for key, value in changes.items():
        if value is None:
            line.pop(key)
        else:
            line[key] = value
    return line


BAD = [
    (with_(game="poker"), "is not a game"),
    (with_(game=None), "no 'game'"),
    (with_(decision="shove"), "'decision'"),
    (with_(cards="As 2h 3d"), "4 cards"),
    (with_(cards="As 2h 3d 3d"), "twice"),
    (with_(cards="As 2h 3d Xx"), "not a card"),
    (with_(cards=7), "written as text"),
    (with_(dead="As"), "both in your hand"),
    (with_(pot=-1), "'pot'"),
    (with_(pot=1.5), "whole number"),
    (with_(pot=True), "whole number"),
    (with_(to_call=None), "to_call"),
    (with_(bet=0), "'bet'"),
    (with_(draws_left=4), "'draws_left'"),
    (with_(opponents=[]), "at least one opponent"),
    (with_(opponents=[{"drew": [2, 1]}]), "have been made"),
    (with_(opponents=[{"drew": [2, 1, 9]}]), "cannot take 9"),
    (with_(opponents=[{"drew": [2, 1, 1], "acts_after": "yes"}]), "true or false"),
    (with_(opponents=[{"drew": [2, 1, 1], "hand": "As"}]), "not a key of opponent"),
    (with_(opponents=[{"drew": [1, 1, 1]}] * 6), "at most 5"),
    (with_(stacks=[10]), "'stacks'"),
    (with_(colour="red"), "not a key of a spot"),
    (with_(decision="draw", draws_left=0), "'draws_left'"),
    (with_(decision="draw", draws_left=1, to_call=4), "nothing to call"),
]


@pytest.mark.parametrize(("line", "words"), BAD)
def test_a_bad_spot_is_refused_with_one_sentence(line: dict[str, object], words: str) -> None:
    with pytest.raises(SpotError) as caught:
        spot_from_json(line)
    message = str(caught.value)
    assert words in message
    assert "\n" not in message and message.count(". ") == 0
    answer = answer_line(json.dumps(line))
    assert answer == {"ok": False, "error": message}


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", '"badugi"', "{" * 5000, "null"])
def test_a_line_that_is_not_an_object_gets_ok_false(text: str) -> None:
    answer = answer_line(text)
    assert answer["ok"] is False
    assert isinstance(answer["error"], str) and answer["error"]


def test_a_good_line_lists_every_legal_choice_once() -> None:
    answer = answer_line(json.dumps(GOOD))
    assert answer["ok"] is True
    kinds = [a["kind"] for a in answer["actions"]]  # type: ignore[index]
    assert sorted(kinds) == ["call", "fold", "raise"]
    assert answer["best"] == {"kind": answer["actions"][0]["kind"]}  # type: ignore[index]


def test_a_draw_lists_standing_pat_and_every_throw() -> None:
    spot = spot_from_json(
        with_(decision="draw", draws_left=1, to_call=None, opponents=[{"drew": [1, 1]}])
    )
    choices = legal_choices(spot)
    assert len(choices) == 2**4
    assert len({frozenset(a.discards) for a in choices}) == len(choices)


def test_an_opponent_that_already_drew_in_this_draw_is_read() -> None:
    spot = spot_from_json(
        with_(decision="draw", draws_left=1, to_call=None, opponents=[{"drew": [2, 1, 1]}])
    )
    assert spot.opponents[0].drew == (2, 1, 1)
