"""Fixed-limit betting: what a full raise reaches, and whether a raise is allowed at all.

Easy items ask for the full raise before the first draw (the small unit);
medium ones use every round, where from the game's big-bet round on
"raise by the small bet" is the usual slip; hard ones ask whether a raise is
allowed at all near the cap, where the last raise has already been made.
Every answer comes from the game profile (``bet_size``, ``full_raise_to``
and ``raise_cap``).
"""

from __future__ import annotations

import random

from ..profiles import PROFILES, GameProfile
from .base import DrillItem

GAMES = ("badacey", "badeucey", "badugi", "ace_to_five", "deuce_to_seven")
WHEN = {
    0: "before the first draw",
    1: "after the first draw",
    2: "after the second draw",
    3: "after the third draw",
}


def round_cap(profile: GameProfile, betting_round: int) -> int:
    return profile.raise_cap * profile.bet_size(betting_round)


def raise_allowed(profile: GameProfile, betting_round: int, facing: int) -> bool:
    """A raise is allowed while a full raise stays within the round's cap."""
    return profile.full_raise_to(betting_round, facing) <= round_cap(profile, betting_round)


def make(rng: random.Random, game: str, difficulty: int) -> DrillItem:
    profile = PROFILES[game]
    betting_round = 0 if difficulty == 1 else rng.randint(0, profile.draws)
    unit = profile.bet_size(betting_round)
    cap = round_cap(profile, betting_round)
    when = WHEN.get(betting_round, f"in betting round {betting_round + 1}")
    if difficulty == 3 and rng.random() < 0.6:
        bets = rng.randint(max(1, profile.raise_cap - 2), profile.raise_cap)
        facing = bets * unit
        allowed = raise_allowed(profile, betting_round, facing)
        total = profile.full_raise_to(betting_round, facing)
        question = f"Bram faces a bet of {facing} {when}. May he raise to {total}?"
        return DrillItem(
            kind="betting",
            game=game,
            seed=0,
            difficulty=difficulty,
            title="Is this raise allowed?",
            prompt=(
                f"{profile.name}, fixed limit: {profile.raise_cap} bets a round at most. "
                f"This round {bets} bet{'s' * (bets > 1)} of {unit} have been made, "
                f"{facing} chips in all."
            ),
            parts=[
                {
                    "kind": "choice",
                    "question": question,
                    "options": [
                        "Yes, it is a full raise within the cap",
                        "No, the round is capped",
                    ],
                    "answer": 0 if allowed else 1,
                }
            ],
            facts={"round": betting_round, "facing": facing},
        )
    bets = rng.randint(1, profile.raise_cap - 1)
    facing = bets * unit
    right = profile.full_raise_to(betting_round, facing)
    wrong = {facing + profile.small_bet, facing + profile.big_bet, 2 * facing, right + unit}
    options = sorted({right} | {w for w in wrong if 0 < w <= cap})
    return DrillItem(
        kind="betting",
        game=game,
        seed=0,
        difficulty=difficulty,
        title="What is a full raise here?",
        prompt=(
            f"{profile.name}, fixed limit with bets of {profile.small_bet} and "
            f"{profile.big_bet}. Bram faces a bet of {facing} {when}."
        ),
        parts=[{"kind": "raise_to", "round": betting_round, "facing": facing, "options": options}],
    )
