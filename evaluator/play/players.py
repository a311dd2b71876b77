"""The computer players: three personalities, each deciding from what a player can know.

A computer seat sees a ``View``: its own cards, the pot, what it costs to call,
how many opponents are left and how many cards each drew last, how many draws
remain. It never sees another seat's cards or the deck. Randomness comes from
a ``random.Random`` seeded by the hand's seed, the seat and the seat's own
decision count, so the same hand always plays the same way.

The rules, by personality (docs/play.md says them in words):

- every player reads its hand for each half (``reading``), keeps the set of
  cards with the best rough share, and so knows which half it plays for;
- the solid player bets and raises only with a share well above its fair
  share of the pot, calls when the share pays for the call, folds otherwise;
- the caller rarely bets or raises but calls nearly everything;
- the aggressor bets and raises its draws, bluffs now and then when checked
  to, and sometimes snows: stands pat on nothing on the first draw and
  keeps betting as if it had a hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from ..cards import Card
from ..profiles import GameProfile
from .reading import keep_candidates, keep_value

SNOW_BELOW = 0.12  # a rough share this low at the first draw is "nothing" to snow on


@dataclass(frozen=True)
class Personality:
    """How one kind of computer player bets; ``name`` and ``description`` are for the page."""

    key: str
    name: str
    description: str
    bet_edge: float  # bets when its share is at least this many times its fair share
    raise_edge: float  # raises a bet when its share is at least this many times the fair share
    call_slack: float  # calls when share >= call_slack * (the share the pot odds require)
    bluff: float  # chance of betting a weak hand when nobody has bet
    snow: float  # chance of standing pat on nothing at the first draw


PERSONALITIES: Mapping[str, Personality] = MappingProxyType(
    {
        p.key: p
        for p in (
            Personality(
                key="solid",
                name="Solid",
                description="Tight and careful: bets good hands and good draws, folds the rest.",
                bet_edge=1.3,
                raise_edge=1.7,
                call_slack=1.0,
                bluff=0.0,
                snow=0.0,
            ),
            Personality(
                key="caller",
                name="Caller",
                description="Loose and passive: calls with almost anything, seldom raises.",
                bet_edge=2.2,
                raise_edge=3.0,
                call_slack=0.35,
                bluff=0.0,
                snow=0.0,
            ),
            Personality(
                key="aggressor",
                name="Aggressor",
                description="Bets its draws, raises often and sometimes stands pat on nothing.",
                bet_edge=0.9,
                raise_edge=1.25,
                call_slack=0.8,
                bluff=0.2,
                snow=0.12,
            ),
        )
    }
)


@dataclass(frozen=True)
class View:
    """What one seat can know when it decides."""

    profile: GameProfile
    seat: int
    cards: tuple[Card, ...]
    draws_left: int  # draws still to come
    pot: int
    to_call: int  # chips a call adds (capped by the stack)
    can_check: bool
    can_raise: bool
    opponents: int  # live opponents
    opponent_last_draws: tuple[int | None, ...]  # cards each live opponent took last draw
    bets_this_round: int
    snowing: bool  # this seat stood pat on nothing earlier (its own memory)
    max_discards: int


def choose_keep(view: View) -> tuple[tuple[Card, ...], float]:
    """The cards worth keeping (at most ``max_discards`` thrown) and their rough share."""
    return _choose_keep(view.profile, view.cards, view.draws_left, view.max_discards)


@lru_cache(maxsize=1 << 17)
def _choose_keep(
    profile: GameProfile, cards: tuple[Card, ...], draws_left: int, max_discards: int
) -> tuple[tuple[Card, ...], float]:
    """Remembered: the coach's rollouts ask about the same hands again and again."""
    best: tuple[Card, ...] = cards
    best_value = -1.0
    for keep in keep_candidates(profile, cards, draws_left):
        if len(cards) - len(keep) > max_discards:
            continue
        value, _ = keep_value(profile, keep, draws_left)
        if value > best_value + 1e-9 or (abs(value - best_value) <= 1e-9 and len(keep) > len(best)):
            best, best_value = keep, value
    return best, best_value


def decide_draw(personality: Personality, view: View, rng: random.Random) -> tuple[Card, ...]:
    """The cards a computer seat throws (none: it stands pat)."""
    keep, value = choose_keep(view)
    first_draw = view.draws_left == view.profile.draws
    if view.snowing or (first_draw and value < SNOW_BELOW and rng.random() < personality.snow):
        return ()
    return tuple(c for c in view.cards if c not in keep)


def strength(view: View) -> float:
    """A rough share of the pot this seat expects, from its own cards and the draws seen.

    Opponents who stood pat are likely made, so they cut the share more than
    opponents still drawing; a snowing seat bets as if made.
    """
    if view.snowing:
        return 0.75
    return _strength(
        view.profile, view.cards, view.draws_left, view.opponent_last_draws, view.max_discards
    )


@lru_cache(maxsize=1 << 17)
def _strength(
    profile: GameProfile,
    cards: tuple[Card, ...],
    draws_left: int,
    opponent_last_draws: tuple[int | None, ...],
    max_discards: int,
) -> float:
    """Remembered, like ``_choose_keep``: the answer depends only on these arguments."""
    if draws_left > 0:
        keep, _ = _choose_keep(profile, cards, draws_left, max_discards)
        _, halves = keep_value(profile, keep, draws_left)
    else:
        _, halves = keep_value(profile, cards, 0)
    share = 0.0
    for value in halves.values():
        beat_all = value
        for drawn in opponent_last_draws:
            threat = 0.5 if drawn is None else (0.9, 0.55, 0.3, 0.15, 0.1, 0.1)[min(drawn, 5)]
            beat_all *= 1 - threat * (1 - min(1.0, value * 1.4))
        share += beat_all
    return share / len(halves)


def decide_bet(personality: Personality, view: View, rng: random.Random) -> str:
    """One of "fold", "check", "call", "bet", "raise" (the View says which are open)."""
    share = strength(view)
    fair = 1 / (view.opponents + 1)
    noise = rng.uniform(0.9, 1.1)
    aggressive = "bet" if view.bets_this_round == 0 else "raise"
    if view.can_raise:
        edge = personality.bet_edge if aggressive == "bet" else personality.raise_edge
        if share * noise >= edge * fair:
            return aggressive
        if view.can_check and rng.random() < personality.bluff:
            return aggressive
    if view.can_check:
        return "check"
    need = view.to_call / (view.pot + view.to_call)
    if share * noise >= personality.call_slack * need:
        return "call"
    return "fold"


def bet_chances(personality: Personality, view: View) -> dict[str, float]:
    """How often ``decide_bet`` takes each action in this view: its rule with the noise
    and the bluffs averaged out. The coach weighs an opponent's possible hands by these
    chances (a hand that would rarely have bet is an unlikely hand for a bettor); the
    tests hold them to ``decide_bet``'s own frequencies.
    """
    share = strength(view)
    fair = 1 / (view.opponents + 1)
    aggressive = "bet" if view.bets_this_round == 0 else "raise"

    def above(level: float) -> float:
        """P(share * noise >= level) for noise uniform on [0.9, 1.1]."""
        if share <= 0:
            return 1.0 if level <= 0 else 0.0
        t = level / share
        return min(1.0, max(0.0, (1.1 - t) / 0.2))

    chances: dict[str, float] = {}
    strong = 0.0
    if view.can_raise:
        edge = personality.bet_edge if aggressive == "bet" else personality.raise_edge
        strong = above(edge * fair)
        bluff = personality.bluff if view.can_check else 0.0
        chances[aggressive] = strong + (1 - strong) * bluff
    rest = 1 - chances.get(aggressive, 0.0)
    if view.can_check:
        chances["check"] = rest
        return chances
    need = view.to_call / (view.pot + view.to_call)
    call = above(personality.call_slack * need)
    chances["call"] = max(0.0, call - strong) if view.can_raise else call
    chances["fold"] = max(0.0, 1 - sum(chances.values()))
    return chances


def random_bet(kinds: Sequence[str], rng: random.Random) -> str:
    """A random legal betting action: the bench's yardstick for the coach."""
    return rng.choice(list(kinds))
