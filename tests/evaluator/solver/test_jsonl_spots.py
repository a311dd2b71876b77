"""``solve --jsonl`` lines, read without Django: a good spot, and a sentence for each bad line."""

from __future__ import annotations

import io
import json

import pytest

from evaluator.solver.jsonl_spots import answer_lines, answer_text

GOOD = {
    "game": "badugi",
    "pot": 10,
    "bet": 2,
    "cap": 2,
    "first": 0,
    "ranges": [["A♠ 2♥ 3♦ 4♣", "K♠ K♥ K♦ K♣"], ["5♠ 6♥ 7♦ 8♣"]],
    "iterations": 400,
}


def test_a_good_line_answers_values_exploitability_and_every_mix():
    answer = json.loads(answer_text(json.dumps(GOOD)))
    assert answer["ok"] is True
    assert sum(answer["value"]) == pytest.approx(GOOD["pot"], abs=1e-3)
    assert set(answer["exploitability"]) == {"chips", "mbb_per_hand", "pct_pot"}
    assert answer["iterations"] <= GOOD["iterations"]
    catcher = answer["strategy"]["5♠ 6♥ 7♦ 8♣"]
    assert set(catcher["bet"]) == {"fold", "call", "raise"}
    assert sum(catcher["bet"].values()) == pytest.approx(1, abs=1e-3)
    assert set(answer["strategy"]["A♠ 2♥ 3♦ 4♣"][""]) == {"check", "bet"}


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("", "empty"),
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        (json.dumps({**GOOD, "colour": "red"}), "unknown key 'colour'"),
        (json.dumps({k: v for k, v in GOOD.items() if k != "bet"}), "no 'bet'"),
        (json.dumps({**GOOD, "game": "holdem"}), "not a game"),
        (json.dumps({**GOOD, "game": 7}), "must be a name"),
        (json.dumps({**GOOD, "pot": -3}), "the pot must be a whole number"),
        (json.dumps({**GOOD, "bet": 1.5}), "the bet must be a whole number"),
        (json.dumps({**GOOD, "first": 3}), "acts first must be 0 or 1"),
        (json.dumps({**GOOD, "iterations": 10**9}), "iterations"),
        (json.dumps({**GOOD, "ranges": [["A♠ 2♥ 3♦ 4♣"]]}), "two ranges"),
        (json.dumps({**GOOD, "ranges": [["A♠ 2♥ 3♦"], ["5♠ 6♥ 7♦ 8♣"]]}), "seat 0's hand 1"),
        (json.dumps({**GOOD, "ranges": [["A♠ 2♥ 3♦ 4♣"], ["A♠ 6♥ 7♦ 8♣"]]}), "can meet"),
        (json.dumps({**GOOD, "weights": [[1, 1], ["x"]]}), "weight 1 must be a number"),
        (json.dumps({**GOOD, "draw": "yes"}), "draw must be true"),
    ],
)
def test_a_bad_line_gets_one_sentence(line, words):
    answer = json.loads(answer_text(line))
    assert answer["ok"] is False
    assert words in answer["error"]
    assert answer["error"].endswith(tuple("abcdefghijklmnopqrstuvwxyz0123456789)'\""))


def test_every_line_gets_its_answer_in_order_and_a_bad_one_does_not_stop_the_batch():
    lines = ["{bad", json.dumps(GOOD), "", json.dumps({**GOOD, "game": "holdem"})]
    out = io.StringIO()
    answer_lines(io.StringIO("\n".join(lines) + "\n"), out)
    answers = [json.loads(text) for text in out.getvalue().splitlines()]
    assert [a["ok"] for a in answers] == [False, True, False, False]


def test_a_draw_line_answers_each_throws_probability():
    line = {**GOOD, "ranges": [["A♠ 2♥ 3♦ 3♣"], ["5♠ 6♥ 7♦ 8♣"]], "draw": True}
    answer = json.loads(answer_text(json.dumps(line)))
    assert answer["ok"] is True
    assert set(answer["draws"]["A♠ 2♥ 3♦ 3♣"][""]) == {"stand pat", "throw 3♣"}
    assert set(answer["draws"]["5♠ 6♥ 7♦ 8♣"]) == {"after 0", "after 1"}
    assert sum(answer["value"]) == pytest.approx(GOOD["pot"], abs=1e-3)


def test_the_same_spot_twice_is_solved_once():
    from evaluator.solver import solve_spot

    spot = {k: GOOD[k] for k in ("pot", "bet", "cap", "first", "iterations")}
    assert solve_spot("badugi", GOOD["ranges"], **spot) is solve_spot(
        "badugi", [list(r) for r in GOOD["ranges"]], **spot
    )
