"""The iterations' whole-array plan computes the same values as the general walk.

``RoundGame.iterate`` updates regrets from ``round_plan.action_values``;
everything reported comes from ``RoundGame.walk``. Both must give each
action the same counterfactual value, on every game's tree shape and for
either seat acting first.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from evaluator import DECK, format_cards, get_profile
from evaluator.solver.betting_tree import betting_tree
from evaluator.solver.hand_matrix import hand_matrix
from evaluator.solver.ranges_input import read_range
from evaluator.solver.round_cfr import RoundGame
from evaluator.solver.round_plan import Products, action_values, opponent_sequences, strategy


def random_range(game: str, size: int, rng: random.Random) -> list[str]:
    hand_size = get_profile(game).hand_size
    found: set[tuple[int, ...]] = set()
    while len(found) < size:
        found.add(tuple(sorted(rng.sample(range(52), hand_size))))
    return [format_cards(DECK[i] for i in hand) for hand in sorted(found)]


@pytest.mark.parametrize(
    "game, cap, first", [("badugi", 4, 0), ("badacey", 3, 1), ("deuce_to_seven", 1, 1)]
)
def test_the_plan_and_the_walk_give_every_action_the_same_value(game, cap, first):
    profile = get_profile(game)
    rng = random.Random(f"plan:{game}")
    ranges = (
        read_range(profile, 0, random_range(game, 30, rng)),
        read_range(profile, 1, random_range(game, 25, rng)),
    )
    solved = RoundGame(betting_tree(3, cap, first), hand_matrix(profile, ranges), 10)
    for _ in range(7):  # strategies that are neither even nor pure
        solved.iterate()
    solved.entry = [np.linspace(0.2, 1.0, 30), np.linspace(1.0, 0.5, 25)]
    plans = solved._plans
    mixes = [strategy(plans[s], solved._regrets[s]) for s in (0, 1)]
    for seat in (0, 1):
        plan = plans[seat]
        sequences = opponent_sequences(plan, solved.entry[1 - seat], mixes[1 - seat])
        values, history = action_values(plan, solved._fast[seat], sequences, mixes[seat])

        columns = {
            node.index: cols
            for plan_ in plans
            for node, cols in zip(plan_.nodes, plan_.columns, strict=True)
        }

        def policy(node, mixes=mixes, columns=columns):
            a, b = columns[node.index]
            return mixes[node.actor][:, a:b]

        walked = solved.walk(seat, solved.reaches(1 - seat, policy), policy, fast=True)
        scale = np.abs(history).max()
        for p, node in enumerate(plan.nodes):
            a, _ = plan.columns[p]
            for k, (_, child) in enumerate(node.children):
                assert np.allclose(values[:, a + k], walked[child], atol=1e-5 * scale)
            assert np.allclose(history[:, p], walked[node.index], atol=1e-5 * scale)
        start = history[:, 0] if plan.starts_here else values[:, -1]
        if not plan.starts_here:
            start = start + sum(history[:, q] for q in plan.below_start)
        assert np.allclose(start, walked[0], atol=1e-5 * scale)


@pytest.mark.parametrize("game", ["badugi", "ace_to_five", "badacey"])
def test_the_banded_products_equal_the_plain_ones(game):
    profile = get_profile(game)
    rng = random.Random(f"bands:{game}")
    ranges = (
        read_range(profile, 0, random_range(game, 230, rng)),
        read_range(profile, 1, random_range(game, 210, rng)),
    )
    matrix = hand_matrix(profile, ranges)
    x = np.random.default_rng(7).random((210, 6)).astype(np.float32)
    products = Products(matrix.meet, matrix.win)
    # One winner per showdown orders the hands: the bands are used there.
    assert bool(products.bands) == (len(profile.awards) == 1)
    met, won = products(x)
    assert np.allclose(met, matrix.meet @ x, rtol=1e-4, atol=1e-9)
    assert np.allclose(won, matrix.win @ x, rtol=1e-4, atol=1e-9)
