"""The computer players: three personalities, each deciding from what a player can know.

A computer seat sees a ``View``: its own cards, the pot, what it costs to call,
how many opponents are left and how many cards each drew last, how many draws
remain. It never sees another seat's cards or the deck. Randomness comes from
a ``random.Random`` seeded by the hand's seed, the seat and the seat's own
decision count, so the same hand always plays the same way.

The rules, by personality (docs/play.md says them in words):

- every player reads its hand for each half (``reading``), keeps the set of
  cards with the best rough share, and so knows which half it plays for;
- before the first draw each player ranks its hand among all the hands the
  game deals (``opening_rank``) and plays the share of them its style sets
  for the table's size (``STYLE_TARGETS``): how often it puts chips in
  voluntarily and how often it raises. A rough share of the pot is a poor
  guide this early (three draws to come make every hand look weak), and
  a rank hits the style's looseness at any table size;
- after the first draw, the solid player bets and raises only with a share well above its fair
  share of the pot, calls when the share pays for the call, folds otherwise;
- the caller rarely bets or raises but calls nearly everything;
- the aggressor bets and raises its draws, bluffs now and then when checked
  to, and sometimes snows: stands pat on nothing on the first draw and
  keeps betting as if it had a hand.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

from ..cards import DECK, Card
from ..profiles import GameProfile, get_profile
from .reading import keep_candidates, keep_value

SNOW_BELOW = 0.12  # a rough share this low at the first draw is "nothing" to snow on
OPENING_SAMPLE = 300  # random deals a game's opening ranks are measured against, once


@dataclass(frozen=True)
class StyleTarget:
    """A personality's looseness and aggression before the first draw at one table size.

    ``vpip``: the share of hands in which it puts chips in voluntarily (a call
    or a raise; posting a blind does not count, checking the big blind does
    not either). ``raises``: the share of hands in which it raises. Both are
    what ``bench.play`` measures, and the margin is the band it accepts.
    """

    vpip: float
    raises: float

    MARGIN = 0.08


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
    # Before the first draw: the share of dealt hands it enters and raises with, by
    # the number of players at the table (2 to 6), as in ``STYLE_TARGETS``.
    enters: tuple[float, float, float, float, float]
    opens_raising: tuple[float, float, float, float, float]
    # Facing a raise before the draw it keeps this share of the hands it would enter.
    against_raise: float
    # Heads-up only: in the last betting round it plays the solver's equilibrium mix
    # (``evaluator.play.equilibrium``); everywhere else these numbers decide.
    equilibrium: bool = False

    def entering(self, players: int) -> float:
        return self.enters[min(max(players, 2), 6) - 2]

    def raising(self, players: int) -> float:
        return self.opens_raising[min(max(players, 2), 6) - 2]


_STYLED: Mapping[str, Personality] = MappingProxyType(
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
                enters=(0.68, 0.48, 0.38, 0.32, 0.28),
                opens_raising=(0.32, 0.22, 0.17, 0.14, 0.12),
                against_raise=0.6,
            ),
            Personality(
                key="caller",
                name="Caller",
                description="Loose and passive: calls with almost anything, seldom raises.",
                bet_edge=2.2,
                raise_edge=3.0,
                call_slack=0.05,
                bluff=0.0,
                snow=0.0,
                enters=(0.98, 0.88, 0.85, 0.8, 0.76),
                opens_raising=(0.04, 0.04, 0.03, 0.03, 0.03),
                against_raise=0.9,
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
                enters=(0.88, 0.68, 0.6, 0.54, 0.5),
                opens_raising=(0.6, 0.42, 0.34, 0.3, 0.27),
                against_raise=0.75,
            ),
        )
    }
)


# The equilibrium player plays the solver's mix in the last betting round of a heads-up
# hand; before it, and whenever the solver has no answer, Solid's numbers decide, so the
# coach's model reads it as a Solid player.
PERSONALITIES: Mapping[str, Personality] = MappingProxyType(
    {
        **_STYLED,
        "equilibrium": replace(
            _STYLED["solid"],
            key="equilibrium",
            name="Equilibrium",
            description=(
                "Heads-up only: in the last betting round it plays the equilibrium mix the "
                "solver finds for its hand; before that it plays like Solid."
            ),
            equilibrium=True,
        ),
    }
)
# The personalities with a style of their own (the coach's population of players).
STYLES: tuple[str, ...] = tuple(_STYLED)
HEADS_UP_ONLY: tuple[str, ...] = tuple(k for k, p in PERSONALITIES.items() if p.equilibrium)

# Bets that come from outside a personality's numbers: the Equilibrium player's, from the
# solver. ``evaluator.play.equilibrium`` puts its rule here when ``evaluator.play`` loads,
# so the hand asks this table and never imports the solver (which reads hands itself).
# A rule answers None when it has nothing to say; the personality's numbers then decide.
BetRule = Callable[[Any, int, random.Random], str | None]
BET_RULES: dict[str, BetRule] = {}


# What each style should look like before the first draw, by the number of seats
# (docs/play.md has the same figures in a table; bench.play measures them). A
# seat in the big blind cannot put chips in voluntarily when nobody raises, so
# even the Caller's figure is well under its share of hands entered.
STYLE_TARGETS: Mapping[str, Mapping[int, StyleTarget]] = MappingProxyType(
    {
        "solid": {
            2: StyleTarget(0.40, 0.20),
            4: StyleTarget(0.30, 0.15),
            6: StyleTarget(0.25, 0.12),
        },
        "caller": {
            2: StyleTarget(0.60, 0.03),
            4: StyleTarget(0.70, 0.03),
            6: StyleTarget(0.65, 0.03),
        },
        "aggressor": {
            2: StyleTarget(0.60, 0.40),
            4: StyleTarget(0.55, 0.35),
            6: StyleTarget(0.45, 0.25),
        },
    }
)
# "Calls with almost anything": the Caller goes on (calls or raises) at least this
# often when it faces a bet, before the first draw and after it.
CALLER_GOES_ON = 0.7


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


def _opening_value(profile: GameProfile, cards: Sequence[Card]) -> float:
    """The rough share of the best keep of a dealt hand, with every draw to come."""
    best = 0.0
    for keep in keep_candidates(profile, cards, profile.draws):
        if len(cards) - len(keep) <= profile.max_discard:
            best = max(best, keep_value(profile, keep, profile.draws)[0])
    return best


@cache
def _opening_values(game: str) -> tuple[float, ...]:
    """The opening values of a fixed sample of random deals, sorted (measured once per game)."""
    profile = get_profile(game)
    rng = random.Random(f"openings:{game}")
    return tuple(
        sorted(
            _opening_value(profile, rng.sample(DECK, profile.hand_size))
            for _ in range(OPENING_SAMPLE)
        )
    )


def opening_rank(profile: GameProfile, cards: Sequence[Card]) -> float:
    """Where a dealt hand stands among the game's dealt hands: 0 the worst, near 1 the best."""
    values = _opening_values(profile.key)
    return bisect_left(values, _opening_value(profile, cards)) / len(values)


def decide_opening(personality: Personality, view: View, rng: random.Random) -> str:
    """A betting action before the first draw, from the hand's rank and the style's shares.

    A hand in the style's top ``raising`` share raises (at most once after
    another raise, unless it is in the top third of those); the top
    ``entering`` share calls; facing a raise only ``against_raise`` of that
    range goes on. A little noise keeps the same hand from always playing alike.
    """
    players = view.opponents + 1
    rank = min(1.0, max(0.0, opening_rank(view.profile, view.cards) + rng.uniform(-0.04, 0.04)))
    enter = personality.entering(players)
    raise_share = personality.raising(players)
    raised = view.bets_this_round >= 2  # the blind is the first bet
    if raised:
        enter *= personality.against_raise
        raise_share *= 0.35
    if view.can_raise and rank >= 1 - raise_share:
        return "raise" if view.bets_this_round else "bet"
    if view.can_check:
        return "check"
    if rank >= 1 - enter:
        return "call"
    return "fold"


def decide_bet(personality: Personality, view: View, rng: random.Random) -> str:
    """One of "fold", "check", "call", "bet", "raise" (the View says which are open)."""
    if view.draws_left == view.profile.draws:
        return decide_opening(personality, view, rng)
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
    if view.draws_left == view.profile.draws:
        return opening_chances(personality, view)
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


def opening_chances(personality: Personality, view: View) -> dict[str, float]:
    """How often ``decide_opening`` takes each action: its thresholds on the hand's rank,
    with the rank's noise (uniform, 0.04 either way) averaged out."""
    players = view.opponents + 1
    base = opening_rank(view.profile, view.cards)
    enter = personality.entering(players)
    raise_share = personality.raising(players)
    if view.bets_this_round >= 2:
        enter *= personality.against_raise
        raise_share *= 0.35

    def at_least(level: float) -> float:
        """P(rank >= level): the noisy rank is clipped to [0, 1], which only matters at 0."""
        if level <= 0:
            return 1.0
        return min(1.0, max(0.0, (base + 0.04 - level) / 0.08))

    chances: dict[str, float] = {}
    raised = at_least(1 - raise_share) if view.can_raise else 0.0
    if raised:
        chances["raise" if view.bets_this_round else "bet"] = raised
    if view.can_check:
        chances["check"] = 1 - raised
        return chances
    chances["call"] = max(0.0, at_least(1 - enter) - raised)
    chances["fold"] = max(0.0, 1 - raised - chances["call"])
    return chances


def random_bet(kinds: Sequence[str], rng: random.Random) -> str:
    """A random legal betting action: the bench's yardstick for the coach."""
    return rng.choice(list(kinds))
