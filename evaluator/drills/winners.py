"""Which hand wins each half: two to six hands read as Badacey or Badeucey.

Near misses: a half shared by two hands, one hand taking both halves, a
Badugi that beats a lower three-card hand, lows that differ only in the last
card. The item is scored on the engine's own settlement.
"""

from __future__ import annotations

import random

from ..cards import Card
from ..profiles import PROFILES
from ..settlement import settle
from .base import DrillItem, best_of, deal_hands, seats_of

GAMES = ("badacey", "badeucey", "badugi")


def make(rng: random.Random, game: str, difficulty: int) -> DrillItem:
    profile = PROFILES[game]
    most = {1: 2, 2: 4, 3: 6}[difficulty]
    count = rng.randint(2, most)

    def score(hands: list[tuple[Card, ...]]) -> int:
        result = settle(profile, hands, pot=0)
        awards = result.pots[0].awards
        if any(len(a.winners) > 1 for a in awards):
            return 3
        winners = {w for a in awards for w in a.winners}
        if len(awards) > 1 and len(winners) == 1:
            return 3  # a scoop
        return 2 if len(winners) > 1 else 1

    hands = best_of(rng, difficulty, lambda: deal_hands(rng, count, profile.hand_size), score, 15)
    halves = "each half" if len(profile.awards) > 1 else "the pot"
    return DrillItem(
        kind="winners",
        game=game,
        seed=0,
        difficulty=difficulty,
        title=f"Who wins {halves}?",
        prompt=(
            f"Every hand is shown down. Tick the winner of {halves}; tick every player who shares."
        ),
        parts=[{"kind": "winners"}],
        seats=seats_of(hands),
    )
