"""How many outs, and how likely: a one-card draw to a Badugi, a low, or both.

The hand keeps a made three-card Badugi or four low cards and throws one
card, the one a player drawing for that target would throw: a low draw
throws a card that pairs, never one from a low already made; a Badugi draw
never breaks a made Badugi nor keeps a worse one than the hand holds. The
other seat's cards are seen, so some outs are dead. Harder items
add an estimate of the chance (within a few points) and a top card to beat,
and ask for both halves at once in Badacey and Badeucey, where a card must
bring the missing suit and a new low rank together.
"""

from __future__ import annotations

import random

from ..badugi import badugi
from ..cards import DECK, Card, format_cards
from ..profiles import PROFILES, GameProfile
from .base import NAMES, TRIES, DrillError, DrillItem, seats_of

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
    """Kept cards one short of the target, and a card a player drawing for it would throw.

    For a low the thrown card pairs a kept rank, so the hand has not made its
    low yet; for a Badugi it repeats a kept suit or rank and the hand holds
    no four-card Badugi, nor a better three-card one than the kept cards.
    """
    profile = PROFILES[game]
    size = profile.hand_size
    # Deuce-to-seven reads the ace high, so its low cards start at the deuce.
    low_ranks = list(range(2 if "deuce_to_seven" in profile.awards else 1, 9))
    for _ in range(TRIES):
        used: set[Card] = set()
        ranks = rng.sample(low_ranks, size - 1)
        if target == "low":
            kept = [_pick(rng, used, r) for r in ranks]
        else:
            suits = list("cdhs")
            rng.shuffle(suits)
            kept = [_pick(rng, used, r, suits[i % 3]) for i, r in enumerate(ranks)]
        throws = [c for c in DECK if c not in used and _would_throw(profile, kept, c, target)]
        if throws:
            return kept, rng.choice(throws)
    raise DrillError("no outs item could be dealt for these settings; try another item number")


def _would_throw(profile: GameProfile, kept: list[Card], card: Card, target: str) -> bool:
    """Whether a player drawing for ``target`` keeps ``kept`` and throws ``card``."""
    pairs = any(card.rank == k.rank for k in kept)
    if target != "badugi" and not pairs:
        return False  # a low draw throws the card that pairs
    if target == "low":
        return True
    if not pairs and all(card.suit != k.suit for k in kept):
        return False  # a new suit and rank: it would be kept, not thrown
    ace_high = profile.badugi_ace_high
    hand = badugi([*kept, card], ace_high=ace_high)
    return hand.size < 4 and hand.strength == badugi(kept, ace_high=ace_high).strength


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
