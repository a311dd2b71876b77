"""The equilibrium's answer for the learner's decision in a played hand, when one fits.

One call for a page: build both ranges from the hand (``ranges.spot_for``),
solve the last round between them (``solve_spot``, cached), and read the
learner's own hand at the current history. A page must say what this is: an
equilibrium *given these ranges*, which come from the coach's player model,
not a solution of the whole game.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from ..play.hand import LiveHand
from .last_round import DEFAULT_TARGET_MBB, solve_spot
from .ranges import SAMPLES, RangeSpot, spot_for
from .solution import Solution

REMEMBER = 64  # answers kept, the least recently asked dropped first


@dataclass(frozen=True)
class LiveAdvice:
    """The learner's mix and each choice's value (chips from now on), with the solved spot."""

    spot: RangeSpot
    solution: Solution
    seat: int  # the learner's seat in the solution (0 acts first in the round)
    hand: str
    history: str
    mix: dict[str, float]
    values: dict[str, float]


_REMEMBERED: OrderedDict[tuple[object, ...], LiveAdvice | None] = OrderedDict()
_LOCK = threading.Lock()


def advice_for(hand: LiveHand, *, samples: int = SAMPLES) -> LiveAdvice | None:
    """The equilibrium's mix for the learner now, or None when the spot does not fit.

    Fits: heads-up, the last betting round, the learner to act, both seats
    deep enough for the whole round. A hand's settings and the learner's
    actions fix everything (``LiveHand.replay``), so the answer is kept under
    them: a review page that shows the same decision again builds no ranges.
    """
    key = (hand.settings, hand.learner_actions, samples)
    with _LOCK:
        if key in _REMEMBERED:
            _REMEMBERED.move_to_end(key)
            return _REMEMBERED[key]
    advice = _advice(hand, samples)
    with _LOCK:  # a worker's threads may ask at once
        _REMEMBERED[key] = advice
        while len(_REMEMBERED) > REMEMBER:
            _REMEMBERED.popitem(last=False)
    return advice


def solve_range_spot(spot: RangeSpot, target_mbb: float = DEFAULT_TARGET_MBB) -> Solution:
    """Solve the round of a spot read from a played hand (its ranges, pot, bet and order)."""
    return solve_spot(
        spot.game,
        spot.ranges,
        weights=spot.weights,
        pot=spot.pot,
        bet=spot.bet,
        cap=spot.cap,
        first=spot.first,
        target_mbb=target_mbb,
    )


def _advice(hand: LiveHand, samples: int) -> LiveAdvice | None:
    spot = spot_for(hand, samples=samples)
    if spot is None:
        return None
    solution = solve_range_spot(spot)
    seat = spot.solver_seat(hand.settings.learner_seat)
    mine = hand.learner_cards
    return LiveAdvice(
        spot=spot,
        solution=solution,
        seat=seat,
        hand=" ".join(c.text for c in mine),
        history=spot.history,
        mix=solution.mix_for(mine, spot.history),
        values=solution.values_for(mine, spot.history),
    )
