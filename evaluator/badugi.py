"""Badugi: the best set of cards with no repeated rank and no repeated suit.

The strength comes from the fast path's table, and the strength alone says
which ranks count (``tables.badugi_mask_of_strength``). What a learner needs
to see on top, which cards count and every other selection that is exactly as
good, is found among the cards of those ranks only.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from . import fast, tables
from .cards import Card
from .errors import EvaluatorError
from .values import BadugiValue


def badugi(cards: Sequence[Card], *, ace_high: bool = False) -> BadugiValue:
    """Best Badugi from four or five cards; ace low unless ``ace_high`` (Badeucey)."""
    if not 1 <= len(cards) <= 5:
        raise EvaluatorError(f"a Badugi hand needs 4 or 5 cards, got {len(cards)}")
    if len(set(cards)) != len(cards):
        raise EvaluatorError("a Badugi hand needs different cards")
    strength = fast.badugi_strength([c.index for c in cards], ace_high=ace_high)
    selections = tuple(best_selections(cards, strength, ace_high=ace_high))
    chosen = selections[0]
    return BadugiValue(
        strength=strength,
        ace_high=ace_high,
        size=len(chosen),
        ranks=tuple(c.rank for c in chosen),
        cards=chosen,
        selections=selections,
    )


def best_selections(
    cards: Sequence[Card], strength: int, *, ace_high: bool = False
) -> Iterator[tuple[Card, ...]]:
    """Every selection of ``cards`` worth ``strength``, each highest card first.

    They come in the order ``itertools.combinations`` meets them, so the first
    is the one every page and the showdown output show.
    """
    position = tables.position_ace_high if ace_high else tables.position_ace_low
    mask = tables.badugi_mask_of_strength(strength)
    size = mask.bit_count()
    candidates = [c for c in cards if mask >> position(c.rank) & 1]
    for combo in combinations(candidates, size):
        if len({c.suit for c in combo}) == size and len({c.rank for c in combo}) == size:
            yield tuple(sorted(combo, key=lambda c: -position(c.rank)))


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
