"""Every throw a hand could make before a draw, valued exactly.

Why a walk over ranks instead of dealing the draws: a five-card throw in a
five-card game draws from about 47 unseen cards, 1.5 million possible draws,
too many to deal one by one within a page's time. What decides the coach's
targets, though, is only which ranks and suits the final hand holds, so the
draws are counted rank by rank (lowest first in the game's ace order),
choosing which of the unseen cards of each rank arrive and carrying a small
summary of the hand so far. One half is followed at a time, since the coach
only ever needs each half's own chances (a split pot pays each half apart):

- the Badugi: the sets of suits that different ranks already cover (a
  four-card Badugi exists once four different ranks cover all four suits),
  and the rank at which that first happens, which is the Badugi's top card;
- a five-card low: the highest rank so far (its top card). A rank arriving
  twice ends the low, so such draws are simply not followed: they are the
  draws that miss. In deuce-to-seven a straight or a flush is no low either;
  those few draws are counted directly (five ranks in a row, five cards of a
  suit) and taken away.

Each choice of cards is one draw, so the counts are exact (every draw equally
likely, nothing sampled, no table of approximations) and the same numbers as
dealing every draw; the tests hold them to ``evaluator.odds``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

from ..cards import DECK, SUITS, Card
from ..profiles import GameProfile
from ..tables import position_ace_high, position_ace_low

FULL = 15  # all four suits
NONE = -1


@cache
def _suit_subsets(mask: int) -> tuple[tuple[int, int], ...]:
    """Every subset of a suit mask with its size."""
    bits = [1 << i for i in range(4) if mask >> i & 1]
    out = []
    for size in range(len(bits) + 1):
        for chosen in combinations(bits, size):
            out.append((sum(chosen), size))
    return tuple(out)


@cache
def _grow(family: int, suits: int) -> int:
    """Add one rank holding ``suits`` to a family of coverable suit sets (a 16-bit mask)."""
    grown = family
    for subset in range(16):
        if family >> subset & 1:
            free = suits & ~subset
            for i in range(4):
                if free >> i & 1:
                    grown |= 1 << (subset | 1 << i)
    return grown


@dataclass(frozen=True)
class Tally:
    """How many of ``total`` draws end with each top card (a rank position) in one half.

    Draws that do not make the half are not listed: they are ``total`` minus the rest.
    """

    half: str  # "badugi" or "low"
    counts: Counter[int]
    total: int

    def chance(self, top: int = 12) -> float:
        """The chance of making the half with a top card at position ``top`` or better."""
        return sum(n for t, n in self.counts.items() if t <= top) / self.total


def ace_high(profile: GameProfile) -> bool:
    """Both halves of every profile read the ace the same way: high in Badeucey and 2-7."""
    return profile.badugi_ace_high or "deuce_to_seven" in profile.awards


def _masks(
    profile: GameProfile, kept: Sequence[Card], unseen: Sequence[Card]
) -> tuple[list[int], list[int]]:
    pos = position_ace_high if ace_high(profile) else position_ace_low
    kept_at = [0] * 13
    pool_at = [0] * 13
    for card in kept:
        kept_at[pos(card.rank)] |= 1 << SUITS.index(card.suit)
    for card in unseen:
        pool_at[pos(card.rank)] |= 1 << SUITS.index(card.suit)
    return kept_at, pool_at


def tally_throw(
    profile: GameProfile, kept: Sequence[Card], draw: int, unseen: Sequence[Card], half: str
) -> Tally:
    """Count every draw of ``draw`` cards from ``unseen`` by the top card ``half`` ends with.

    ``half`` is "badugi" or "low" (the game's five-card low); a half the game
    does not have is never made.
    """
    total = comb(len(unseen), draw)
    kept_at, pool_at = _masks(profile, kept, unseen)
    if half == "badugi":
        counts = _walk_badugi(kept_at, pool_at, draw) if "badugi" in profile.awards else Counter()
    elif "deuce_to_seven" in profile.awards:
        counts = _walk_low(kept_at, pool_at, draw, deuce_to_seven=True)
    elif "ace_to_five" in profile.awards:
        counts = _walk_low(kept_at, pool_at, draw, deuce_to_seven=False)
    else:
        counts = Counter()
    assert sum(counts.values()) <= total
    return Tally(half, counts, total)


@cache
def _widest(family: int) -> int:
    """The most suits one coverable set of the family holds."""
    return max(subset.bit_count() for subset in range(16) if family >> subset & 1)


def _walk_badugi(kept_at: list[int], pool_at: list[int], draw: int) -> Counter[int]:
    """Draws ending in a four-card Badugi, by its top card.

    Once a Badugi is made its top card cannot change (the ranks come lowest
    first), so the rest of the draw is any of the cards still to come: that
    many ways are counted at once instead of being walked. A state that can
    no longer cover four suits with the ranks left is dropped (it misses).
    """
    counts: Counter[int] = Counter()
    states: dict[tuple[int, int], int] = {(0, 1): 1}  # (cards drawn, coverable suit sets)
    left = sum(m.bit_count() for m in pool_at)
    ranks_after = [sum(1 for q in range(p + 1, 13) if kept_at[q] or pool_at[q]) for p in range(13)]
    for p in range(13):
        k_mask, a_mask = kept_at[p], pool_at[p]
        left -= a_mask.bit_count()
        if not k_mask and not a_mask:
            continue
        nxt: dict[tuple[int, int], int] = {}
        choices = _suit_subsets(a_mask)
        for (n, fam), ways in states.items():
            for s_mask, s_size in choices:
                m = n + s_size
                if m > draw or m + left < draw:
                    continue
                grown = _grow(fam, k_mask | s_mask)
                if grown >> FULL & 1:
                    counts[p] += ways * comb(left, draw - m)
                elif _widest(grown) + ranks_after[p] >= 4:
                    nxt[(m, grown)] = nxt.get((m, grown), 0) + ways
        states = nxt
    return counts


def _walk_low(
    kept_at: list[int], pool_at: list[int], draw: int, *, deuce_to_seven: bool
) -> Counter[int]:
    """Draws ending in five different ranks, by top card; in deuce-to-seven the
    straights and flushes among them are then counted directly and taken away."""
    if any(m.bit_count() > 1 for m in kept_at):
        return Counter()
    # A state: (cards drawn, top card). Only hands with no rank twice are followed;
    # the rest miss the low.
    states: dict[tuple[int, int], int] = {(0, NONE): 1}
    left = sum(m.bit_count() for m in pool_at)
    for p in range(13):
        k_mask, a_mask = kept_at[p], pool_at[p]
        left -= a_mask.bit_count()
        if k_mask:  # nothing may arrive on a rank already held
            held: dict[tuple[int, int], int] = {}
            for (n, _top), ways in states.items():
                held[(n, p)] = held.get((n, p), 0) + ways
            states = held
            continue
        if not a_mask:
            continue
        arrive = a_mask.bit_count()  # which of these cards comes makes no difference here
        nxt: dict[tuple[int, int], int] = {}
        for (n, top), ways in states.items():
            if n + left >= draw:
                nxt[(n, top)] = nxt.get((n, top), 0) + ways
            if n < draw:
                key = (n + 1, p)
                nxt[key] = nxt.get(key, 0) + ways * arrive
        states = nxt
    counts: Counter[int] = Counter()
    for (n, top), ways in states.items():
        if n == draw and top != NONE:
            counts[top] += ways
    if deuce_to_seven:
        for top, ways in _straights_and_flushes(kept_at, pool_at, draw).items():
            counts[top] -= ways
            if not counts[top]:
                del counts[top]
    return counts


def _straights_and_flushes(kept_at: list[int], pool_at: list[int], draw: int) -> Counter[int]:
    """Draws making five different ranks that form a straight or a flush, by top card.

    A straight flush is both, so it is counted once: straights, plus flushes,
    minus the straight flushes among them.
    """
    held = [p for p in range(13) if kept_at[p]]
    held_suits = {kept_at[p] for p in held}
    found: Counter[int] = Counter()
    for start in range(9):  # five ranks in a row (the ace only ever on top in 2-7)
        run = range(start, start + 5)
        if any(p not in run for p in held):
            continue
        missing = [p for p in run if not kept_at[p]]
        if len(missing) != draw:
            continue
        ways = 1
        for p in missing:
            ways *= pool_at[p].bit_count()
        found[start + 4] += ways
        if len(held_suits) <= 1:
            for i in range(4):
                suit = 1 << i
                if held_suits <= {suit} and all(pool_at[p] & suit for p in missing):
                    found[start + 4] -= 1  # this straight is a straight flush: counted below
    if len(held_suits) <= 1:
        top_held = max(held, default=NONE)
        for i in range(4):
            suit = 1 << i
            if not held_suits <= {suit}:
                continue
            free = [p for p in range(13) if not kept_at[p] and pool_at[p] & suit]
            for chosen in combinations(free, draw):
                found[max(top_held, *chosen) if chosen else top_held] += 1
    return found


def unseen_for(hand: Sequence[Card], dead: Sequence[Card]) -> tuple[Card, ...]:
    gone = set(hand) | set(dead)
    return tuple(c for c in DECK if c not in gone)
