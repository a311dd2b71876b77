"""The last-round solver against answers known without it.

Every expectation is derived here from the rules (a closed-form equilibrium,
a dominated action, all pure strategies tried one by one with the engine's
``settle`` paying each showdown), never copied from a run of the solver.
"""

from __future__ import annotations

import itertools
import random

import pytest

from evaluator import DECK, format_cards, get_profile, parse_cards, settle
from evaluator.errors import EvaluatorError
from evaluator.solver import solve_spot
from evaluator.solver.betting_tree import betting_tree
from evaluator.solver.hand_matrix import hand_matrix, share_matrix, strengths
from evaluator.solver.ranges_input import read_range
from evaluator.solver.round_cfr import RoundGame

GAMES = ("badacey", "badeucey", "badugi", "ace_to_five", "deuce_to_seven")

NUTS = "A♠ 2♥ 3♦ 4♣"  # the best Badugi
AIR = "K♠ K♥ K♦ K♣"  # a one-card Badugi: loses to every four-card hand
CATCHER = "5♠ 6♥ 7♦ 8♣"  # beats the air, loses to the nuts


def random_range(game: str, size: int, rng: random.Random) -> list[str]:
    hand_size = get_profile(game).hand_size
    found: set[tuple[int, ...]] = set()
    while len(found) < size:
        found.add(tuple(sorted(rng.sample(range(52), hand_size))))
    return [format_cards(DECK[i] for i in hand) for hand in sorted(found)]


def test_a_polarised_river_matches_the_closed_form_bluffing_and_calling_frequencies():
    # Seat 0 holds the nuts or air (weights 1 : 2), seat 1 a bluff catcher; one bet only.
    # With pot P and bet B the bettor bluffs so the catcher is indifferent to calling:
    # bluffs / value bets = B / (P + B); the catcher calls so a bluff is worth nothing
    # more than a check: calls with probability P / (P + B).
    pot, bet, nuts_weight, air_weight = 10, 4, 1.0, 2.0
    solution = solve_spot(
        "badugi",
        [[NUTS, AIR], [CATCHER]],
        weights=[[nuts_weight, air_weight], [1.0]],
        pot=pot,
        bet=bet,
        cap=1,
        iterations=4000,
        target_mbb=0.05,
    )
    assert solution.exploitability_mbb < 0.05
    bluff_rate = bet / (pot + bet) * nuts_weight / air_weight
    assert solution.mix_for(NUTS, "")["bet"] == pytest.approx(1.0, abs=0.01)
    assert solution.mix_for(AIR, "")["bet"] == pytest.approx(bluff_rate, abs=0.01)
    assert solution.mix_for(CATCHER, "bet")["call"] == pytest.approx(pot / (pot + bet), abs=0.01)
    # The air's value is nothing (it wins only when the catcher folds, and a bluff is
    # worth exactly a check); the nuts win the pot plus a called bet.
    calls = pot / (pot + bet)
    expected = nuts_weight / (nuts_weight + air_weight) * (pot + calls * bet)
    assert solution.value[0] == pytest.approx(expected, abs=0.01)
    assert sum(solution.value) == pytest.approx(pot)


def test_the_iterations_stop_under_the_target_long_before_their_limit_on_a_known_spot():
    # The polarised river again, solved only to the default target: Discounted CFR
    # and the solver's looks at the exploitability must stop it there, well before
    # the iteration limit, with the closed-form mixes already within a few percent.
    pot, bet = 10, 4
    solution = solve_spot(
        "badugi",
        [[NUTS, AIR], [CATCHER]],
        weights=[[1.0, 2.0], [1.0]],
        pot=pot,
        bet=bet,
        cap=1,
        iterations=20_000,
    )
    assert solution.exploitability_mbb < 0.5
    assert solution.iterations < 2_000
    assert solution.mix_for(AIR, "")["bet"] == pytest.approx(bet / (pot + bet) / 2, abs=0.03)
    assert solution.mix_for(CATCHER, "bet")["call"] == pytest.approx(pot / (pot + bet), abs=0.03)


@pytest.mark.parametrize("game", ["badacey", "badugi"])
def test_the_iteration_scheme_alone_reaches_the_target_on_a_random_spot(game):
    # No early stop: a fixed number of Discounted CFR iterations on 60 hands a side,
    # then the exact best responses.
    profile = get_profile(game)
    rng = random.Random(f"scheme:{game}")
    ranges = tuple(read_range(profile, seat, random_range(game, 60, rng)) for seat in (0, 1))
    game_ = RoundGame(betting_tree(4, 4, 0), hand_matrix(profile, ranges), 12)
    for _ in range(250):
        game_.iterate()
    assert 0 <= game_.exploitability() / 4 * 1000 < 0.5


def test_a_dominated_hand_never_takes_the_dominated_action():
    # The nuts never fold to a bet and the air never calls one: folding the best
    # hand and calling with a hand that cannot win are dominated.
    solution = solve_spot(
        "badugi",
        [[NUTS, AIR, "2♠ 3♥ 4♦ 6♣"], [CATCHER, "K♥ Q♥ J♥ 9♥"]],
        pot=8,
        bet=2,
        iterations=3000,
    )
    assert solution.exploitability_mbb < 0.5
    for history in ("check bet", "bet raise"):
        assert solution.mix_for(NUTS, history)["fold"] < 0.01
        assert solution.mix_for(AIR, history)["call"] < 0.01
    assert solution.mix_for("K♥ Q♥ J♥ 9♥", "bet")["call"] < 0.01


@pytest.mark.parametrize("game", GAMES)
def test_exploitability_falls_under_the_target_on_random_spots_of_every_game(game):
    rng = random.Random(f"spot:{game}")
    ranges = [random_range(game, 25, rng), random_range(game, 25, rng)]
    solution = solve_spot(game, ranges, pot=12, bet=4, target_mbb=1.0, iterations=4000)
    assert solution.exploitability_mbb < 1.0
    assert solution.exploitability >= -1e-9  # a best response never does worse than the value
    assert solution.exploitability_pct_pot == pytest.approx(100 * solution.exploitability / 12)


@pytest.mark.parametrize("game", ["badacey", "deuce_to_seven"])
def test_swapping_the_seats_swaps_the_values(game):
    rng = random.Random(f"swap:{game}")
    a, b = random_range(game, 10, rng), random_range(game, 8, rng)
    one = solve_spot(game, [a, b], pot=10, bet=2, first=0, target_mbb=0.3, iterations=3000)
    two = solve_spot(game, [b, a], pot=10, bet=2, first=1, target_mbb=0.3, iterations=3000)
    # Each is within its exploitability of the game's value, so they agree to twice that.
    slack = 2 * (one.exploitability + two.exploitability) + 1e-6
    assert one.value[0] == pytest.approx(two.value[1], abs=slack)
    assert one.value[1] == pytest.approx(two.value[0], abs=slack)


@pytest.mark.parametrize("game", GAMES)
def test_the_showdown_shares_are_the_ones_settle_pays(game):
    profile = get_profile(game)
    rng = random.Random(f"shares:{game}")
    pairs = []
    while len(pairs) < 150:
        cards = rng.sample(range(52), 2 * profile.hand_size)
        pairs.append(
            (
                format_cards(DECK[i] for i in cards[: profile.hand_size]),
                format_cards(DECK[i] for i in cards[profile.hand_size :]),
            )
        )
    first = read_range(profile, 0, [p[0] for p in pairs])
    second = read_range(profile, 1, [p[1] for p in pairs])
    share = share_matrix(strengths(profile, first), strengths(profile, second))
    for k, (a, b) in enumerate(pairs):
        paid = settle(profile, [a, b], pot=1200).payouts
        assert share[k, k] == pytest.approx(paid[0] / 1200)


# -- the best response against brute force over every pure strategy ---------------


def _pure_value(profile, ranges, weights, pot, tree, seat, pure, other_mix):
    """Seat ``seat``'s expected chips playing ``pure`` (hand -> history -> action)
    against ``other_mix`` (hand -> history -> {action: p}), each showdown paid by settle."""
    total = weight_sum = 0.0
    for i, h0 in enumerate(ranges[0]):
        for j, h1 in enumerate(ranges[1]):
            if set(parse_cards(h0)) & set(parse_cards(h1)):
                continue
            w = weights[0][i] * weights[1][j]
            weight_sum += w
            hands = (h0, h1)
            total += w * _walk(profile, hands, pot, tree, 0, 1.0, seat, pure, other_mix)
    return total / weight_sum


def _walk(profile, hands, pot, tree, index, chance, seat, pure, other_mix):
    node = tree.nodes[index]
    if node.actor is None:
        put = node.put
        if node.end == "fold":
            mine = -put[seat] if node.folder == seat else pot + put[1 - seat]
            return chance * mine
        paid = settle(
            profile, list(hands), contributions=[pot // 2 + put[0], pot // 2 + put[1]]
        ).payouts
        return chance * (paid[seat] - put[seat])
    hand = hands[node.actor]
    if node.actor == seat:
        action = pure[hand][node.text]
        child = dict(node.children)[action]
        return _walk(profile, hands, pot, tree, child, chance, seat, pure, other_mix)
    total = 0.0
    for action, child in node.children:
        p = other_mix[hand][node.text][action]
        if p > 0:
            total += _walk(profile, hands, pot, tree, child, chance * p, seat, pure, other_mix)
    return total


def test_the_exploitability_is_the_best_of_every_pure_strategy_tried_by_brute_force():
    profile = get_profile("badacey")
    ranges = [
        ["A♠ 2♥ 3♦ 4♣ 6♠", "9♠ 9♥ 9♦ 10♣ J♠"],
        ["2♠ 3♥ 4♦ 7♣ 8♠", "A♥ 5♦ 6♣ 8♦ K♥", "A♣ 2♣ 3♥ 4♥ 9♣"],
    ]
    weights = [[1.0, 2.0], [1.0, 1.0, 3.0]]
    pot, bet, cap = 12, 4, 2
    # Few iterations on purpose: the strategies are far from an equilibrium, so the
    # best responses have something to find.
    solution = solve_spot(
        profile, ranges, weights=weights, pot=pot, bet=bet, cap=cap, iterations=7, target_mbb=0
    )
    tree = betting_tree(bet, cap, 0)
    best = []
    for seat in (0, 1):
        nodes = [n for n in tree.decisions if n.actor == seat]
        choices = [n.actions for n in nodes]
        per_hand = list(itertools.product(*choices))
        found = float("-inf")
        for plan in itertools.product(per_hand, repeat=len(ranges[seat])):
            pure = {
                hand: {n.text: a for n, a in zip(nodes, actions, strict=True)}
                for hand, actions in zip(ranges[seat], plan, strict=True)
            }
            value = _pure_value(profile, ranges, weights, pot, tree, seat, pure, solution.strategy)
            found = max(found, value)
        best.append(found)
    # The reported figure is computed in double precision, like this brute force.
    assert (best[0] + best[1] - pot) / 2 == pytest.approx(solution.exploitability, abs=1e-9)
    assert solution.exploitability > 0.01  # the brute force had a real gap to find


def test_every_refusal_is_a_sentence():
    cases = [
        ({"ranges": [[NUTS]], "pot": 10, "bet": 2}, "two ranges"),
        ({"ranges": [[NUTS], []], "pot": 10, "bet": 2}, "seat 1's range is empty"),
        ({"ranges": [[NUTS], ["A♠ 5♥ 6♦ 7♣"]], "pot": 10, "bet": 2}, "no hand of seat 0 can meet"),
        ({"ranges": [[NUTS, "As 2h 3d 4c"], [CATCHER]], "pot": 10, "bet": 2}, "twice"),
        ({"ranges": [[NUTS], [CATCHER]], "pot": 0, "bet": 2}, "the pot"),
        ({"ranges": [[NUTS], [CATCHER]], "pot": 10, "bet": 2, "first": 2}, "acts first"),
        ({"ranges": [[NUTS], ["5♠ 6♥ 7♦"]], "pot": 10, "bet": 2}, "seat 1's hand 1"),
        ({"ranges": [[NUTS], [CATCHER]], "pot": 10, "bet": 2, "weights": [[1], [-1]]}, "weight"),
    ]
    for kwargs, words in cases:
        with pytest.raises(EvaluatorError, match=words):
            solve_spot("badugi", **kwargs)
