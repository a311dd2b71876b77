"""The throws the last-draw solver lets each hand consider, and the draws each can bring.

Why a short list of throws: every throw of every hand multiplies the cards
the solver must deal, so each hand weighs only the throws a player would
think of (at most ``MOST_THROWS``, each of at most ``MOST_THROWN`` cards):

- standing pat;
- for a Badugi half, keeping the cards of the hand's best Badugi (read by
  the engine's ``badugi``) and throwing the rest;
- for a five-card low half, keeping one card of each rank at or below an
  eight (``LOW_KEEP_TOP``; in deuce-to-seven the ace is high, so it goes)
  and throwing the rest;
- in the split games, keeping only the cards both of those keeps share.

The draws a throw can bring are every set of replacement cards when there
are at most ``ENUMERATE_UP_TO`` of them (a one-card draw: 47 or 48), and
otherwise ``SAMPLED`` sets drawn at random without repeats, seeded by the
hand and the throw, so the same spot always deals the same cards. The
replacements come from the cards not in the hand; card removal against the
other seat is applied when the two seats' hands are paired.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from math import comb

from ..badugi import badugi
from ..cards import DECK, Card, format_cards
from ..profiles import GameProfile
from ..tables import position_ace_high, position_ace_low

MOST_THROWS = 4
MOST_THROWN = 3
LOW_KEEP_TOP = 8  # a low keeps its distinct cards up to an eight
ENUMERATE_UP_TO = 60
SAMPLED = 24


def sensible_throws(profile: GameProfile, cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The discards a hand considers, standing pat first, fewest cards first."""
    keeps: list[tuple[Card, ...]] = [tuple(cards)]
    by_half: list[tuple[Card, ...]] = []
    for kind in profile.awards:
        if kind == "badugi":
            keep = badugi(cards, ace_high=profile.badugi_ace_high).cards
        else:
            keep = _low_keep(cards, ace_high=kind == "deuce_to_seven")
        by_half.append(keep)
        keeps.append(keep)
    if len(by_half) == 2:
        keeps.append(tuple(c for c in by_half[0] if c in by_half[1]))
    most = min(profile.max_discard, MOST_THROWN)
    found: list[tuple[Card, ...]] = []
    for keep in keeps:
        thrown = tuple(c for c in cards if c not in keep)
        if len(thrown) <= most and thrown not in found:
            found.append(thrown)
    found.sort(key=len)
    return found[:MOST_THROWS]


def _low_keep(cards: Sequence[Card], *, ace_high: bool) -> tuple[Card, ...]:
    position = position_ace_high if ace_high else position_ace_low
    top = position(LOW_KEEP_TOP)
    kept: list[Card] = []
    for card in sorted(cards, key=lambda c: position(c.rank)):
        if position(card.rank) <= top and all(k.rank != card.rank for k in kept):
            kept.append(card)
    return tuple(kept)


def replacements(cards: Sequence[Card], thrown: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every set of replacement cards, or ``SAMPLED`` of them when there are too many."""
    unseen = [c for c in DECK if c not in cards]
    k = len(thrown)
    if comb(len(unseen), k) <= ENUMERATE_UP_TO:
        return list(combinations(unseen, k))
    rng = random.Random(f"draws:{format_cards(cards)}:{format_cards(thrown)}")
    chosen: set[tuple[Card, ...]] = set()
    while len(chosen) < SAMPLED:
        chosen.add(tuple(sorted(rng.sample(unseen, k), key=lambda c: c.index)))
    return sorted(chosen, key=lambda combo: [c.index for c in combo])


def throw_words(thrown: Sequence[Card]) -> str:
    """ "stand pat" or "throw K♣ 9♦": how a throw is named in answers."""
    return "stand pat" if not thrown else f"throw {format_cards(thrown)}"
