"""Which low is better: two or three five-card hands read ace-to-five or deuce-to-seven.

Asked as a winners question, so a tie (both hands ticked) is a right answer
when the engine says they tie. Near misses: hands that tie or differ only in
the last card, the wheel against a 6-4 (ace-to-five), and straights or
flushes that spoil a deuce-to-seven low.
"""

from __future__ import annotations

import random

from ..cards import DECK, Card
from ..lowball import ace_to_five, deuce_to_seven
from .base import DrillItem, best_of, deal_hands, seats_of

GAMES = ("ace_to_five", "deuce_to_seven", "badacey", "badeucey")
LOW_OF = {
    "ace_to_five": "ace_to_five",
    "deuce_to_seven": "deuce_to_seven",
    "badacey": "ace_to_five",
    "badeucey": "deuce_to_seven",
}


def _low_hand(rng: random.Random, used: set[Card], top: int) -> tuple[Card, ...]:
    """Five cards of different ranks at or below ``top`` (ace low), from cards not used."""
    return _cards_of(rng, used, rng.sample(range(1, top + 1), 5))


def _cards_of(rng: random.Random, used: set[Card], ranks: list[int]) -> tuple[Card, ...]:
    """One card of each rank, each of a suit drawn at random among the cards not used yet."""
    hand = []
    for rank in ranks:
        card = rng.choice([c for c in DECK if c.rank == rank and c not in used])
        used.add(card)
        hand.append(card)
    return tuple(hand)


def _near_hands(rng: random.Random, count: int) -> list[tuple[Card, ...]]:
    """Low hands that share ranks, so they tie or differ only near the end."""
    used: set[Card] = set()
    first = _low_hand(rng, used, 9)
    hands = [first]
    for _ in range(count - 1):
        ranks = sorted((c.rank for c in first), reverse=True)
        if rng.random() < 0.5:  # change the last (lowest) card only, or nothing
            free = [r for r in range(1, 10) if r not in ranks]
            ranks[-1] = rng.choice(free + [ranks[-1]])
        hands.append(_cards_of(rng, used, ranks))
    return hands


# The famous close calls: the wheel against a 6-4 in ace-to-five (straights do
# not count there), and in deuce-to-seven the 6-5-4-3-2 straight against a 7-5.
CLASSIC_RANKS = {
    "ace_to_five": ((5, 4, 3, 2, 1), (6, 4, 3, 2, 1)),
    "deuce_to_seven": ((6, 5, 4, 3, 2), (7, 5, 4, 3, 2)),
}


def _classic(rng: random.Random, low: str, count: int) -> list[tuple[Card, ...]]:
    used: set[Card] = set()
    hands = []
    for ranks in CLASSIC_RANKS[low]:
        hand = []
        for rank in ranks:
            card = rng.choice([c for c in DECK if c.rank == rank and c not in used])
            used.add(card)
            hand.append(card)
        rng.shuffle(hand)
        hands.append(tuple(hand))
    while len(hands) < count:
        hands.append(_low_hand(rng, used, 9))
    rng.shuffle(hands)
    return hands


def make(rng: random.Random, game: str, difficulty: int) -> DrillItem:
    low = LOW_OF[game]
    read = ace_to_five if low == "ace_to_five" else deuce_to_seven
    count = 2 if difficulty < 3 else rng.choice((2, 3))

    def candidate() -> list[tuple[Card, ...]]:
        style = rng.random()
        if difficulty == 1 or style < 0.3:
            used: set[Card] = set()
            return [_low_hand(rng, used, 10) for _ in range(count)]
        if style < 0.45:
            return _classic(rng, low, count)
        if style < 0.8:
            return _near_hands(rng, count)
        return deal_hands(rng, count, 5)

    def score(hands: list[tuple[Card, ...]]) -> int:
        values = sorted(read(h).strength for h in hands)
        if values[0] == values[1]:
            return 3
        first, second = (read(h) for h in sorted(hands, key=lambda h: read(h).strength)[:2])
        shared = sum(a == b for a, b in zip(first.ranks, second.ranks, strict=False))
        if shared >= 3 or first.category != "no pair" or second.category != "no pair":
            return 3
        return 2 if shared >= 1 else 1

    hands = best_of(rng, difficulty, candidate, score)
    rules = low.replace("_", "-")  # "ace-to-five", as the lessons write it
    return DrillItem(
        kind="better_low",
        game=low,
        seed=0,
        difficulty=difficulty,
        title=f"Which {rules} low is better?",
        prompt=(
            f"Read each hand as {'an' if rules[0] in 'aeiou' else 'a'} {rules} low. "
            "Tick the better hand, or every hand "
            "that shares the best low."
        ),
        parts=[{"kind": "winners"}],
        seats=seats_of(hands),
    )
