"""Expected shares after one draw, held to a brute force through ``settle`` itself.

The brute force deals every replacement, settles the showdown with the one
settlement function and reads each award's winners, so it shares nothing
with the fast path ``draw_equity`` counts with.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from evaluator import DECK, EvaluatorError, get_profile, parse_cards, settle
from evaluator.draw_equity import discard_choices, expected_share


def brute_force_share(game, hand, discard, opponents, dead=""):
    profile = get_profile(game)
    cards = parse_cards(hand)
    thrown = parse_cards(discard) if discard else ()
    others = [parse_cards(o) for o in opponents]
    seen = {*cards, *(c for o in others for c in o), *(parse_cards(dead) if dead else ())}
    kept = [c for c in cards if c not in thrown]
    unseen = [c for c in DECK if c not in seen]
    shares = []
    for arrived in combinations(unseen, len(thrown)):
        result = settle(profile, [[*kept, *arrived], *others], pot=0)
        award_share = Fraction(1, len(result.pots[0].awards))
        shares.append(
            sum(
                award_share / len(award.winners)
                for award in result.pots[0].awards
                if 0 in award.winners
            )
        )
    return sum(shares, Fraction(0)) / len(shares), len(shares)


CASES = [
    ("badeucey", "K♣ 5♠ 4♥ 3♦ 2♣", "K♣", ["8♥ 6♥ 4♣ 3♣ 2♠"], ""),
    ("badeucey", "K♣ 5♠ 4♥ 3♦ 2♣", "", ["8♥ 6♥ 4♣ 3♣ 2♠"], ""),
    ("badeucey", "9♠ 9♥ 4♦ 3♣ 2♠", "9♥ 4♦", ["8♥ 6♥ 4♣ 3♠ 2♦"], "7♣ 5♦"),
    ("badacey", "A♠ 2♠ 3♥ 4♦ K♣", "K♣", ["7♥ 5♣ 4♣ 3♠ 2♦", "8♦ 6♣ 4♠ 3♦ A♥"], ""),
    ("badugi", "A♣ 2♦ 3♥ 3♠", "3♠", ["4♠ 5♦ 6♥ 7♣"], ""),
    ("badugi", "A♣ 2♦ 9♥ K♥", "9♥ K♥", ["A♠ 2♥ 3♦ 4♣"], ""),
]


@pytest.mark.parametrize("game, hand, discard, opponents, dead", CASES)
def test_the_share_matches_a_brute_force_through_settle(game, hand, discard, opponents, dead):
    choice = expected_share(game, hand, discard, opponents, dead=dead)
    expected, draws = brute_force_share(game, hand, discard, opponents, dead)
    assert choice.share == expected
    assert choice.draws == draws


def test_a_tie_with_two_opponents_shares_the_half_three_ways():
    # Two opponents hold exactly the same ranks as the pat hand in both halves.
    choice = expected_share("badacey", "A♠ 2♥ 3♦ 4♣ 6♠", "", ["A♥ 2♦ 3♣ 4♠ 6♥", "A♦ 2♣ 3♠ 4♥ 6♣"])
    assert choice.share == Fraction(1, 3)
    assert choice.stands_pat and choice.draws == 1


def test_every_choice_is_listed_best_first_with_standing_pat_first_among_equals():
    choices = discard_choices("badugi", "A♣ 2♦ 3♥ 4♠", ["5♣ 6♦ 7♥ 8♠"], most=1)
    assert len(choices) == 5  # pat, or one of four cards
    shares = [c.share for c in choices]
    assert shares == sorted(shares, reverse=True)
    # The best Badugi there is cannot do better by drawing: pat leads.
    assert choices[0].stands_pat and choices[0].share == 1


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"discard": "9♣"}, "not in the hand"),
        ({"discard": "K♣ 5♠ 4♥"}, "at most 2"),
        ({"opponents": []}, "at least one opposing hand"),
        ({"opponents": ["K♣ 6♥ 4♣ 3♣ 2♠"]}, "appears twice"),
        ({"dead": "2♠"}, "appears twice"),
    ],
)
def test_impossible_questions_are_refused_with_a_reason(kwargs, message):
    args = {"discard": "K♣", "opponents": ["8♥ 6♥ 4♣ 3♣ 2♠"], "dead": ""}
    args.update(kwargs)
    with pytest.raises(EvaluatorError, match=message):
        expected_share(
            "badeucey", "K♣ 5♠ 4♥ 3♦ 2♣", args["discard"], args["opponents"], dead=args["dead"]
        )


def test_more_cards_than_the_model_deals_out_is_refused():
    with pytest.raises(EvaluatorError, match="from 0 to 2"):
        discard_choices("badeucey", "K♣ 5♠ 4♥ 3♦ 2♣", ["8♥ 6♥ 4♣ 3♣ 2♠"], most=3)
