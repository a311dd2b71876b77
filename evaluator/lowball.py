"""Five-card lows: ace-to-five (Badacey's half) and deuce-to-seven (Badeucey's).

Both read all five cards. They differ in where the ace sits and in whether
straights and flushes count against the hand; the ordering rules live in
``tables`` so the fast path and these readable results cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import tables
from .cards import Card
from .errors import EvaluatorError
from .values import LowValue


def _check_five(cards: Sequence[Card]) -> None:
    if len(cards) != 5:
        raise EvaluatorError(f"a five-card low needs 5 cards, got {len(cards)}")
    if len(set(cards)) != 5:
        raise EvaluatorError("a five-card low needs 5 different cards")


def ace_to_five(cards: Sequence[Card]) -> LowValue:
    """Ace low; straights and flushes ignored; pairs and worse count against."""
    _check_five(cards)
    positions = tuple(tables.position_ace_low(c.rank) for c in cards)
    strength = tables.A5_STRENGTH[tables.prime_key(positions)]
    shape, ordered = tables.a5_order(positions)
    ranks = tuple(tables.rank_at(p, ace_high=False) for p in ordered)
    return LowValue(
        strength=strength,
        kind="ace_to_five",
        category=tables.A5_CATEGORIES[shape],
        ranks=ranks,
        cards=in_reading_order(cards, ranks),
    )


def deuce_to_seven(cards: Sequence[Card]) -> LowValue:
    """Ace high; straights and flushes count against (A-2-3-4-5 is ace-high)."""
    _check_five(cards)
    positions = tuple(tables.position_ace_high(c.rank) for c in cards)
    flush = len({c.suit for c in cards}) == 1
    key = tables.prime_key(positions)
    strength = (tables.D27_FLUSH_STRENGTH if flush else tables.D27_STRENGTH)[key]
    category_index, _ = tables.d27_order(positions, flush)
    _, ordered = tables.grouped_positions(positions)
    ranks = tuple(tables.rank_at(p, ace_high=True) for p in ordered)
    return LowValue(
        strength=strength,
        kind="deuce_to_seven",
        category=tables.D27_CATEGORIES[category_index],
        ranks=ranks,
        cards=in_reading_order(cards, ranks),
    )


def in_reading_order(cards: Sequence[Card], ranks: tuple[int, ...]) -> tuple[Card, ...]:
    """Cards in the order the value is read, so a hand and its text line up."""
    order = {rank: i for i, rank in enumerate(ranks)}
    return tuple(sorted(cards, key=lambda c: (order[c.rank], c.suit)))
