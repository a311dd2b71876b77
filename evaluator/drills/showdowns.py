"""Hands for a showdown drill: a mix of split halves, tied halves and scoops.

Dealt at random, two to six Badacey hands nearly always give one player
both halves, and a tie is rarer still, yet split and shared halves are what
these games are about. So from medium on, an item is built to one of three
shapes, each checked on the engine's own settlement:

- a tie (about three items in ten): the winner of one award gets a twin, a
  hand of the same ranks in other suits, so that award (often both) is shared;
- a split (about three in ten, split-pot games only): hands are dealt until
  the halves go to different players;
- anything else: hands scored as before, a scoop or a close call preferred.

Easy items are dealt as they come. The winners and payouts drills both deal
their cards here, so the two drills teach the same mix.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import permutations

from ..cards import DECK, SUITS, Card
from ..profiles import GameProfile
from ..settlement import Settlement, settle
from .base import TRIES, best_of, deal_hands

Hands = list[tuple[Card, ...]]
TIE_SHARE = 0.3
SPLIT_SHARE = 0.3
_CARD = {(card.rank, card.suit): card for card in DECK}


def teaching_hands(rng: random.Random, profile: GameProfile, count: int, difficulty: int) -> Hands:
    """``count`` hands for a showdown, in the mix the difficulty asks for."""
    if difficulty == 1:
        return deal_hands(rng, count, profile.hand_size)
    style = rng.random()
    if style < TIE_SHARE:
        return _tied(rng, profile, count)
    if profile.is_split and style < TIE_SHARE + SPLIT_SHARE:
        return _until(rng, profile, count, halves_split)
    hands: Hands = best_of(
        rng, difficulty, lambda: deal_hands(rng, count, profile.hand_size), _score(profile)
    )
    return hands


def showdown(profile: GameProfile, hands: Hands) -> Settlement:
    """Every hand shown down for an empty pot: who wins each award, nothing more."""
    return settle(profile, hands, pot=0)


def halves_split(result: Settlement) -> bool:
    """Different players win the awards of a pot, or some award is shared."""
    return any(
        len({a.winners for a in pot.awards}) > 1 or any(len(a.winners) > 1 for a in pot.awards)
        for pot in result.pots
        if pot.awards[0].kind != "uncontested"
    )


def award_tied(result: Settlement) -> bool:
    return any(len(a.winners) > 1 for pot in result.pots for a in pot.awards)


def _score(profile: GameProfile) -> Callable[[Hands], int]:
    def score(hands: Hands) -> int:
        awards = showdown(profile, hands).pots[0].awards
        if any(len(a.winners) > 1 for a in awards):
            return 3
        winners = {w for a in awards for w in a.winners}
        if len(awards) > 1 and len(winners) == 1:
            return 3  # a scoop
        return 2 if len(winners) > 1 else 1

    return score


def _until(
    rng: random.Random, profile: GameProfile, count: int, wanted: Callable[[Settlement], bool]
) -> Hands:
    """Deal until the showdown is of the shape wanted (the last deal if none is, in time)."""
    hands = deal_hands(rng, count, profile.hand_size)
    for _ in range(TRIES):
        if wanted(showdown(profile, hands)):
            break
        hands = deal_hands(rng, count, profile.hand_size)
    return hands


def _tied(rng: random.Random, profile: GameProfile, count: int) -> Hands:
    """A deal where one award's winner has a twin: the same ranks in other suits.

    The twin keeps the winner's suit pattern (its suits are renamed), so it
    reads exactly like the winner in every award; for a low it may instead
    take fresh suits, which ties the low but usually not the Badugi.
    """
    hands = deal_hands(rng, count, profile.hand_size)
    for _ in range(TRIES):
        awards = showdown(profile, hands).pots[0].awards
        award = rng.choice(awards)
        winner = award.winners[0]
        loser = rng.choice([s for s in range(count) if s != winner])
        used = {c for s, hand in enumerate(hands) if s != loser for c in hand}
        fresh_suits = award.kind != "badugi" and rng.random() < 0.5
        twin = _twin(rng, hands[winner], used, fresh_suits)
        if twin is not None:
            tied = [twin if s == loser else hand for s, hand in enumerate(hands)]
            if award_tied(showdown(profile, tied)):
                return tied
        hands = deal_hands(rng, count, profile.hand_size)
    return hands


def _twin(
    rng: random.Random, hand: tuple[Card, ...], used: set[Card], fresh_suits: bool
) -> tuple[Card, ...] | None:
    """The ranks of ``hand`` in other suits, from cards not ``used``; None if none is free."""
    if fresh_suits:
        picked: list[Card] = []
        for card in hand:
            free = [_CARD[card.rank, s] for s in SUITS if _CARD[card.rank, s] not in used]
            if not free:
                return None
            pick = rng.choice(free)
            used = used | {pick}
            picked.append(pick)
        return tuple(picked)
    renamings = [p for p in permutations(SUITS) if p != tuple(SUITS)]
    rng.shuffle(renamings)
    for renaming in renamings:
        rename = dict(zip(SUITS, renaming, strict=True))
        twin = tuple(_CARD[card.rank, rename[card.suit]] for card in hand)
        if not used & set(twin):
            return twin
    return None
