"""Which cards to throw: one hand before a draw, and the throw with the best chance.

The learner's hand is dealt from a near miss (a three-card Badugi with a
spare, or low cards with a pair or a high card), so the right throw is
something to weigh rather than to spot. The other seat's cards are face up
and out of the draw. Easy items allow one card and aim at a Badugi; harder
ones allow two and, in the split games, aim at a low or at both halves,
where the best throw for one half alone is the trap.

The question is the lessons' own ``discard`` part, so the site checks it,
rates every throw and explains the answer with the engine's odds.
"""

from __future__ import annotations

import random

from ..cards import DECK, Card, format_cards
from ..profiles import PROFILES
from .base import NAMES, DrillItem, seats_of

GAMES = ("badugi", "badacey", "badeucey")
AIMS = {"badugi": "a Badugi", "low": "a five-card low", "both": "a Badugi and a low together"}


def _targets(game: str, difficulty: int) -> tuple[str, ...]:
    if difficulty == 1 or len(PROFILES[game].awards) == 1:
        return ("badugi",)
    return ("badugi", "low", "both")


def _hand(rng: random.Random, game: str) -> list[Card]:
    """A hand that keeps three cards of different suits and ranks, plus near misses."""
    size = PROFILES[game].hand_size
    suits = list("cdhs")
    rng.shuffle(suits)
    ranks = rng.sample(range(1, 10), 3)
    kept = [
        rng.choice([c for c in DECK if c.rank == r and c.suit == suits[i]])
        for i, r in enumerate(ranks)
    ]
    rest = [c for c in DECK if c not in kept]
    # The extra cards repeat a suit or a rank already kept, so standing pat is rarely best.
    misses = [c for c in rest if c.suit in suits[:3] or c.rank in ranks]
    return kept + rng.sample(misses, size - 3)


def make(rng: random.Random, game: str, difficulty: int) -> DrillItem:
    profile = PROFILES[game]
    target = rng.choice(_targets(game, difficulty))
    hand = _hand(rng, game)
    rng.shuffle(hand)
    other = tuple(rng.sample([c for c in DECK if c not in hand], profile.hand_size))
    most = 1 if difficulty == 1 else 2
    upto = "one card" if most == 1 else "up to two cards"
    return DrillItem(
        kind="discard",
        game=game,
        seed=0,
        difficulty=difficulty,
        title="Which cards to throw?",
        prompt=(
            f"{NAMES[0]} holds {format_cards(hand)} and may throw {upto} on the last draw, "
            f"hoping for {AIMS[target]}. {NAMES[1]}'s cards are face up, so they cannot come."
        ),
        parts=[{"kind": "discard", "seat": 0, "most": most, "target": target}],
        seats=seats_of([tuple(hand), other]),
    )
