"""Fixed-limit betting: what a full raise reaches, and whether a raise is allowed at all.

Easy items ask for the full raise in the small-bet rounds at the game's own
stakes (with a cap of three to five bets); medium ones use every round at
other stakes too, where from the
big-bet round on "raise by the small bet" is the usual slip; hard ones also
ask what a player may do near the cap, where the last raise may already be
made. Every item offers at least three choices: the right one and the slips
people make (``misconceptions.raise_beliefs``, a call, two raises), all
within the round's cap. Every answer comes from the table's profile
(``bet_size``, ``full_raise_to`` and ``raise_cap``).
"""

from __future__ import annotations

import random

from ..misconceptions import raise_beliefs
from ..profiles import PROFILES, GameProfile
from .base import DrillItem

GAMES = ("badacey", "badeucey", "badugi", "ace_to_five", "deuce_to_seven")
WHEN = {
    0: "before the first draw",
    1: "after the first draw",
    2: "after the second draw",
    3: "after the third draw",
}
# Items move between tables, so the numbers cannot be learnt by heart: these
# caps at every level, and from medium on these small bets (the big bet twice).
STAKES = (2, 5, 10, 15)
CAPS = (3, 4, 5)


def round_cap(profile: GameProfile, betting_round: int) -> int:
    return profile.raise_cap * profile.bet_size(betting_round)


def raise_allowed(profile: GameProfile, betting_round: int, facing: int) -> bool:
    """A raise is allowed while a full raise stays within the round's cap."""
    return profile.full_raise_to(betting_round, facing) <= round_cap(profile, betting_round)


def _table(rng: random.Random, game: str, difficulty: int) -> tuple[GameProfile, dict[str, int]]:
    """The table the item is played at: the game's own stakes on easy, others later."""
    profile = PROFILES[game]
    small = rng.choice((profile.small_bet, *STAKES)) if difficulty > 1 else profile.small_bet
    wanted = {"raise_cap": rng.choice(CAPS), "small_bet": small, "big_bet": 2 * small}
    settings = {k: v for k, v in wanted.items() if getattr(profile, k) != v}
    return profile.with_settings(**settings), settings


def raise_options(profile: GameProfile, betting_round: int, facing: int) -> list[int]:
    """The full raise and at least two totals a learner might mistake for it, within the cap.

    The wrong ones are the named slips first (the other round's unit, the
    raise "by" read as "to", doubling the bet), then a call and two raises;
    near the cap, where most of those would pass it, other whole bets fill in.
    """
    right = profile.full_raise_to(betting_round, facing)
    unit = profile.bet_size(betting_round)
    cap = round_cap(profile, betting_round)
    slips = [w for ws in raise_beliefs(profile, betting_round, facing).values() for w in ws]
    slips += [facing, right + unit, *(k * unit for k in range(1, profile.raise_cap + 1))]
    options = [right]
    for total in slips:
        if 0 < total <= cap and total not in options and len(options) < 4:
            options.append(total)
    return sorted(options)


def _limits(profile: GameProfile) -> str:
    start = WHEN.get(profile.big_bet_from_round, f"in round {profile.big_bet_from_round + 1}")
    return (
        f"{profile.name}, fixed limit: bets of {profile.small_bet} at first and of "
        f"{profile.big_bet} from the betting {start}, at most {profile.raise_cap} bets a round."
    )


def make(rng: random.Random, game: str, difficulty: int) -> DrillItem:
    profile, settings = _table(rng, game, difficulty)
    # Easy items stay in the small-bet rounds; later ones use every round.
    last = profile.big_bet_from_round - 1 if difficulty == 1 else profile.draws
    betting_round = rng.randint(0, max(0, min(last, profile.draws)))
    unit = profile.bet_size(betting_round)
    when = WHEN.get(betting_round, f"in betting round {betting_round + 1}")
    if difficulty == 3 and rng.random() < 0.6:
        bets = rng.randint(max(1, profile.raise_cap - 2), profile.raise_cap)
        facing = bets * unit
        total = profile.full_raise_to(betting_round, facing)
        other = facing + (profile.small_bet if unit == profile.big_bet else profile.big_bet)
        options = [
            f"Raise to {total}",
            f"Raise to {other}",
            f"Only call the {facing} or fold: the round is capped",
        ]
        return DrillItem(
            kind="betting",
            game=game,
            seed=0,
            difficulty=difficulty,
            title="May he raise?",
            prompt=(
                f"{_limits(profile)} This round {bets} bet{'s' * (bets > 1)} of {unit} "
                f"{'have' if bets > 1 else 'has'} been made, {facing} chips in all."
            ),
            parts=[
                {
                    "kind": "choice",
                    "question": f"Bram faces a bet of {facing} {when}. What may he do?",
                    "options": options,
                    "answer": 0 if raise_allowed(profile, betting_round, facing) else 2,
                }
            ],
            settings=settings,
            facts={"round": betting_round, "facing": facing},
        )
    facing = rng.randint(1, profile.raise_cap - 1) * unit
    return DrillItem(
        kind="betting",
        game=game,
        seed=0,
        difficulty=difficulty,
        title="What is a full raise here?",
        prompt=f"{_limits(profile)} Bram faces a bet of {facing} {when}.",
        parts=[
            {
                "kind": "raise_to",
                "round": betting_round,
                "facing": facing,
                "options": raise_options(profile, betting_round, facing),
            }
        ],
        settings=settings,
        facts={"round": betting_round, "facing": facing},
    )
