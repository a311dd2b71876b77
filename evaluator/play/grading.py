"""Grades and reasons for every choice of a spot, from the values the model gives them."""

from __future__ import annotations

from .spot import ChoiceVerdict, Spot, choice_label
from .values import ValuedSpot

CORRECT_BELOW = 0.1
BLUNDER_FROM = 1.0


def grade_choices(spot: Spot, valued: ValuedSpot) -> tuple[ChoiceVerdict, ...]:
    bb = spot.big_bet
    ordered = sorted(valued.values, key=lambda a: -valued.values[a])
    best = ordered[0]
    top = valued.values[best]
    out = []
    for a in ordered:
        loss = (top - valued.values[a]) / bb
        grade = (
            "correct"
            if loss < CORRECT_BELOW
            else "blunder"
            if loss >= BLUNDER_FROM
            else "inaccuracy"
        )
        out.append(
            ChoiceVerdict(
                a, choice_label(spot, a), valued.values[a], loss, grade, "FIRST", "first version"
            )
        )
    return tuple(out)
