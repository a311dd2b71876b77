"""What an opponent can hold, given what it did: hands drawn from a player model's own choices.

Why sampled this way: the question "which hands take two cards, then one,
then one?" has no table, but a player model answers the opposite question
("with this hand, how many would it take?") directly. So each opponent's
possible hands are found by playing the model forward (sequential importance
resampling): deal many starting hands, let the model choose its throw at each
draw, keep only the hands whose throw matches what the opponent was seen to
take, refill the population by resampling the survivors, and deal the new
cards. What remains are hands weighted exactly as often as the model would
have reached the seen actions with them.

A pool is built once per (game, player model, draws seen) from a full deck
and remembered; a spot then drops the hands that hold a card the learner can
see (their own cards and discards), which conditions the pool on those cards
being elsewhere. The opponent's own discards are not tracked (nobody sees
them), so they may reappear in another sample's deck: a small looseness the
docs name.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ..cards import DECK, Card
from ..profiles import PROFILES
from .players import PERSONALITIES, SNOW_BELOW, STYLES, View, decide_draw
from .reading import keep_value

POOL = 300  # hands kept per pool: enough that the coach's samples rarely repeat one
POPULATION = "population"  # a player who is each of the three styles equally often
MAX_ROUNDS = 40  # fresh starts allowed when too few hands match the draws seen


@dataclass(frozen=True)
class Holding:
    """One hand an opponent may hold now, with the model that played it there."""

    cards: tuple[Card, ...]
    personality: str
    snowing: bool


def personalities_of(model: str) -> tuple[str, ...]:
    """The personalities a player model mixes: one, or every personality equally often."""
    if model == POPULATION:
        return STYLES
    if model not in PERSONALITIES:
        raise ValueError(f"unknown player model {model!r}")
    return (model,)


@lru_cache(maxsize=512)
def pool(game: str, model: str, drew: tuple[int, ...]) -> tuple[Holding, ...]:
    """Hands the model reaches while taking ``drew`` cards at its draws, from a full deck."""
    profile = PROFILES[game]
    rng = random.Random(f"range:{game}:{model}:{drew}")
    kinds = personalities_of(model)
    found: list[tuple[tuple[Card, ...], str, bool]] = []
    for _ in range(MAX_ROUNDS):
        particles = [
            (tuple(rng.sample(DECK, profile.hand_size)), kinds[i % len(kinds)], False)
            for i in range(POOL)
        ]
        for step, taken in enumerate(drew):
            draws_left = profile.draws - step
            survivors = []
            for cards, kind, snowing in particles:
                view = View(
                    profile,
                    0,
                    cards,
                    draws_left,
                    0,
                    0,
                    True,
                    False,
                    1,
                    (None,),
                    0,
                    snowing,
                    profile.max_discard,
                )
                thrown = decide_draw(PERSONALITIES[kind], view, rng)
                if len(thrown) != taken:
                    continue
                if (
                    not thrown
                    and step == 0
                    and keep_value(profile, cards, draws_left)[0] < SNOW_BELOW
                ):
                    snowing = True
                survivors.append((cards, kind, snowing, thrown))
            if not survivors:
                particles = []
                break
            particles = []
            for _ in range(POOL):
                cards, kind, snowing, thrown = rng.choice(survivors)
                kept = [c for c in cards if c not in thrown]
                fresh = rng.sample([c for c in DECK if c not in cards], len(thrown))
                particles.append((tuple(kept + fresh), kind, snowing))
        found.extend(particles)
        if len(found) >= POOL:
            break
    if not found:  # the model never plays like this: fall back on any hand (docs say so)
        found = [
            (tuple(rng.sample(DECK, profile.hand_size)), kinds[i % len(kinds)], False)
            for i in range(POOL)
        ]
    return tuple(Holding(cards, kind, snowing) for cards, kind, snowing in found[:POOL])


def holdings(
    game: str, model: str, drew: tuple[int, ...], blocked: frozenset[Card]
) -> tuple[Holding, ...]:
    """The pool without the hands holding a card the learner can see.

    A rare line (standing pat at every draw, say) leaves a pool of a few hands
    resampled many times; when the learner holds a card of each of them,
    nothing is left, and the range falls back on hands dealt from the cards
    the learner cannot see, as ``pool`` does when the model never plays the
    line at all (the coach once failed on such a spot).
    """
    found = tuple(h for h in pool(game, model, drew) if not blocked.intersection(h.cards))
    if found:
        return found
    rng = random.Random(f"range:{game}:{model}:{drew}:{sorted(c.index for c in blocked)}")
    free = [c for c in DECK if c not in blocked]
    kinds = personalities_of(model)
    size = PROFILES[game].hand_size
    return tuple(
        Holding(tuple(rng.sample(free, size)), kinds[i % len(kinds)], False) for i in range(POOL)
    )
