"""A quick reading of one hand for each half it can play for: what to keep and how far off it is.

Why heuristics here and exact counts in the coach: the computer players decide
several times per learner action and must answer in well under a millisecond,
so they read their hand the way a player does at the table (which cards fit,
how many are missing, how good the top card is) and turn that into a rough
share of the pot. The coach never uses these numbers for draws; it counts
every possible draw exactly (``evaluator.play.throws``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..cards import Card
from ..profiles import GameProfile
from ..tables import position_ace_high, position_ace_low

# Per draw, the rough chance that one missing card arrives (about nine useful
# cards among some forty unseen); a hand missing n cards with k draws left
# completes about (1 - (1 - q)^k)^n of the time.
ARRIVAL = {"badugi": 0.17, "ace_to_five": 0.22, "deuce_to_seven": 0.2}
# The best top card (as a position, 0 = the lowest rank of the half's order)
# each half can have: 4-high Badugi (5-high with the ace high), 5-high and 7-high lows.
BEST_TOP = {"badugi": 3, "ace_to_five": 4, "deuce_to_seven": 5}
CARDS_NEEDED = {"badugi": 4, "ace_to_five": 5, "deuce_to_seven": 5}


def position_of(profile: GameProfile, half: str) -> Callable[[int], int]:
    """The rank order of one half: the ace is low except in deuce-to-seven and Badeucey's Badugi."""
    ace_high = profile.badugi_ace_high if half == "badugi" else half == "deuce_to_seven"
    return position_ace_high if ace_high else position_ace_low


@dataclass(frozen=True)
class HalfReading:
    """One half of a hand: the cards worth keeping for it and how many are missing."""

    half: str
    keep: tuple[Card, ...]
    need: int  # cards still missing for a complete hand of this half
    top: int  # position of the highest card kept (-1 when nothing is kept)

    @property
    def made(self) -> bool:
        return self.need == 0


def read_half(profile: GameProfile, half: str, cards: Sequence[Card], limit: int) -> HalfReading:
    """Keep the cards that fit ``half`` with a position no higher than ``limit``."""
    return _read_half(profile, half, tuple(cards), limit)


@lru_cache(maxsize=1 << 16)
def _read_half(profile: GameProfile, half: str, cards: tuple[Card, ...], limit: int) -> HalfReading:
    """Remembered: the coach's rollouts read the same hands many times."""
    pos = position_of(profile, half)
    if half == "badugi":
        keep = tuple(c for c in rainbow(cards, pos) if pos(c.rank) <= limit)
    else:
        seen: set[int] = set()
        kept: list[Card] = []
        for card in sorted(cards, key=lambda c: pos(c.rank)):
            if card.rank not in seen and pos(card.rank) <= limit:
                seen.add(card.rank)
                kept.append(card)
        keep = tuple(kept)
    top = max((pos(c.rank) for c in keep), default=-1)
    return HalfReading(half, keep, CARDS_NEEDED[half] - len(keep), top)


def rainbow(cards: Sequence[Card], pos: Callable[[int], int]) -> tuple[Card, ...]:
    """The best set of cards with different suits and ranks: most cards, then lowest ranks.

    Works on any number of cards (``evaluator.badugi`` reads whole hands of four or five).
    """
    return _rainbow(tuple(cards), pos)


@lru_cache(maxsize=1 << 16)
def _rainbow(cards: tuple[Card, ...], pos: Callable[[int], int]) -> tuple[Card, ...]:
    for size in range(min(4, len(cards)), 0, -1):
        found = [
            combo
            for combo in combinations(cards, size)
            if len({c.suit for c in combo}) == size and len({c.rank for c in combo}) == size
        ]
        if found:
            return min(found, key=lambda combo: sorted((pos(c.rank) for c in combo), reverse=True))
    return ()


def completion(half: str, need: int, draws_left: int) -> float:
    """The rough chance of filling ``need`` missing cards in the draws left."""
    if need <= 0:
        return 1.0
    if draws_left <= 0:
        return 0.0
    per = 1 - (1 - ARRIVAL[half]) ** draws_left
    return float(per**need)


def quality(half: str, top: int) -> float:
    """How often a finished hand with this top card beats another finished hand, roughly."""
    return max(0.05, min(1.0, 1 - (top - BEST_TOP[half]) / 8))


def keep_candidates(
    profile: GameProfile, cards: Sequence[Card], draws_left: int
) -> list[tuple[Card, ...]]:
    """The keeps a player weighs: the whole hand, the best keep for each half, and
    in the split games the cards that serve both halves at once."""
    loose = 7 if draws_left >= 2 else 9  # tighter early: there is time to draw low cards
    candidates: list[tuple[Card, ...]] = [tuple(cards)]
    for half in profile.awards:
        for limit in (loose - 2, loose, 12):
            candidates.append(read_half(profile, half, cards, limit).keep)
    if profile.is_split:
        low_half = profile.awards[0]
        low = read_half(profile, low_half, cards, loose).keep
        candidates.append(read_half(profile, "badugi", low, loose).keep)
        bad = read_half(profile, "badugi", cards, loose).keep
        candidates.append(read_half(profile, low_half, bad, loose).keep)
    unique: list[tuple[Card, ...]] = []
    for keep in candidates:
        if keep not in unique:
            unique.append(keep)
    return unique


def keep_value(
    profile: GameProfile, keep: Sequence[Card], draws_left: int
) -> tuple[float, dict[str, float]]:
    """A rough share of a pot won by the better hand in each half, for a kept set of cards."""
    value, halves = _keep_value(profile, tuple(keep), draws_left)
    return value, dict(halves)


@lru_cache(maxsize=1 << 17)
def _keep_value(
    profile: GameProfile, keep: tuple[Card, ...], draws_left: int
) -> tuple[float, tuple[tuple[str, float], ...]]:
    """Remembered: the coach's rollouts read the same kept cards many times.

    Only the places the keep leaves open fill at this draw: a kept card that
    plays no part in a half (the second card of a pair, a second card of a
    suit in Badugi) holds its place until a later draw throws it. Without
    this, standing pat on a pair read as drawing to the four cards beside it,
    the same value as throwing the pair card, and the tie went to keeping
    more cards: the players stood pat on a pair, and on nothing at the last
    draw, and the ranges of a player who stood pat were full of such hands.
    """
    per_half: dict[str, float] = {}
    open_places = profile.hand_size - len(keep)
    for half in profile.awards:
        reading = read_half(profile, half, keep, 12)
        draws = draws_left if reading.need <= open_places else draws_left - 1
        p = completion(half, reading.need, draws)
        # A drawing hand usually ends up with a top card a little above what it keeps.
        top = reading.top if reading.made else max(reading.top, BEST_TOP[half] + 2)
        per_half[half] = p * quality(half, top)
    return sum(per_half.values()) / len(per_half), tuple(per_half.items())
