"""Every hand of one range against every hand of the other, computed once with numpy.

The betting of a last round is tiny; the work of a solve is this matrix.
For a pair of hands (i of seat 0, j of seat 1) it holds how likely the pair
is (``meet``: the product of the weights, zero when the hands share a card,
all of it summing to 1) and seat 0's share of the pot at a showdown between
them (``share``): each half of a split game is half the pot, and a tied half
is shared. Hands are compared by the engine's own strengths
(``GameProfile.strength_function``, the numbers ``evaluator.settle`` divides
chips by, higher is better), so no ranking is written here; the tests hold
the shares to ``settle`` on random pairs. The odd chip of an uneven split is
left out: the solver pays halves exactly, in fractions of a chip.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..errors import EvaluatorError
from ..profiles import GameProfile
from .ranges_input import Range

Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True)
class HandMatrix:
    """``meet[i, j]``: chance of the pair; ``win[i, j]``: that chance times seat 0's share."""

    meet: Matrix
    win: Matrix

    @property
    def shape(self) -> tuple[int, int]:
        rows, columns = self.meet.shape
        return rows, columns


def strengths(profile: GameProfile, hands: Range) -> npt.NDArray[np.int64]:
    """Each hand's strength in each half of the game (one column per award)."""
    strength_of = profile.strength_function
    return np.array(
        [strength_of(*(c.index for c in cards)) for cards in hands.cards], dtype=np.int64
    ).reshape(len(hands), len(profile.awards))


def share_matrix(first: npt.NDArray[np.int64], second: npt.NDArray[np.int64]) -> Matrix:
    """The first hand's share of the pot against the second, averaged over the halves."""
    halves = first.shape[1]
    share = np.zeros((first.shape[0], second.shape[0]))
    for half in range(halves):
        a = first[:, half][:, None]
        b = second[:, half][None, :]
        share += (a > b) + 0.5 * (a == b)
    result: Matrix = share / halves
    return result


def can_meet(first: Range, second: Range) -> npt.NDArray[np.bool_]:
    """True where the two hands share no card (card removal)."""
    apart: npt.NDArray[np.bool_] = (first.masks[:, None] & second.masks[None, :]) == 0
    return apart


def hand_matrix(profile: GameProfile, ranges: tuple[Range, Range]) -> HandMatrix:
    """The matrix of a spot; refused when no hand of one seat can meet a hand of the other."""
    zero, one = ranges
    meet: Matrix = np.where(
        can_meet(zero, one), np.outer(np.array(zero.weights), np.array(one.weights)), 0.0
    )
    total = float(meet.sum())
    if total <= 0:
        raise EvaluatorError(
            "no hand of seat 0 can meet a hand of seat 1: every pair shares a card or has no weight"
        )
    meet /= total
    share = share_matrix(strengths(profile, zero), strengths(profile, one))
    return HandMatrix(meet=meet, win=meet * share)
