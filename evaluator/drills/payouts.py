"""Split this pot: each seat's payout, with ties, odd chips, folded seats and side pots.

Harder items bring the cases people get wrong: a pot that does not divide
evenly (so the odd chip goes by the button), three-way ties, a folded seat
whose chips stay in the pot, and all-in seats whose smaller contributions
make side pots they cannot win.
"""

from __future__ import annotations

import random

from ..cards import Card
from ..profiles import PROFILES
from ..settlement import Settlement, settle
from .base import DrillItem, best_of, deal_hands, seats_of

GAMES = ("badacey", "badeucey", "badugi", "ace_to_five", "deuce_to_seven")


def _odd_chips(result: Settlement) -> bool:
    return any(
        award.amount % len(award.winners) != 0 for pot in result.pots for award in pot.awards
    )


def make(rng: random.Random, game: str, difficulty: int) -> DrillItem:
    profile = PROFILES[game]
    count = rng.randint(2, 3) if difficulty == 1 else rng.randint(3, 5)
    unit = profile.small_bet

    def candidate() -> tuple[list[tuple[Card, ...]], list[int] | None, list[bool], int, int]:
        hands = deal_hands(rng, count, profile.hand_size)
        button = rng.randrange(count)
        folded = [False] * count
        contributions = None
        pot = unit * rng.randint(2, 12) + (rng.randint(0, 3) if difficulty > 1 else 0)
        if difficulty == 3:
            contributions = [unit * rng.randint(1, 8) + rng.randint(0, 3) for _ in range(count)]
            top = max(contributions)
            # Most seats put in the most; one or two are all in for less.
            for seat in range(count):
                if rng.random() < 0.5:
                    contributions[seat] = top
            pot = sum(contributions)
        if difficulty > 1 and rng.random() < 0.4:
            folded[rng.randrange(count)] = True
        return hands, contributions, folded, pot, button

    def score(item: tuple[list[tuple[Card, ...]], list[int] | None, list[bool], int, int]) -> int:
        hands, contributions, folded, pot, button = item
        result = settle(
            profile,
            hands,
            pot=None if contributions else pot,
            contributions=contributions,
            folded=folded,
            button=button,
        )
        value = 1
        if any(len(a.winners) > 1 for p in result.pots for a in p.awards):
            value = 2
        if _odd_chips(result):
            value += 1
        if len(result.pots) > 1:
            value += 1
        if any(folded):  # a folded seat's chips stay in a pot it cannot win
            value += 1
        return min(value, 3)

    # A settlement per candidate is the costly part of an item, so look a little less long.
    hands, contributions, folded, pot, button = best_of(rng, difficulty, candidate, score, 12)
    names = [seat["name"] for seat in seats_of(hands)]
    lines = [f"The button is on {names[button]}."]
    if any(folded):
        lines.append(
            "Folded: " + ", ".join(n for n, f in zip(names, folded, strict=True) if f) + "."
        )
    if contributions:
        lines.append(
            "Chips each player put in: "
            + ", ".join(f"{n} {c}" for n, c in zip(names, contributions, strict=True))
            + "."
        )
    return DrillItem(
        kind="payouts",
        game=game,
        seed=0,
        difficulty=difficulty,
        title="Split this pot",
        prompt=" ".join(lines) + " How many chips does each player collect?",
        parts=[{"kind": "payouts"}],
        seats=seats_of(hands),
        pot=pot,
        button=button,
        contributions=contributions,
        folded=folded if any(folded) else None,
    )
