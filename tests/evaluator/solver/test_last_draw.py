"""The last draw and the last round: consistent with the last-round solver, symmetric, honest."""

from __future__ import annotations

import pytest

from evaluator import get_profile, parse_cards
from evaluator.solver import solve_spot
from evaluator.solver.draw_choices import SAMPLED, replacements, sensible_throws
from evaluator.solver.last_draw import solve_draw_spot

# Four-card Badugis: the only sensible throw of each is standing pat.
MADE = [["A♠ 2♥ 3♦ 4♣", "K♠ Q♥ J♦ 9♣"], ["5♠ 6♥ 7♦ 8♣", "2♠ 4♥ 6♦ 9♣"]]
DRAWING = [["A♠ 2♥ 3♦ 3♣", "K♠ Q♥ J♦ 9♣"], ["5♠ 6♥ 7♦ 7♣", "A♥ 3♥ 5♣ 9♦"]]


def test_with_nothing_to_draw_the_spot_is_worth_what_the_last_round_is_worth():
    profile = get_profile("badugi")
    for ranges in MADE:
        for cards in ranges:
            assert sensible_throws(profile, parse_cards(cards)) == [()]
    drawn = solve_draw_spot("badugi", MADE, pot=8, bet=2, iterations=3000, target_mbb=0.3)
    river = solve_spot("badugi", MADE, pot=8, bet=2, iterations=3000, target_mbb=0.3)
    slack = 2 * (drawn.exploitability + river.exploitability) + 1e-6
    assert drawn.value[0] == pytest.approx(river.value[0], abs=slack)


def test_the_draw_spot_converges_and_its_values_share_the_pot():
    solution = solve_draw_spot("badugi", DRAWING, pot=8, bet=2, iterations=3000, target_mbb=0.5)
    assert solution.exploitability_mbb < 0.5
    assert solution.exploitability >= -1e-9
    assert sum(solution.value) == pytest.approx(8, abs=1e-4)
    mix = solution.throw_mix("A♠ 2♥ 3♦ 3♣")
    assert set(mix) == {"stand pat", "throw 3♣"}
    assert sum(mix.values()) == pytest.approx(1)
    # The seat drawing second decides knowing how many cards the first took.
    assert set(solution.draws["5♠ 6♥ 7♦ 7♣"]) == {"after 0", "after 1"}


def test_swapping_the_seats_swaps_the_values_of_a_draw_spot():
    one = solve_draw_spot("badugi", DRAWING, pot=8, bet=2, first=0, target_mbb=0.3, iterations=3000)
    two = solve_draw_spot(
        "badugi", DRAWING[::-1], pot=8, bet=2, first=1, target_mbb=0.3, iterations=3000
    )
    slack = 2 * (one.exploitability + two.exploitability) + 1e-6
    assert one.value[0] == pytest.approx(two.value[1], abs=slack)


def test_a_one_card_draw_is_dealt_in_full_and_a_two_card_draw_is_sampled():
    cards = parse_cards("A♠ 2♥ 3♦ 3♣ K♣")
    assert len(replacements(cards, cards[3:4])) == 47  # every card not in the hand
    two = replacements(cards, cards[3:])
    assert len(two) == SAMPLED == len(set(two))
    assert all(not set(draw) & set(cards) for draw in two)


def test_one_hand_with_two_throws_of_different_sizes_is_worth_its_better_last_round():
    # Seat 0 holds one hand and may stand pat or throw one card; seat 1 holds made
    # hands only. Seat 1 sees how many cards seat 0 took, so each throw leads to a
    # last round of its own: the hand after the draw (every possible card, dealt in
    # full) against seat 1's range. Seat 0 picks the better one, so the draw spot is
    # worth the larger of the two values solve_spot finds for those rounds.
    hand = "A♠ 2♥ 3♦ 3♣"
    made = ["5♠ 6♥ 7♦ 8♣", "2♠ 4♥ 6♦ 9♣", "K♠ Q♥ J♦ 10♣"]
    badugi = get_profile("badugi")
    assert all(sensible_throws(badugi, parse_cards(m)) == [()] for m in made)
    kept = parse_cards(hand)[:3]
    drawn = solve_draw_spot("badugi", [[hand], made], pot=8, bet=2, iterations=3000, target_mbb=0.2)
    rounds = []
    for after in (
        [hand],
        [
            " ".join(c.text for c in (*kept, new))
            for (new,) in replacements(parse_cards(hand), parse_cards(hand)[3:])
        ],
    ):
        # Each of seat 1's hands is as likely as before the draw: weight it by one over
        # the number of seat 0's hands after the draw it can meet.
        meets = [sum(not set(parse_cards(a)) & set(parse_cards(m)) for a in after) for m in made]
        rounds.append(
            solve_spot(
                "badugi",
                [after, made],
                weights=[[1.0] * len(after), [1 / n for n in meets]],
                pot=8,
                bet=2,
                iterations=3000,
                target_mbb=0.2,
            )
        )
    best = max(r.value[0] for r in rounds)
    slack = 2 * (drawn.exploitability + sum(r.exploitability for r in rounds)) + 1e-3
    assert drawn.value[0] == pytest.approx(best, abs=slack)
    better = "stand pat" if rounds[0].value[0] > rounds[1].value[0] else "throw 3♣"
    assert drawn.throw_mix(hand)[better] > 0.9
