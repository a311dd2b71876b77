"""Which card decides between two hands, so a comparison can point at it.

The lessons teach reading two hands place by place from the highest card
down: the first place that differs settles it. This module finds that place
from the values themselves (never by comparing ranks a second way), or says
that something before any single card decided: the number of counting
cards in a Badugi, or the category of a low (a pair against no pair).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .values import BadugiValue, LowValue

Value = LowValue | BadugiValue


@dataclass(frozen=True)
class Deciding:
    """Why one hand beats the other.

    ``reason`` is "card" (a place decides), "size" (a Badugi with more cards),
    "category" (a low's category, such as no pair against a pair) or "tie".
    ``place`` counts from 0, the first place read; ``cards`` holds, for each
    hand, the card or cards (a pair) at that place.
    """

    reason: str
    place: int | None = None
    cards: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())


def reading_cards(value: Value) -> tuple[Card, ...]:
    """The cards a value is read from, in reading order (the counting cards of a Badugi)."""
    return value.cards


def deciding(first: Value, second: Value) -> Deciding:
    """The first place where two values of one kind differ, or what decided before it."""
    if first.kind != second.kind:
        raise ValueError("only two values of the same kind can be compared")
    if first == second:
        return Deciding("tie")
    if isinstance(first, BadugiValue) and isinstance(second, BadugiValue):
        if first.size != second.size:
            return Deciding("size")
        place = _first_difference(first.ranks, second.ranks)
        return Deciding("card", place, ((first.cards[place],), (second.cards[place],)))
    assert isinstance(first, LowValue) and isinstance(second, LowValue)
    if first.category != second.category:
        return Deciding("category")
    place = _first_difference(first.ranks, second.ranks)
    return Deciding(
        "card",
        place,
        (_at_rank(first.cards, first.ranks[place]), _at_rank(second.cards, second.ranks[place])),
    )


def _first_difference(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return next(i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y)


def _at_rank(cards: tuple[Card, ...], rank: int) -> tuple[Card, ...]:
    return tuple(card for card in cards if card.rank == rank)
