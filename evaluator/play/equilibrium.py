"""The equilibrium player's betting in the last round of a heads-up hand.

Why a mirror of the hand: the solver answers for the learner's seat of a hand
(``evaluator.solver.advice_for``). To ask it for a computer seat, the same
settings are rebuilt as a table of two people with that seat as the learner,
and every action so far is replayed on it (``LiveHand.moves``): the same
deck, the same cards, the same history. Both seats' ranges then come from the
solver's reading of a Solid player (its model for a person), whoever really
sits there, so the bot plays the same whichever chair it has and whoever it
meets.

The mix is sampled with the decision's own seeded generator, and the solve
is deterministic, so a replay of the hand takes the same choice again. The
solve is cached by the solver (the same spot asked twice is solved once).
When no equilibrium fits (more than two players, a short stack, an all-in
line), the caller falls back to Solid's rule.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from .players import BET_RULES

if TYPE_CHECKING:  # the hand module imports this one
    from .hand import LiveHand


def equilibrium_bet(hand: LiveHand, seat: int, rng: random.Random) -> str | None:
    """The betting action ``seat`` takes from the equilibrium mix, or None when none fits."""
    settings = hand.settings
    if settings.seats != 2 or hand.phase != "bet" or hand.draws_left != 0:
        return None
    if hand.to_act != seat:
        return None
    from ..solver import advice_for  # the solver imports the hand module
    from .hand import LiveHand

    mirror_settings = replace(settings, learner_seat=seat, personalities=(None,) * settings.seats)
    mirror = LiveHand.replay(mirror_settings, hand.moves)
    advice = advice_for(mirror)
    if advice is None:
        return None
    return pick(advice.mix, {a.kind for a in mirror.legal_actions()}, rng)


def pick(mix: dict[str, float], legal: set[str], rng: random.Random) -> str | None:
    """One action drawn from ``mix`` (its keys in a fixed order); None if it is not legal."""
    kinds = sorted(k for k, p in mix.items() if p > 0)
    if not kinds:
        return None
    total = sum(mix[k] for k in kinds)
    point = rng.random() * total
    chosen = kinds[-1]
    for kind in kinds:
        point -= mix[kind]
        if point < 0:
            chosen = kind
            break
    return chosen if chosen in legal else None


BET_RULES["equilibrium"] = equilibrium_bet
