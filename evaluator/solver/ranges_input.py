"""Reading the two ranges a spot is solved for: hands, weights and card removal.

A range is an explicit list of hands a seat may hold, each with a weight
(how likely the seat holds it, relative to its other hands; 1 when not
given). Both seats hold cards from one deck, so a hand of one seat never
meets a hand of the other that shares a card: the chance of a pair of hands
is the product of their weights where they share no card, and nothing where
they do. Hands are read by ``evaluator.cards`` like every other hand on the
site, and each message names the seat and the hand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..cards import Card, format_cards, parse_cards
from ..errors import EvaluatorError
from ..profiles import GameProfile

HandSpec = str | Sequence[Card] | Sequence[str]
MAX_RANGE = 2000  # hands per seat: a 2,000 x 2,000 matrix is the most one request may build

SEAT_NAMES = ("seat 0", "seat 1")


@dataclass(frozen=True)
class Range:
    """One seat's hands (as read), their text, deck indices and weights."""

    cards: tuple[tuple[Card, ...], ...]
    texts: tuple[str, ...]
    weights: tuple[float, ...]

    @property
    def masks(self) -> npt.NDArray[np.uint64]:
        """Each hand as a 52-bit set of its cards, for the card-removal test."""
        return np.array([sum(1 << c.index for c in hand) for hand in self.cards], dtype=np.uint64)

    def __len__(self) -> int:
        return len(self.cards)


def read_range(
    profile: GameProfile,
    seat: int,
    hands: object,
    weights: object = None,
) -> Range:
    """Check and read one seat's range; every problem is one sentence naming the seat."""
    who = SEAT_NAMES[seat]
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise EvaluatorError(f"{who}'s range must be a list of hands")
    if not hands:
        raise EvaluatorError(f"{who}'s range is empty: give at least one hand")
    if len(hands) > MAX_RANGE:
        raise EvaluatorError(
            f"{who}'s range has {len(hands):,} hands; a spot takes at most {MAX_RANGE:,}"
        )
    read: list[tuple[Card, ...]] = []
    seen: dict[frozenset[Card], int] = {}
    for n, hand in enumerate(hands):
        if not isinstance(hand, str | list | tuple):
            raise EvaluatorError(f"{who}'s hand {n + 1} must be a string of cards")
        try:
            cards = parse_cards(hand, count=profile.hand_size, game_name=profile.name)
        except EvaluatorError as error:
            raise EvaluatorError(f"{who}'s hand {n + 1}: {error}") from None
        key = frozenset(cards)
        if key in seen:
            raise EvaluatorError(
                f"{who}'s range lists {format_cards(cards)} twice (hands {seen[key] + 1} "
                f"and {n + 1}); give it once with a weight instead"
            )
        seen[key] = n
        read.append(cards)
    return Range(
        tuple(read), tuple(format_cards(c) for c in read), _weights(who, weights, len(read))
    )


def _weights(who: str, weights: object, count: int) -> tuple[float, ...]:
    if weights is None:
        return (1.0,) * count
    if isinstance(weights, str) or not isinstance(weights, Sequence):
        raise EvaluatorError(f"{who}'s weights must be a list of numbers, one per hand")
    if len(weights) != count:
        raise EvaluatorError(f"{who} has {count} hands but {len(weights)} weights")
    found: list[float] = []
    for n, w in enumerate(weights):
        if isinstance(w, bool) or not isinstance(w, int | float) or not math.isfinite(w) or w < 0:
            raise EvaluatorError(
                f"{who}'s weight {n + 1} must be a number of at least 0, got {w!r:.20}"
            )
        found.append(float(w))
    if not any(found):
        raise EvaluatorError(f"every weight of {who}'s range is 0: at least one must be above 0")
    return tuple(found)


def read_ranges(
    profile: GameProfile, ranges: Sequence[object], weights: Sequence[object] | None
) -> tuple[Range, Range]:
    """Both seats' ranges as a caller gave them (the last round's and the last draw's
    solvers take the same two lists), each read by ``read_range``."""
    if isinstance(ranges, str) or not isinstance(ranges, Sequence) or len(ranges) != 2:
        raise EvaluatorError("give two ranges, one list of hands for each seat")
    if weights is not None and (
        isinstance(weights, str) or not isinstance(weights, Sequence) or len(weights) != 2
    ):
        raise EvaluatorError("give the weights as two lists, one for each seat")
    return (
        read_range(profile, 0, ranges[0], None if weights is None else weights[0]),
        read_range(profile, 1, ranges[1], None if weights is None else weights[1]),
    )
