"""``showdown --jsonl`` answers every line on its own, whatever the line holds.

Each case sends one hostile line between two good ones and expects three
answers: the good ones settled, the bad one a single readable sentence that
quotes at most a short excerpt of what it was sent.
"""

from __future__ import annotations

import io
import json
import select
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from evaluator.jsonl import MAX_LINE_BYTES, MAX_NESTING, MAX_NUMBER_DIGITS
from evaluator.limits import MAX_CHIPS

ROOT = Path(__file__).resolve().parents[2]
GOOD = json.dumps({"game": "badacey", "hands": ["As 2h 3d 4c 5c", "2c 3h 4s 5d 7c"], "pot": 80})
LONGEST_ERROR = 300  # characters: a sentence, never a copy of the input


def answers_for(text: str) -> list[dict]:
    out = io.StringIO()
    call_command("showdown", jsonl=True, stdin=io.StringIO(text), stdout=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def assert_one_clear_error_between_good_lines(bad: str, expected: str) -> str:
    first, middle, last = answers_for(f"{GOOD}\n{bad}\n{GOOD}\n")
    assert first["ok"] and last["ok"]
    assert first == last
    assert set(middle) == {"ok", "error"} and middle["ok"] is False
    assert expected in middle["error"]
    assert len(middle["error"]) < LONGEST_ERROR
    return middle["error"]


def line(**fields: object) -> str:
    request = {"game": "badacey", "hands": ["As 2h 3d 4c 5c", "2c 3h 4s 5d 7c"], "pot": 80}
    return json.dumps(request | fields, ensure_ascii=False)


def test_a_4301_digit_contribution_is_refused_with_the_digit_cap():
    digits = "9" * 4301
    bad = line(pot=None).replace('"pot": null', f'"contributions": [{digits}, 5]')
    assert_one_clear_error_between_good_lines(bad, f"at most {MAX_NUMBER_DIGITS}")


@pytest.mark.parametrize("game", ["ace_to_five", "badacey", "badugi"])
def test_chip_amounts_above_the_cap_are_refused(game):
    hands = ["As 2h 3d 4c", "2c 3h 4s 5d"] if game == "badugi" else None
    fields = {"game": game, "pot": MAX_CHIPS + 1} | ({"hands": hands} if hands else {})
    error = assert_one_clear_error_between_good_lines(line(**fields), "more than the")
    assert f"{MAX_CHIPS:,}" in error


def test_the_chip_cap_itself_is_accepted_and_printed_in_full():
    (answer,) = answers_for(line(game="ace_to_five", pot=MAX_CHIPS) + "\n")
    assert answer["ok"]
    assert sum(answer["payouts"]) == MAX_CHIPS


def test_a_huge_side_pot_total_stays_within_the_cap():
    bad = line(pot=None).replace('"pot": null', f'"contributions": [{MAX_CHIPS * 10}, 5]')
    assert_one_clear_error_between_good_lines(bad, "more than the")


def test_a_lone_surrogate_in_a_card_is_named_with_an_escape_not_echoed_raw():
    bad = line(hands=["As 2h 3d 4c \ud800", "2c 3h 4s 5d 7c"]).replace("\ud800", "\\ud800")
    error = assert_one_clear_error_between_good_lines(bad, "is not a card")
    assert "\\ud800" in error and "\ud800" not in error


def test_a_lone_surrogate_reaches_a_real_pipe_as_valid_utf8():
    bad = line(game="\ud800").replace("\ud800", "\\ud800")
    done = subprocess.run(
        [sys.executable, "manage.py", "showdown", "--jsonl"],
        input=f"{GOOD}\n{bad}\n{GOOD}\n".encode(),
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(text) for text in done.stdout.decode("utf-8").splitlines()]
    assert [a["ok"] for a in answers] == [True, False, True]
    assert "is not a game" in answers[1]["error"]


def test_json_nested_100000_deep_is_refused():
    bad = "[" * 100_000 + "]" * 100_000
    error = assert_one_clear_error_between_good_lines(bad, "nests lists or objects more than")
    assert str(MAX_NESTING) in error


def test_nesting_up_to_the_cap_is_read_and_then_named_without_quoting_it():
    deep = "[" * (MAX_NESTING - 1) + "]" * (MAX_NESTING - 1)
    bad = line(pot=None).replace('"pot": null', f'"pot": {deep}')
    assert_one_clear_error_between_good_lines(bad, "whole number of chips, got a list")


def test_brackets_inside_strings_do_not_count_as_nesting():
    bad = line(game="[" * 100)
    assert_one_clear_error_between_good_lines(bad, "is not a game")


def test_a_line_over_the_length_cap_is_skipped_and_the_next_answered():
    bad = " " * (MAX_LINE_BYTES + 1)
    error = assert_one_clear_error_between_good_lines(bad, "longer than")
    assert f"{MAX_LINE_BYTES:,}" in error


def test_a_line_at_the_length_cap_is_read():
    padded = GOOD + " " * (MAX_LINE_BYTES - len(GOOD))
    assert answers_for(padded + "\n")[0]["ok"]


def test_a_100_mb_line_through_a_real_pipe_gets_one_error_and_the_batch_goes_on():
    huge = b'{"game": "' + b"x" * 100_000_000 + b'"}'
    done = subprocess.run(
        [sys.executable, "manage.py", "showdown", "--jsonl"],
        input=GOOD.encode() + b"\n" + huge + b"\r\n" + GOOD.encode() + b"\n",
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(text) for text in done.stdout.decode("utf-8").splitlines()]
    assert [a["ok"] for a in answers] == [True, False, True]
    assert "longer than" in answers[1]["error"]


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"game": "x" * 50_000}, "is not a game"),
        ({"hands": ["As 2h 3d 4c " + "Q" * 50_000, "2c 3h 4s 5d 7c"]}, "is not a card"),
        ({"pot": "8" * 50_000}, "whole number of chips"),
        ({"pot": 1e300}, "whole number of chips"),
        ({"hands": [None] * 100_000}, "at most 10 seats"),
    ],
)
def test_long_or_odd_values_are_quoted_as_a_short_excerpt(fields, expected):
    assert_one_clear_error_between_good_lines(line(**fields), expected)


def test_nan_and_infinity_are_not_chip_counts():
    for literal in ("NaN", "Infinity", "-Infinity"):
        bad = line(pot=None).replace("null", literal)
        assert_one_clear_error_between_good_lines(bad, "whole number of chips")


def test_a_caller_sending_one_line_at_a_time_gets_each_answer_before_the_next():
    """Blocks are answered as they arrive: a co-process never waits for end of input."""
    process = subprocess.Popen(
        [sys.executable, "manage.py", "showdown", "--jsonl"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        for request in (GOOD, "oops", GOOD):
            process.stdin.write(request.encode() + b"\n")
            process.stdin.flush()
            ready, _, _ = select.select([process.stdout], [], [], 60)
            assert ready, "no answer while the input was still open"
            answer = json.loads(process.stdout.readline())
            assert answer["ok"] is (request == GOOD)
    finally:
        process.stdin.close()
        assert process.wait(timeout=60) == 0
