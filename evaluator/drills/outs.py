"""How many outs, and how likely: a one-card draw to a Badugi, a low, or both.

The hand keeps a made three-card Badugi or four low cards and throws one
card; the other seat's cards are seen, so some outs are dead. Harder items
add an estimate of the chance (within a few points) and a top card to beat,
and ask for both halves at once in Badacey and Badeucey, where a card must
bring the missing suit and a new low rank together.
"""

from __future__ import annotations

import random

from ..cards import DECK, Card, format_cards
from ..profiles import PROFILES
from .base import NAMES, DrillItem, seats_of

GAMES = ("badugi", "badacey", "badeucey", "ace_to_five", "deuce_to_seven")


def _targets(game: str) -> tuple[str, ...]:
    awards = PROFILES[game].awards
    if "badugi" in awards and len(awards) > 1:
        return ("badugi", "low", "both")
    return ("badugi",) if "badugi" in awards else ("low",)


def _pick(rng: random.Random, used: set[Card], rank: int, suits: str = "cdhs") -> Card:
    card = rng.choice([c for c in DECK if c.rank == rank and c.suit in suits and c not in used])
    used.add(card)
    return card


def _hand(rng: random.Random, game: str, target: str) -> tuple[list[Card], Card]:
    """Kept cards one short of the target, and the card thrown (which does not make it)."""
    size = PROFILES[game].hand_size
    used: set[Card] = set()
    # Deuce-to-seven reads the ace high, so its low cards start at the deuce.
    low_ranks = list(range(2 if "deuce_to_seven" in PROFILES[game].awards else 1, 9))
    ranks = rng.sample(low_ranks, size - 1)
    if target == "low":
        kept = [_pick(rng, used, r) for r in ranks]
    else:
        suits = list("cdhs")
        rng.shuffle(suits)
        kept = [_pick(rng, used, r, suits[i % 3]) for i, r in enumerate(ranks)]
    # The thrown card repeats a rank or a suit the hand already has, so it makes nothing.
    repeat = rng.choice(kept)
    throw = rng.choice(
        [c for c in DECK if c not in used and (c.rank == repeat.rank or c.suit == repeat.suit)]
    )
    return kept, throw


def make(rng: random.Random, game: str, difficulty: int) -> DrillItem:
    profile = PROFILES[game]
    target = rng.choice(_targets(game)) if difficulty > 1 else _targets(game)[0]
    kept, throw = _hand(rng, game, target)
    hand = kept + [throw]
    rng.shuffle(hand)
    rest = [c for c in DECK if c not in hand]
    other = tuple(rng.sample(rest, profile.hand_size))
    part: dict[str, object] = {
        "kind": "outs",
        "seat": 0,
        "throw": format_cards([throw]),
        "target": target,
    }
    parts: list[dict[str, object]] = [part]
    if difficulty > 1:
        parts.append({**part, "kind": "odds", "within": 5 if difficulty == 2 else 3})
    what = {"badugi": "a Badugi", "low": "a five-card low", "both": "a Badugi and a low together"}
    return DrillItem(
        kind="outs",
        game=game,
        seed=0,
        difficulty=difficulty,
        title="Count the outs",
        prompt=(
            f"{NAMES[0]} throws {format_cards([throw])} and draws one card, hoping for "
            f"{what[target]}. {NAMES[1]}'s cards are face up, so they cannot come."
        ),
        parts=parts,
        seats=seats_of([tuple(hand), other]),
    )
