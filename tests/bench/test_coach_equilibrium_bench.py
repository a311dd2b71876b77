"""bench.play's coach-against-equilibrium part: its quick run prints every line, and the
pieces it measures with agree with the solver and the coach they stand beside."""

from __future__ import annotations

import pytest

from bench import coach_equilibrium as part
from bench.play import main
from evaluator.play.coach import coach_action, spot_of
from evaluator.solver import solve_range_spot, spot_for


def first_spots(count: int):
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        for hand in part.last_round_decisions(seed):
            spot = spot_for(hand, samples=part.QUICK_SAMPLES)
            if spot is not None:
                found.append((hand, spot))
    return found[:count]


def solved(spot):
    return solve_range_spot(spot)


def test_the_quick_run_prints_each_line_of_the_part(capsys):
    assert main(["--only-coach", "--coach-parts", "equilibrium", "--quick", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    for words in (
        "coach vs equilibrium: heads-up last-round spots",
        "coach's best play in the equilibrium's support",
        "coach's loss against an equilibrium opponent",
        "'always do what the coach says' against a best response (1 spots",
        "CPU per spot: ranges / solve / coach",
        "worst exploitability",
    ):
        assert words in out, words


@pytest.mark.parametrize("index", [0, 1, 2])
def test_the_best_response_walk_gives_the_solvers_own_exploitability(index):
    """Each seat's best response to the other's equilibrium strategy, walked by the bench,
    adds up to the exploitability the solver reports; the equilibrium gives up nothing."""
    hand, spot = first_spots(3)[index]
    solution = solved(spot)
    best = []
    for learner in (0, 1):
        showdowns = part.Showdowns.of(spot, learner)
        policy = part.equilibrium_policy(solution, learner)
        best.append(
            spot.pot - part.value_against_best_response(solution, learner, policy, showdowns)
        )
    assert (best[0] + best[1] - spot.pot) / 2 == pytest.approx(
        solution.exploitability, abs=1e-3 * spot.bet
    )


def test_the_coach_is_asked_at_the_real_decision_exactly_as_the_table_asks_it():
    for hand, spot in first_spots(3):
        learner = spot.solver_seat(hand.settings.learner_seat)
        text = next(
            t for t in spot.ranges[learner] if set(part.parse_cards(t)) == set(hand.learner_cards)
        )
        asked = part.coach_spot(hand, spot, learner, spot.history, text)
        table = spot_of(hand)
        assert asked[0].cards == tuple(part.parse_cards(text))
        assert asked[0].__class__(**{**table[0].__dict__, "cards": asked[0].cards}) == asked[0]
        assert asked[1:] == table[1:]
        chosen = part.coach_choice(hand, spot, learner, spot.history, text)
        assert chosen == part._as_solver(coach_action(hand).kind, [chosen])


def test_a_pure_policy_that_always_checks_and_calls_gives_up_more_than_the_equilibrium():
    hand, spot = first_spots(1)[0]
    solution = solved(spot)
    learner = spot.solver_seat(hand.settings.learner_seat)
    showdowns = part.Showdowns.of(spot, learner)
    passive = {}
    for history, mix in part.equilibrium_policy(solution, learner).items():
        actions = part.actions_at(solution, history)
        row = [1.0 if a in ("check", "call") else 0.0 for a in actions]
        passive[history] = mix * 0 + row
    equilibrium = part.value_against_best_response(
        solution, learner, part.equilibrium_policy(solution, learner), showdowns
    )
    assert part.value_against_best_response(solution, learner, passive, showdowns) < equilibrium
