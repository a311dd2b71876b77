"""Exact draw odds: one throw of one or two cards, and the chance it makes the target.

The hand keeps three cards of a Badugi (or low cards) and throws what does
not fit; the learner estimates the chance of finishing in percent, within a
few points of the engine's exact count. Harder items throw two cards, so
the count is of pairs of cards rather than single outs, and the split games
may ask for a low or for both halves at once.
"""

from __future__ import annotations

import random

from ..cards import DECK, Card, format_cards
from ..profiles import PROFILES
from .base import NAMES, DrillItem, seats_of

GAMES = ("badugi", "badacey", "badeucey")
AIMS = {"badugi": "a Badugi", "low": "a five-card low", "both": "a Badugi and a low together"}
WITHIN = {1: 5, 2: 4, 3: 3}


def _targets(game: str, difficulty: int) -> tuple[str, ...]:
    if difficulty == 1 or len(PROFILES[game].awards) == 1:
        return ("badugi",)
    return ("badugi", "low", "both")


def _hand(rng: random.Random, game: str, throws: int) -> tuple[list[Card], list[Card]]:
    """Kept cards of different suits and low ranks, and thrown cards that repeat one of them."""
    size = PROFILES[game].hand_size
    suits = list("cdhs")
    rng.shuffle(suits)
    keep = size - throws
    low = 2 if "deuce_to_seven" in PROFILES[game].awards else 1
    ranks = rng.sample(range(low, 9), keep)
    kept = [
        rng.choice([c for c in DECK if c.rank == r and c.suit == suits[i % 3]])
        for i, r in enumerate(ranks)
    ]
    rest = [c for c in DECK if c not in kept]
    misses = [c for c in rest if c.rank in ranks or c.suit in suits[:3]]
    return kept, rng.sample(misses, throws)


def make(rng: random.Random, game: str, difficulty: int) -> DrillItem:
    profile = PROFILES[game]
    target = rng.choice(_targets(game, difficulty))
    throws = 1 if difficulty == 1 else 2
    kept, thrown = _hand(rng, game, throws)
    hand = kept + thrown
    rng.shuffle(hand)
    other = tuple(rng.sample([c for c in DECK if c not in hand], profile.hand_size))
    part = {
        "kind": "odds",
        "seat": 0,
        "throw": format_cards(thrown),
        "target": target,
        "within": WITHIN[difficulty],
    }
    return DrillItem(
        kind="draw-odds",
        game=game,
        seed=0,
        difficulty=difficulty,
        title="Exact draw odds",
        prompt=(
            f"{NAMES[0]} throws {format_cards(thrown)} and draws {len(thrown)}, hoping for "
            f"{AIMS[target]}. {NAMES[1]}'s cards are face up, so they cannot come."
        ),
        parts=[part],
        seats=seats_of([tuple(hand), other]),
    )
