"""What each choice of a spot wins: the coach's one model, for draws and bets alike.

First version: the previous coach's numbers behind the new interface (a
throw's exact one-draw score times the pot; a bet from a share of the pot).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .coach import THREAT, _cached_tallies, half_values, throw_values
from .spot import Spot
from .table import Action
from .throws import unseen_for


@dataclass(frozen=True)
class ValuedSpot:
    """Each choice's expected chips from here and its chance of winning (its share)."""

    values: dict[Action, float]
    shares: dict[Action, float]
    error: float  # standard error of the values, in chips
    samples: int
    model: str


def value_spot(spot: Spot, choices: Sequence[Action], *, seed: int = 0) -> ValuedSpot:
    profile = spot.profile
    if spot.decision == "draw":
        most = max(len(a.discards) for a in choices)
        by = {
            frozenset(t.discards): t.value
            for t in throw_values(profile, spot.cards, spot.dead, most)
        }
        values = {a: by[frozenset(a.discards)] * spot.pot for a in choices}
        shares = {a: by[frozenset(a.discards)] for a in choices}
        return ValuedSpot(values, shares, 0.0, 0, "one-draw score times the pot")
    unseen = unseen_for(spot.cards, spot.dead)
    now = half_values(profile, _cached_tallies(profile, spot.cards, 0, unseen))
    share = 0.0
    for _made, scored in now.values():
        win = 1.0
        for o in spot.opponents:
            threat = THREAT[min(o.drew[-1], 5)] if o.drew else 0.5
            win *= (1 - threat) + threat * scored if scored else (1 - threat) * 0
        share += win
    share /= len(now)
    p, c, b, n = spot.pot, spot.to_call, spot.bet, len(spot.opponents)
    values = {}
    for a in choices:
        if a.kind == "fold":
            values[a] = 0.0
        elif a.kind == "check":
            values[a] = share * p
        elif a.kind == "call":
            values[a] = share * (p + c) - c
        else:
            values[a] = share * (p + c) - c + b * (share * (n + 1) - 1)
    return ValuedSpot(values, dict.fromkeys(choices, share), 0.0, 0, "a share of the pot")
