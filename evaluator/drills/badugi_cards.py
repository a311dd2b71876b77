"""Pick the cards of the best Badugi in a hand of four or five, ace low or high.

The ace is high in Badeucey's Badugi and low in the other games.

The teaching case is the greedy trap: taking the lowest card first, then the
lowest card of a new suit and rank, and so on, can keep a low card that
blocks two others and so miss a bigger or lower Badugi. Items score a hand
by whether that greedy reading comes out worse than the engine's.
"""

from __future__ import annotations

import random

from ..cards import Card
from ..fast import badugi_strength
from ..profiles import PROFILES
from .base import DrillItem, best_of, deal_hands, seats_of

GAMES = ("badugi", "badacey", "badeucey")


def _order(card: Card, ace_high: bool) -> int:
    return 14 if ace_high and card.rank == 1 else card.rank


def greedy(cards: tuple[Card, ...], ace_high: bool) -> tuple[Card, ...]:
    """The tempting reading: take cards lowest first, skipping any that repeat a suit or rank."""
    kept: list[Card] = []
    for card in sorted(cards, key=lambda c: (_order(c, ace_high), c.suit)):
        if all(card.suit != k.suit and card.rank != k.rank for k in kept):
            kept.append(card)
    return tuple(kept)


def make(rng: random.Random, game: str, difficulty: int) -> DrillItem:
    profile = PROFILES[game]
    # Badeucey reads its Badugi with the ace high, the others with the ace low.
    ace_high = profile.badugi_ace_high
    size = profile.hand_size

    def score(hands: list[tuple[Card, ...]]) -> int:
        # The fast path: a strength per candidate, not a full reading.
        hand = hands[0]
        best = badugi_strength([c.index for c in hand], ace_high=ace_high)
        tempting = badugi_strength([c.index for c in greedy(hand, ace_high)], ace_high=ace_high)
        if tempting != best:
            return 3
        if len({c.suit for c in hand}) < size or len({c.rank for c in hand}) < size:
            return 2  # something to leave out
        return 1

    hands = best_of(rng, difficulty, lambda: deal_hands(rng, 2, size), score)
    ace = "high" if ace_high else "low"
    return DrillItem(
        kind="badugi_cards",
        game=game,
        seed=0,
        difficulty=difficulty,
        title="Pick the best Badugi cards",
        prompt=(f"Which of Ana’s cards make her best Badugi? The ace counts {ace}."),
        parts=[{"kind": "badugi_cards", "seat": 0}],
        seats=seats_of(hands),
    )
