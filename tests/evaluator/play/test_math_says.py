"""The math panel's reading of a spot: where in the round the learner stands, checked against
the solver's own betting tree, and the ranges it hands the solver."""

from __future__ import annotations

import pytest

from evaluator.cards import parse_cards
from evaluator.play.math_says import (
    NotSolved,
    math_says,
    mix_words,
    round_position,
    round_question,
)
from evaluator.play.spot import spot_from_json
from evaluator.profiles import get_profile
from evaluator.solver.betting_tree import betting_tree

BASE = {
    "game": "badugi",
    "decision": "bet",
    "cards": "As 2h 3d 3c",
    "draws_left": 0,
    "pot": 60,
    "to_call": 0,
    "bet": 4,
    "opponents": [{"drew": [2, 1, 1], "acts_after": False}],
}


def spot(**change):
    return spot_from_json({**BASE, **change})


@pytest.mark.parametrize(
    ("change", "bets_made"),
    [
        ({"opponents": [{"drew": [2, 1, 1], "acts_after": True}]}, None),
        ({}, None),
        ({"to_call": 4}, None),
        ({"to_call": 4}, 1),
        ({"to_call": 4}, 2),
        ({"to_call": 4}, 3),
        ({"to_call": 4}, 4),
    ],
)
def test_the_learner_acts_at_the_history_read_and_the_chips_add_up(change, bets_made):
    s = spot(**change)
    position = round_position(s, bets_made=bets_made)
    tree = betting_tree(s.bet, position.cap, position.first)
    node = tree.node_at(position.history)
    assert node is not None and node.actor == 0  # the learner is seat 0 and acts here
    assert node.put[1] - node.put[0] == s.to_call  # the price the spot names
    assert position.pot + sum(node.put) == s.pot  # the pot before the round, plus its bets


def test_the_learners_hand_is_always_in_its_range():
    position = round_position(spot(cards="Kc Kd Ks Kh"), learner_drew=(0, 0, 0))
    question = round_question(position)
    mine = set(parse_cards("Kc Kd Ks Kh"))
    assert any(set(parse_cards(hand)) == mine for hand in question.ranges[0])
    assert all(weight > 0 for weight in question.weights[0] + question.weights[1])


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"decision": "draw", "draws_left": 1, "to_call": 0}, "still has a draw to come"),
        (
            {"opponents": [{"drew": [2, 1, 1]}, {"drew": [1, 1, 1]}]},
            "this one has 2 opponents",
        ),
        ({"to_call": 8}, "the price is always one bet"),
        ({"to_call": 4, "pot": 4}, "smaller than the 1 bet"),
    ],
)
def test_a_spot_the_panel_does_not_answer_says_why(change, words):
    line = {**BASE, **change}
    if line["decision"] == "draw":
        del line["to_call"]
    with pytest.raises(NotSolved, match=words):
        round_position(spot_from_json(line))


def test_the_learners_draws_must_cover_every_draw():
    with pytest.raises(NotSolved, match="3 numbers"):
        round_position(spot(), learner_drew=(1, 1))


def test_a_mix_reads_likeliest_first_and_leaves_out_what_is_never_played():
    assert mix_words({"check": 0.3, "bet": 0.7}) == "bet 70%, check 30%"
    assert mix_words({"call": 0.999, "raise": 0.001, "fold": 0.0}) == "call 100%"


def test_the_learners_mix_is_a_distribution_over_the_actions_at_that_history():
    position = round_position(spot(to_call=4))
    said = math_says(position)
    tree = betting_tree(4, position.cap, position.first)
    legal = set(tree.node_at(position.history).actions)
    assert {action for action, _ in said.mix} <= legal
    assert sum(p for _, p in said.mix) == pytest.approx(1.0, abs=0.02)
    assert said.exploitability_mbb >= 0
    assert said.range_sizes[0] == len(round_question(position).ranges[0])
    assert get_profile("badugi").raise_cap == position.cap
