"""Settlement: halves, ties, odd chips and side pots, as the showdown contract states them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator import DECK, EvaluatorError, format_cards, get_profile, settle

WHEEL = "A♠ 2♥ 3♦ 4♣ 5♣"  # wheel and the ace-low nut Badugi
SAME = "A♥ 2♦ 3♣ 4♠ 5♠"  # exactly as good for both ace-low halves
ROUGH = "K♠ K♥ Q♦ J♣ 9♣"  # a poor low and a three-card Badugi
SEVEN = "2♣ 3♥ 4♠ 5♦ 7♣"


def test_one_player_scooping_takes_both_halves():
    result = settle("badacey", [WHEEL, SEVEN], pot=80)
    assert result.payouts == (80, 0)
    (pot,) = result.pots
    assert [a.kind for a in pot.awards] == ["ace_to_five", "badugi"]
    assert [a.winners for a in pot.awards] == [(0,), (0,)]


def test_an_odd_pot_gives_the_extra_chip_to_the_five_card_low_half():
    result = settle("badacey", [WHEEL, ROUGH], pot=81)
    low, bad = result.pots[0].awards
    assert (low.amount, bad.amount) == (41, 40)
    badeucey = settle("badeucey", [SEVEN, ROUGH], pot=81).pots[0].awards
    assert [(a.kind, a.amount) for a in badeucey] == [("deuce_to_seven", 41), ("badugi", 40)]


@pytest.mark.parametrize(("button", "first_paid"), [(0, 1), (1, 0), (2, 0)])
def test_leftover_chips_go_clockwise_from_the_buttons_left(button, first_paid):
    result = settle("badugi", ["A♠ 2♥ 3♦ 4♣", "A♥ 2♦ 3♣ 4♠", "K♠ K♥ K♦ K♣"], pot=7, button=button)
    (award,) = result.pots[0].awards
    assert award.winners == (0, 1)
    assert award.shares[first_paid] == 4
    assert award.shares[1 - first_paid] == 3


def test_three_way_tie_with_two_spare_chips_pays_the_first_two_seats_after_the_button():
    hands = ["A♠ 2♥ 3♦ 4♣", "A♥ 2♦ 3♣ 4♠", "A♦ 2♣ 3♠ 4♥", "K♠ K♥ K♦ K♣"]
    result = settle("badugi", hands, pot=11, button=1)
    # clockwise after seat 1: seat 2, (seat 3 lost), seat 0, then seat 1
    assert result.payouts == (4, 3, 4, 0)


def test_whole_pot_games_have_a_single_award():
    for game, hands in [
        ("ace_to_five", [WHEEL, SEVEN]),
        ("deuce_to_seven", [WHEEL, SEVEN]),
        ("badugi", ["A♠ 2♥ 3♦ 4♣", "A♥ 2♦ 3♣ 5♠"]),
    ]:
        (award,) = settle(game, hands, pot=51).pots[0].awards
        assert award.kind == game
        assert award.amount == 51


def test_the_spec_example_of_two_folded_blinds_is_one_pot():
    result = settle(
        "badacey", [WHEEL, None, None, "8♥ 4♥ 3♠ 2♣ A♦"], contributions=[48, 12, 12, 48]
    )
    assert [(p.amount, p.eligible) for p in result.pots] == [(120, (0, 3))]


def test_a_short_all_in_makes_a_main_pot_and_a_side_pot():
    result = settle("badacey", [WHEEL, SEVEN, ROUGH], contributions=[20, 50, 50])
    assert [(p.amount, p.eligible) for p in result.pots] == [(60, (0, 1, 2)), (60, (1, 2))]
    assert result.payouts[0] == 60  # the short stack can only win what it matched
    assert sum(result.payouts) == 120


def test_chips_a_folded_seat_put_in_above_every_live_total_join_the_top_pot():
    result = settle("badacey", [WHEEL, None, SEVEN], contributions=[30, 50, 30])
    assert [(p.amount, p.eligible) for p in result.pots] == [(110, (0, 2))]


def test_an_uncalled_top_layer_comes_back_uncontested():
    result = settle("badacey", [WHEEL, SEVEN], contributions=[40, 52])
    main, side = result.pots
    assert (main.amount, side.amount) == (80, 12)
    (award,) = side.awards
    assert (award.kind, award.winners) == ("uncontested", (1,))
    assert "comes back" in award.explanation
    assert result.payouts == (80, 12)


def test_a_lone_live_seat_takes_everything_uncontested():
    result = settle("badacey", [None, SEVEN, None], contributions=[6, 12, 3], names=["A", "B", "C"])
    (pot,) = result.pots
    assert [a.kind for a in pot.awards] == ["uncontested"]
    assert result.payouts == (0, 21, 0)
    assert pot.awards[0].explanation.startswith("B takes")


def test_a_folded_seat_with_cards_shown_still_wins_nothing():
    result = settle("badacey", [WHEEL, SEVEN], pot=40, folded=[True, False])
    assert result.payouts == (0, 40)


def test_explanations_name_every_winner_and_what_the_others_held():
    result = settle("badacey", [WHEEL, SAME, ROUGH], pot=90, names=["Ada", "Bo", "Cy"])
    low, bad = result.explanation()
    assert "Ada and Bo tie" in low and "Cy has" in low
    assert "Ada and Bo tie" in bad


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": []}, "no seats"),
        ({"pot": None}, "the pot is missing"),
        ({"contributions": [1, 2]}, "either the pot or the contributions, not both"),
        ({"pot": -1}, "cannot be negative"),
        ({"pot": 2.5}, "whole number of chips"),
        ({"pot": True}, "whole number of chips"),
        ({"pot": None, "contributions": [1]}, "2 hands but 1 contributions"),
        ({"pot": None, "contributions": [1, "x"]}, "Seat 2's contribution must be a whole"),
        ({"folded": [True]}, "2 hands but 1 folded flags"),
        ({"folded": [1, 0]}, "true or false"),
        ({"folded": [True, True]}, "every seat folded"),
        ({"button": 2}, "from 0 to 1"),
        ({"button": "0"}, "from 0 to 1"),
        ({"hands": [WHEEL, None], "folded": [False, False]}, "Seat 2 has no hand but did not fold"),
        ({"hands": [WHEEL, "Zz 2c 3c 4c 5d"]}, "Seat 2's hand: 'Zz' is not a card"),
        ({"hands": [WHEEL, "2c 3c 4c 5d"]}, "Seat 2's hand: a Badacey hand has 5 cards, got 4"),
        ({"hands": [WHEEL, "A♠ 2c 3c 4d 5d"]}, "A♠ is in both Seat 1's and Seat 2's hands"),
        ({"hands": [WHEEL, 5]}, "Seat 2's hand must be a string of cards"),
        ({"names": ["Solo"]}, "2 hands but 1 names"),
        ({"game": "rummy"}, "'rummy' is not a game"),
    ],
)
def test_bad_input_is_refused_with_a_sentence_naming_the_problem(kwargs, message):
    call = {"game": "badacey", "hands": [WHEEL, SEVEN], "pot": 10} | kwargs
    with pytest.raises(EvaluatorError, match=message.replace("(", r"\(")):
        settle(call.pop("game"), call.pop("hands"), **call)


GAMES = ["badacey", "badeucey", "badugi", "ace_to_five", "deuce_to_seven"]


@st.composite
def tables(draw):
    game = draw(st.sampled_from(GAMES))
    size = get_profile(game).hand_size
    seats = draw(st.integers(2, 6))
    cards = draw(st.permutations(DECK))[: seats * size]
    hands = [format_cards(cards[i * size : (i + 1) * size]) for i in range(seats)]
    folded = draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    if all(folded):
        folded[draw(st.integers(0, seats - 1))] = False
    contributions = draw(st.lists(st.integers(0, 200), min_size=seats, max_size=seats))
    button = draw(st.integers(0, seats - 1))
    return game, hands, folded, contributions, button


@settings(max_examples=300, deadline=None)
@given(tables())
def test_payouts_always_add_up_and_never_reach_a_folded_seat(table):
    game, hands, folded, contributions, button = table
    result = settle(game, hands, contributions=contributions, folded=folded, button=button)
    assert sum(result.payouts) == sum(contributions)
    assert sum(p.amount for p in result.pots) == sum(contributions)
    for seat, flag in enumerate(folded):
        if flag:
            assert result.payouts[seat] == 0
    for pot in result.pots:
        assert sum(chips for a in pot.awards for chips in a.shares.values()) == pot.amount
        assert all(not folded[s] for s in pot.eligible)
