"""Every throw a hand could make before a draw, valued exactly.

Why a walk over ranks instead of dealing the draws: a five-card throw in a
five-card game draws from about 47 unseen cards, 1.5 million possible draws,
too many to deal one by one within a page's time. What decides the coach's
targets, though, is only which ranks and suits the final hand holds, so the
draws are counted rank by rank (lowest first in the game's ace order),
choosing which of the unseen cards of each rank arrive and carrying a small
summary of the hand so far:

- the sets of suits that distinct ranks already cover (a four-card Badugi
  exists once all four suits are covered by four different ranks), and the
  rank at which that first happens, which is the Badugi's top card;
- for a five-card low: whether a rank repeats (no low then), the highest
  rank so far (its top card), and for deuce-to-seven the lowest rank and
  whether every card shares one suit (a straight or a flush is no low).

Each choice of cards is one draw, so the counts are exact (every draw equally
likely, nothing sampled, no table of approximations) and the same numbers as
dealing every draw; the tests hold them to ``evaluator.odds``. The result is
the joint count of the final Badugi top and low top, from which any target
("a nine-high Badugi or better") is a sum.
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
    """Add one rank holding ``suits`` to a family of matchable suit sets (a 16-bit mask)."""
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
    """How many draws end with each (Badugi top, low top); -1 where the half is not made."""

    counts: Counter[tuple[int, int]]
    total: int

    def chance(self, badugi_top: int | None = None, low_top: int | None = None) -> float:
        """The chance of reaching both named targets (positions; None: that half is ignored)."""
        hits = 0
        for (b, lo), n in self.counts.items():
            if badugi_top is not None and not 0 <= b <= badugi_top:
                continue
            if low_top is not None and not 0 <= lo <= low_top:
                continue
            hits += n
        return hits / self.total


def ace_high(profile: GameProfile) -> bool:
    """Both halves of every profile read the ace the same way: high in Badeucey and 2-7."""
    return profile.badugi_ace_high or "deuce_to_seven" in profile.awards


def tally_throw(
    profile: GameProfile,
    kept: Sequence[Card],
    draw: int,
    unseen: Sequence[Card],
    *,
    halves: tuple[str, ...] = ("badugi", "low"),
) -> Tally:
    """Count every draw of ``draw`` cards from ``unseen`` by what the final hand makes.

    ``halves`` says which halves to follow ("badugi", "low"): following one
    at a time is much quicker in the split games, and enough whenever only
    each half's own chances are wanted (the other key is then -1).
    """
    pos = position_ace_high if ace_high(profile) else position_ace_low
    has_badugi = "badugi" in profile.awards and "badugi" in halves
    low = next((k for k in profile.awards if k != "badugi"), None) if "low" in halves else None
    d27 = low == "deuce_to_seven"
    kept_at = [0] * 13
    pool_at = [0] * 13
    for card in kept:
        kept_at[pos(card.rank)] |= 1 << SUITS.index(card.suit)
    for card in unseen:
        pool_at[pos(card.rank)] |= 1 << SUITS.index(card.suit)
    # A state: (drawn, family, badugi_top, low_alive, low_top, low_first, low_suit)
    start = (0, 1, NONE, 1 if low else 0, NONE, NONE, NONE)
    states: dict[tuple[int, ...], int] = {start: 1}
    left = sum(bin(m).count("1") for m in pool_at)
    for p in range(13):
        k_mask, a_mask = kept_at[p], pool_at[p]
        left -= bin(a_mask).count("1")
        if not k_mask and not a_mask:
            continue
        k_size = bin(k_mask).count("1")
        nxt: dict[tuple[int, ...], int] = {}
        choices = _suit_subsets(a_mask)
        for (n, fam, btop, alive, ltop, lfirst, lsuit), ways in states.items():
            for s_mask, s_size in choices:
                m = n + s_size
                if m > draw or m + left < draw:
                    continue
                here = k_mask | s_mask
                if not here:
                    key = (m, fam, btop, alive, ltop, lfirst, lsuit)
                    nxt[key] = nxt.get(key, 0) + ways
                    continue
                f2, b2 = fam, btop
                if has_badugi and b2 == NONE:
                    f2 = _grow(fam, here)
                    if f2 >> FULL & 1:
                        b2, f2 = p, 0
                a2, t2, first2, suit2 = alive, ltop, lfirst, lsuit
                if a2:
                    if k_size + s_size > 1:
                        a2, t2, first2, suit2 = 0, NONE, NONE, NONE
                    else:
                        t2 = p
                        if d27:
                            first2 = p if first2 == NONE else first2
                            suit2 = here if suit2 in (NONE, here) else 0
                key = (m, f2, b2, a2, t2, first2, suit2)
                nxt[key] = nxt.get(key, 0) + ways
        states = nxt
    counts: Counter[tuple[int, int]] = Counter()
    for (n, _fam, btop, alive, ltop, lfirst, lsuit), ways in states.items():
        if n != draw:  # pragma: no cover - pruned above
            continue
        made_low = NONE
        if alive and low:
            straight = d27 and ltop - lfirst == 4
            flush = d27 and lsuit not in (NONE, 0)
            if not straight and not flush:
                made_low = ltop
        counts[(btop if has_badugi else NONE, made_low)] += ways
    total = comb(len(unseen), draw)
    assert sum(counts.values()) == total
    return Tally(counts, total)


def unseen_for(hand: Sequence[Card], dead: Sequence[Card]) -> tuple[Card, ...]:
    gone = set(hand) | set(dead)
    return tuple(c for c in DECK if c not in gone)
