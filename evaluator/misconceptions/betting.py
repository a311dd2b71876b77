"""Raising: the totals each wrong idea about fixed-limit raises would give."""

from __future__ import annotations

from ..profiles import GameProfile
from .rules import Misconception, _first


def raise_beliefs(profile: GameProfile, betting_round: int, facing: int) -> dict[str, list[int]]:
    """The total a learner would give for a full raise under every wrong belief."""
    beliefs: dict[str, list[int]] = {}
    if betting_round >= profile.big_bet_from_round:
        beliefs["small-bet-late"] = [facing + profile.small_bet]
    else:
        beliefs["big-bet-early"] = [facing + profile.big_bet]
    beliefs["raise-by-not-to"] = [profile.bet_size(betting_round)]
    beliefs["raise-doubles-the-bet"] = [2 * facing]
    return beliefs


def raise_mistake(
    answer: int, profile: GameProfile, betting_round: int, facing: int
) -> Misconception | None:
    right = profile.full_raise_to(betting_round, facing)
    return _first(answer, raise_beliefs(profile, betting_round, facing).items(), right, profile)
