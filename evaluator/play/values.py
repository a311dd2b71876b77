"""What each choice of a spot wins: the coach's one model, for draws and bets alike.

A choice's value is the chips it brings back on average from now to the end
of the hand (``rollout``): the opponents' hands drawn from what they can hold
given the cards they took (``ranges``), the rest of the hand played out by
the stated player models, the pot divided by the settlement path. Folding is
worth 0 (nothing more goes in, nothing comes back).

Sampling: every choice is played against the same deals (common random
numbers), so the differences between choices, which is all a grade uses,
carry far less noise than the values themselves. A draw has up to 32 throws:
all are first played against a short run of deals, and the few best of them
then against the full run, so the time goes where the grade is decided.
``error`` is the largest standard error of a difference between the best
choice and another fully sampled choice; docs/play.md gives the numbers.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

from ..cards import DECK, Card
from .players import PERSONALITIES, View, bet_chances
from .ranges import POPULATION, Holding, holdings
from .reading import keep_candidates
from .rollout import Deal, Setting, deal, play
from .spot_data import Spot
from .table import Action

# How many deals each choice is played against (docs/play.md, "The numbers").
# A budget of work units, one unit being one opponent (or the learner) playing one
# betting round of one rollout; the deals per choice follow from it.
BUDGET = 10_000  # "ask the coach": about a second on a quiet two-core machine
TABLE_BUDGET = 3_000  # grading a table action, which must stay quick
MIN_DEALS = 200
MAX_DEALS = 3_000
SCREEN_DEALS = 16  # a draw: every throw against this many deals first...
DRAW_FINALISTS = 5  # ...then the best few by that (and the throws a player weighs) in full
MODEL_WORDS = {
    POPULATION: "a player who is solid, a caller or an aggressor equally often",
}


@dataclass(frozen=True)
class ValuedSpot:
    """Each choice's expected chips from here and its chance of winning (its share)."""

    values: dict[Action, float]
    shares: dict[Action, float]  # the final hand's share of a showdown against everyone in now
    alone: dict[Action, float]  # the chance every opponent folds to the choice before a showdown
    error: float  # largest standard error of a difference from the best, in chips
    samples: int
    model: str


def setting_of(spot: Spot, learner_drew: Sequence[int] | None = None) -> Setting:
    """The public facts of the spot, as the rollouts read them."""
    profile = spot.profile
    done = profile.draws - spot.draws_left
    if learner_drew:
        mine: int | None = learner_drew[-1]
    else:
        mine = None if done == 0 else 1  # unknown: taken as one card
    last = tuple(o.drew[-1] if o.drew else None for o in spot.opponents)
    return Setting(
        profile=profile,
        decision=spot.decision,
        cards=spot.cards,
        dead=spot.dead,
        draws_left=spot.draws_left,
        pot=spot.pot,
        to_call=spot.to_call,
        bet=spot.bet,
        big_bet=spot.big_bet,
        raises_left=spot.raises_left,
        after=tuple(o.acts_after for o in spot.opponents),
        drawn_now=tuple(len(o.drew) > done for o in spot.opponents),
        last_draws=(mine, *last),
    )


def seen_this_round(spot: Spot) -> tuple[tuple[str, ...], ...]:
    """What each opponent did earlier in this betting round, as far as a spot tells it.

    A spot does not say who bet, so facing a bet the first opponent acting
    before the learner is taken as the bettor and the others before the
    learner as callers; with a free check, they all checked. Opponents acting
    after the learner have not acted yet. A draw decision has no betting round.
    """
    if spot.decision != "bet":
        return tuple(() for _ in spot.opponents)
    found: list[tuple[str, ...]] = []
    bettor_named = False
    for o in spot.opponents:
        if o.acts_after:
            found.append(())
        elif spot.to_call == 0:
            found.append(("check",))
        elif not bettor_named:
            found.append(("bet",))
            bettor_named = True
        else:
            found.append(("call",))
    return tuple(found)


def _likelihood(
    spot: Spot, setting: Setting, o: int, holding: Holding, actions: tuple[str, ...]
) -> float:
    """How likely the opponent's model is to have taken ``actions`` with this hand."""
    weight = 1.0
    others = tuple(d for q, d in enumerate(setting.last_draws) if q != o + 1)
    for kind in actions:
        facing = kind in ("call", "raise", "fold")
        view = View(
            spot.profile,
            o + 1,
            holding.cards,
            spot.draws_left,
            spot.pot,
            spot.bet if facing else 0,
            not facing,
            True,
            len(spot.opponents),
            others,
            1 if facing else 0,
            holding.snowing,
            0,
        )
        chances = bet_chances(PERSONALITIES[holding.personality], view)
        if kind == "call":
            weight *= chances.get("call", 0.0) + chances.get("raise", 0.0)
        else:
            weight *= chances.get(kind, 0.0)
    return weight


def _deals(
    spot: Spot,
    setting: Setting,
    models: Sequence[str],
    count: int,
    seed: int,
    actions: Sequence[tuple[str, ...]],
) -> list[Deal]:
    blocked = frozenset(spot.cards) | frozenset(spot.dead)
    pools = []
    for o, (model, opponent) in enumerate(zip(models, spot.opponents, strict=True)):
        pool = holdings(spot.game, model, opponent.drew, blocked)
        weights = [_likelihood(spot, setting, o, h, actions[o]) for h in pool]
        if sum(weights) <= 0:  # no hand of the model acts like this: every hand alike
            weights = [1.0] * len(pool)
        pools.append((pool, list(accumulate(weights))))
    rng = random.Random(f"deals:{seed}")
    found = []
    for index in range(count):
        chosen: list[Holding] = []
        used: set[Card] = set()
        for pool, cumulative in pools:
            pick = None
            for _ in range(50):
                candidate = rng.choices(pool, cum_weights=cumulative)[0]
                if not used.intersection(candidate.cards):
                    pick = candidate
                    break
            if pick is None:  # the other hands took its cards: any hand of the pool that fits
                fits = [h for h in pool if not used.intersection(h.cards)]
                pick = rng.choice(fits) if fits else _any_hand(spot, used | blocked, pool, rng)
            used.update(pick.cards)
            chosen.append(pick)
        found.append(deal(setting, chosen, index, seed))
    return found


def _any_hand(
    spot: Spot, used: set[Card] | frozenset[Card], pool: Sequence[Holding], rng: random.Random
) -> Holding:
    """A random hand from the cards nobody holds, when no hand of the range fits (rare)."""
    free = [c for c in DECK if c not in used]
    like = pool[0] if pool else Holding((), POPULATION, False)
    kind = like.personality if like.personality != POPULATION else "solid"
    return Holding(tuple(rng.sample(free, spot.profile.hand_size)), kind, False)


def value_spot(
    spot: Spot,
    choices: Sequence[Action],
    *,
    seed: int = 0,
    models: Sequence[str] | None = None,
    learner_drew: Sequence[int] | None = None,
    round_actions: Sequence[tuple[str, ...]] | None = None,
    budget: int = BUDGET,
    must: Sequence[Action] = (),
    every_throw: bool = True,
) -> ValuedSpot:
    """Value every choice by playing it against the same sampled deals.

    ``models`` names each opponent's player model (a personality key at the
    table, the population mix when not given); ``round_actions`` what each
    opponent did earlier in this betting round (read from the spot when not
    given), which weighs its possible hands; ``budget`` bounds the work (the
    table uses less than "ask the coach"); ``must`` lists choices a draw always
    plays in full (the table: the learner's own throw); ``every_throw`` False values
    only those and the throws a player weighs (the table needs no more).
    """
    models = tuple(models) if models else (POPULATION,) * len(spot.opponents)
    setting = setting_of(spot, learner_drew)
    unit = (1 + spot.draws_left) * (1 + len(spot.opponents))
    if spot.decision == "bet":
        full = budget // (unit * len(choices))
        screen = full = max(MIN_DEALS // 4, min(MAX_DEALS, full))
        finalists: list[Action] = list(choices)
    else:
        finalists = _weighed_throws(spot, choices, must)
        if not every_throw:  # the table grades one throw: the others need no value
            choices = finalists
        screen = SCREEN_DEALS if len(choices) > len(finalists) else 0
        left = budget - screen * unit * len(choices)
        full = max(
            MIN_DEALS // 4, min(MAX_DEALS, left // (unit * (len(finalists) + DRAW_FINALISTS)))
        )
    actions = tuple(round_actions) if round_actions is not None else seen_this_round(spot)
    deals = _deals(spot, setting, models, full, seed, actions)
    results: dict[Action, list[tuple[float, float, float]]] = {}
    for choice in choices:
        if choice not in finalists:
            results[choice] = [play(setting, d, choice, seed) for d in deals[:screen]]
    ranked = sorted(results, key=lambda a: -_mean(results[a]))
    for choice in [*finalists, *ranked[:DRAW_FINALISTS]]:
        done = results.get(choice, [])
        results[choice] = done + [play(setting, d, choice, seed) for d in deals[len(done) :]]
    while True:  # a throw valued on the screening deals only may not end up on top
        top = max(results, key=lambda a: _mean(results[a]))
        if len(results[top]) == len(deals):
            break
        done = results[top]
        results[top] = done + [play(setting, d, top, seed) for d in deals[len(done) :]]
    values = {a: _mean(r) for a, r in results.items()}
    shares = {a: sum(x[1] for x in r) / len(r) for a, r in results.items()}
    alone = {a: sum(x[2] for x in r) / len(r) for a, r in results.items()}
    best = max(values, key=lambda a: values[a])
    error = 0.0
    for choice, found in results.items():
        if choice is best or len(found) < len(deals):
            continue
        diffs = [b[0] - c[0] for b, c in zip(results[best], found, strict=True)]
        error = max(error, _standard_error(diffs))
    described = sorted({MODEL_WORDS.get(m, f"the {m} player") for m in models})
    model = (
        f"Each choice played to the end of the hand against the same {full} deals"
        + (
            f" (throws that screen badly against the first {screen} only)"
            if screen < full and spot.decision == "draw" and len(results) > len(finalists)
            else ""
        )
        + ": the "
        f"opponents' hands drawn from what they could hold after the cards they took, "
        f"every opponent playing as {' or '.join(described)}, your later draws and bets "
        "played as a solid player would."
    )
    return ValuedSpot(values, shares, alone, error, full, model)


def _weighed_throws(spot: Spot, choices: Sequence[Action], must: Sequence[Action]) -> list[Action]:
    """The throws a player would weigh (standing pat, the best keeps for each half and for
    both, ``reading.keep_candidates``): always played in full, whatever the screen says."""
    wanted: set[frozenset[Card]] = {frozenset(a.discards) for a in must} | {frozenset()}
    for keep in keep_candidates(spot.profile, spot.cards, spot.draws_left):
        wanted.add(frozenset(c for c in spot.cards if c not in keep))
    return [a for a in choices if frozenset(a.discards) in wanted]


def _mean(found: Sequence[tuple[float, float, float]]) -> float:
    return sum(x[0] for x in found) / len(found)


def _standard_error(xs: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return 0.0
    mean = sum(xs) / n
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)
