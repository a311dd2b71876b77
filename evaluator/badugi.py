"""Badugi: the best set of cards with no repeated rank and no repeated suit.

The value comes from the same tables as the fast path; the search here adds
what a learner needs to see: which cards count, and every other selection that
is exactly as good.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from . import tables
from .cards import Card
from .errors import EvaluatorError
from .values import BadugiValue


def badugi(cards: Sequence[Card], *, ace_high: bool = False) -> BadugiValue:
    """Best Badugi from four or five cards; ace low unless ``ace_high`` (Badeucey)."""
    if not 1 <= len(cards) <= 5:
        raise EvaluatorError(f"a Badugi hand needs 4 or 5 cards, got {len(cards)}")
    if len(set(cards)) != len(cards):
        raise EvaluatorError("a Badugi hand needs different cards")
    position = tables.position_ace_high if ace_high else tables.position_ace_low

    best_strength = -1
    best: list[tuple[Card, ...]] = []
    for size in range(min(4, len(cards)), 0, -1):
        for combo in combinations(cards, size):
            if len({c.suit for c in combo}) != size or len({c.rank for c in combo}) != size:
                continue
            mask = sum(1 << position(c.rank) for c in combo)
            strength = tables.BADUGI_MASK_STRENGTH[mask]
            if strength > best_strength:
                best_strength, best = strength, [combo]
            elif strength == best_strength:
                best.append(combo)
        if best:
            break  # a larger selection always beats any smaller one

    selections = tuple(tuple(sorted(s, key=lambda c: -position(c.rank))) for s in best)
    chosen = selections[0]
    return BadugiValue(
        strength=best_strength,
        ace_high=ace_high,
        size=len(chosen),
        ranks=tuple(c.rank for c in chosen),
        cards=chosen,
        selections=selections,
    )


def selection_problem(cards: Sequence[Card]) -> str | None:
    """Why a proposed selection is not a legal Badugi, or None if it is.

    Used to explain a learner's wrong pick in words ("repeats clubs").
    """
    if not cards:
        return "no cards were chosen"
    seen_suits: dict[str, Card] = {}
    seen_ranks: dict[int, Card] = {}
    for card in cards:
        if card.suit in seen_suits:
            return f"{seen_suits[card.suit]} and {card} repeat {card.suit_name}"
        if card.rank in seen_ranks:
            return f"{seen_ranks[card.rank]} and {card} repeat the rank {card.rank_text}"
        seen_suits[card.suit] = card
        seen_ranks[card.rank] = card
    if len(cards) > 4:
        return "a Badugi counts at most four cards"
    return None
