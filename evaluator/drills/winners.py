"""Which hand wins each half: two to six hands read as Badacey or Badeucey.

From medium on the hands come in the mix ``showdowns`` deals: about three
items in ten share a half, about three in ten (in the split-pot games) give
the halves to different players, and the rest prefer a scoop or a close
call. Every shape is checked on the engine's own settlement.
"""

from __future__ import annotations

import random

from ..profiles import PROFILES
from .base import DrillItem, seats_of
from .showdowns import teaching_hands

GAMES = ("badacey", "badeucey", "badugi")


def make(rng: random.Random, game: str, difficulty: int) -> DrillItem:
    profile = PROFILES[game]
    most = {1: 2, 2: 4, 3: 6}[difficulty]
    count = rng.randint(2, most)
    hands = teaching_hands(rng, profile, count, difficulty)
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
