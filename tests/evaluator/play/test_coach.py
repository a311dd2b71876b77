"""The coach: grades follow the exact values, name a rule, and never change the hand.

Every expectation is computed through the engine (``throw_values``,
``coach_action``); situations are found by playing seeded hands, never typed in.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from evaluator.badugi import badugi
from evaluator.play import THRESHOLDS, Action, IllegalAction, LiveHand, TableSettings
from evaluator.play.coach import coach_action, grade_decision, summarize, throw_values

from .helpers import random_action


def find(
    game: str, wanted: Callable[[LiveHand], bool], *, seats: int = 4, tries: int = 400
) -> LiveHand:
    """The first seeded hand reaching a learner decision ``wanted`` accepts.

    The learner checks or calls and draws as the solid computer player would.
    """
    for seed in range(tries):
        hand = LiveHand.start(TableSettings.default(game, seed, seats=seats))
        while not hand.is_over:
            if wanted(hand):
                return hand
            kinds = {a.kind for a in hand.legal_actions()}
            if "draw" in kinds:
                hand.play(hand.computer_choice("solid"))
            else:
                hand.play(Action("check" if "check" in kinds else "call"))
    raise AssertionError("no seeded hand reached the situation")


def at_draw(hand: LiveHand) -> bool:
    return hand.legal_actions()[0].kind == "draw"


def test_the_best_throw_is_correct_and_others_are_measured_against_it():
    hand = find("badacey", at_draw)
    values = throw_values(
        hand.profile, hand.learner_cards, hand.dead_cards(), hand.legal_actions()[0].max_discards
    )
    best = grade_decision(hand, Action("draw", values[0].discards))
    assert best.grade == "correct" and best.size == 0 and best.skill_kind == "draw"
    worst = values[-1]
    graded = grade_decision(hand, Action("draw", worst.discards))
    expected = (values[0].value - worst.value) * hand.pot / hand.profile.big_bet
    assert graded.size == pytest.approx(expected, abs=1e-3)
    assert graded.better_action == Action("draw", values[0].discards)
    assert graded.grade == ("blunder" if expected >= THRESHOLDS["blunder_from"] else "inaccuracy")
    assert graded.reason and graded.better_play


def test_every_throw_up_to_the_table_s_limit_is_weighed():
    hand = find("badeucey", at_draw)
    most = hand.legal_actions()[0].max_discards
    values = throw_values(hand.profile, hand.learner_cards, hand.dead_cards(), most)
    assert len(values) == sum(1 for n in range(1 << 5) if bin(n).count("1") <= most)
    assert [v.value for v in values] == sorted((v.value for v in values), reverse=True)


def made_badugi(hand: LiveHand) -> bool:
    if not at_draw(hand):
        return False
    value = badugi(hand.learner_cards)
    return value.size == 4 and value.ranks[0] <= 8


def test_a_good_made_badugi_stands_pat_and_breaking_it_is_a_mistake():
    hand = find("badugi", made_badugi, tries=2000)
    assert coach_action(hand) == Action("draw", ())
    broken = grade_decision(hand, Action("draw", hand.learner_cards[:1]))
    assert broken.grade != "correct"
    assert broken.reason_code == "BROKE_A_PAT_HAND"
    assert broken.better_play == "Stand pat"


def drawing_dead_facing_a_bet(hand: LiveHand) -> bool:
    kinds = {a.kind for a in hand.legal_actions()}
    return "call" in kinds and hand.draws_left == 0 and badugi(hand.learner_cards).size < 4


def test_calling_with_nothing_after_the_last_draw_is_a_mistake_with_its_reason():
    hand = find("badugi", drawing_dead_facing_a_bet, tries=2000)
    grade = grade_decision(hand, Action("call"))
    assert grade.reason_code == "NO_DRAWS_LEFT"
    assert grade.grade != "correct"
    assert grade.better_action == Action("fold")
    assert grade.skill_kind == "bet"
    assert grade_decision(hand, Action("fold")).grade == "correct"


def test_grading_leaves_the_hand_as_it_was():
    hand = find("badacey", lambda h: True)
    before = (hand.step, hand.events, hand.public_state())
    for legal in hand.legal_actions():
        grade_decision(hand, Action(legal.kind))
    assert (hand.step, hand.events, hand.public_state()) == before


def test_the_coach_refuses_an_action_the_table_would_refuse():
    hand = find("badacey", lambda h: not at_draw(h))
    with pytest.raises(IllegalAction):
        grade_decision(hand, Action("draw", ()))


@pytest.mark.parametrize("game", ["badacey", "badugi", "deuce_to_seven"])
def test_every_grade_of_a_random_hand_is_complete(game):
    rng = random.Random(game)
    hand = LiveHand.start(TableSettings.default(game, 11))
    while not hand.is_over:
        result = hand.act(random_action(hand, rng))
        g = result.grade
        assert g.grade in ("correct", "inaccuracy", "blunder")
        assert g.reason_code and g.reason
        if g.grade == "correct":
            assert g.size == 0 and g.better_action is None
        else:
            assert g.size >= THRESHOLDS["correct_below"]
            assert g.better_action is not None and g.better_play


def test_a_session_s_error_rate_is_the_mistake_size_per_decision():
    rng = random.Random(5)
    grades = []
    for seed in range(4):
        hand = LiveHand.start(TableSettings.default("badacey", seed))
        while not hand.is_over:
            grades.append(hand.act(random_action(hand, rng)).grade)
    summary = summarize(grades)
    assert summary.decisions == len(grades)
    assert summary.error_rate == pytest.approx(sum(g.size for g in grades) / len(grades))
    assert summary.blunders == sum(g.grade == "blunder" for g in grades)
    assert set(summary.by_skill) == {g.skill_kind for g in grades}
    assert summarize([]).error_rate == 0
