"""A reason's numbers always support its advice, over thousands of spots.

The grades and reasons come from ``grading.grade_choices`` given the values
the model found; Hypothesis draws the spots and the values (anything the model
could return), so every combination of share, price and fold chance is met.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator.cards import DECK
from evaluator.play.grading import THRESHOLDS, grade_choices
from evaluator.play.spot import OpponentInSpot, Spot, legal_choices
from evaluator.play.values import ValuedSpot


@st.composite
def spots_and_values(draw: st.DrawFn) -> tuple[Spot, ValuedSpot]:
    game = draw(st.sampled_from(["badacey", "badeucey", "badugi", "ace_to_five", "deuce_to_seven"]))
    from evaluator.profiles import PROFILES

    profile = PROFILES[game]
    decision = draw(st.sampled_from(["bet", "draw"]))
    cards = tuple(draw(st.permutations(DECK))[: profile.hand_size])
    draws_left = draw(st.integers(1 if decision == "draw" else 0, 3))
    to_call = draw(st.sampled_from([0, 3, 6, 12])) if decision == "bet" else 0
    opponents = tuple(
        OpponentInSpot(tuple([1] * (3 - draws_left)), draw(st.booleans()))
        for _ in range(draw(st.integers(1, 3)))
    )
    spot = Spot(
        game=game,
        decision=decision,
        cards=cards,
        dead=(),
        draws_left=draws_left,
        pot=draw(st.integers(1, 200)),
        to_call=to_call,
        bet=draw(st.sampled_from([6, 12])),
        raises_left=draw(st.integers(0, 2)),
        opponents=opponents,
    )
    choices = legal_choices(spot)
    if decision == "draw":
        choices = choices[: draw(st.integers(2, len(choices)))]
    number = st.floats(-60, 150, allow_nan=False)
    chance = st.floats(0, 1, allow_nan=False)
    values = {a: (0.0 if a.kind == "fold" else draw(number)) for a in choices}
    shares = {a: draw(chance) for a in choices}
    alone = {a: (0.0 if a.kind in ("fold", "check", "call") else draw(chance)) for a in choices}
    return spot, ValuedSpot(values, shares, alone, draw(st.floats(0, 2)), 100, "a model")


def percent(x: float) -> str:
    return f"{100 * x:.0f}%"


@settings(max_examples=3000, deadline=None)
@given(spots_and_values())
def test_reasons_name_only_the_best_play_best_and_their_numbers_support_the_advice(
    case: tuple[Spot, ValuedSpot],
) -> None:
    spot, valued = case
    verdicts = grade_choices(spot, valued)
    best = verdicts[0]
    assert best.value >= max(valued.values.values()) - 1e-9  # exact ties: the quieter play
    assert best.grade == "correct" and best.loss_bb == 0
    for v in verdicts:
        assert ("is the best play here" in v.reason) == (v is best), v.reason
        assert v.loss_bb >= 0
        if v.grade == "correct" and spot.decision == "bet":
            assert v.loss_bb < THRESHOLDS["correct_below"]
        if v is not best:
            assert abs(v.loss_bb - max(0.0, best.value - v.value) / spot.big_bet) < 1e-12
            if v.grade != "correct":
                assert "is better" in v.reason
    if spot.decision != "bet":
        return
    reason = best.reason
    need = spot.to_call / (spot.pot + spot.to_call) if spot.to_call else 0.0
    passive = next(a for a in valued.values if a.kind in ("check", "call"))
    share = valued.shares[passive]
    if best.action.kind in ("bet", "raise") and "calling needs" in reason and share < need:
        assert "fold to it" in reason  # why raising beats calling, not just "raise"
        assert re.search(r"brings back more than calling \(", reason)
    if "That is more than the price needs" in reason:
        assert share >= need and best.action.kind == "call"
    if "less than the price alone needs" in reason:
        assert share < need and best.action.kind == "call"
    if best.action.kind == "fold" and "Calling loses" in reason:
        assert valued.values[passive] < 0
    assert f"{percent(share)} of a showdown" in reason
