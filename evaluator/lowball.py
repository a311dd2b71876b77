"""Five-card lows: ace-to-five (Badacey's half) and deuce-to-seven (Badeucey's).

Both read all five cards. They differ in where the ace sits and in whether
straights and flushes count against the hand; the ordering rules live in
``tables`` so the fast path and these readable results cannot disagree. The
tables also keep each strength's category and ranks, so a value is a look-up
rather than a count of the cards.
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
    strength = tables.A5_STRENGTH[tables.prime_key(tables.position_ace_low(c.rank) for c in cards)]
    return low_value("ace_to_five", strength, cards)


def deuce_to_seven(cards: Sequence[Card]) -> LowValue:
    """Ace high; straights and flushes count against (A-2-3-4-5 is ace-high)."""
    _check_five(cards)
    key = tables.prime_key(tables.position_ace_high(c.rank) for c in cards)
    flush = len({c.suit for c in cards}) == 1
    strength = (tables.D27_FLUSH_STRENGTH if flush else tables.D27_STRENGTH)[key]
    return low_value("deuce_to_seven", strength, cards)


def low_value(kind: str, strength: int, cards: Sequence[Card] = ()) -> LowValue:
    """The low of ``kind`` with this strength; ``cards``, if given, are shown in reading order.

    A strength fixes the category and the ranks, so the words of a value can
    be had from the strength alone (``strength_facts`` relies on it).
    """
    ace_high = kind == "deuce_to_seven"
    category, ordered = (tables.D27_READING if ace_high else tables.A5_READING)[strength]
    ranks = tuple(tables.rank_at(p, ace_high=ace_high) for p in ordered)
    return LowValue(
        strength=strength,
        kind=kind,
        category=(tables.D27_CATEGORIES if ace_high else tables.A5_CATEGORIES)[category],
        ranks=ranks,
        cards=in_reading_order(cards, ranks),
    )


def in_reading_order(cards: Sequence[Card], ranks: tuple[int, ...]) -> tuple[Card, ...]:
    """Cards in the order the value is read, so a hand and its text line up."""
    order = {rank: i for i, rank in enumerate(ranks)}
    return tuple(sorted(cards, key=lambda c: (order[c.rank], c.suit)))
