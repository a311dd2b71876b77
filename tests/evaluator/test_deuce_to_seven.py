"""Deuce-to-seven low: the ace is high, straights and flushes count against."""

from __future__ import annotations

import pytest
from hypothesis import given

from evaluator import deuce_to_seven, parse_cards

from .strategies import five_cards, relabel, suit_permutations


def d27(text: str):
    return deuce_to_seven(parse_cards(text))


def test_seven_five_four_three_two_offsuit_is_the_best_hand():
    best = d27("7s 5h 4d 3c 2s")
    assert best.text == "7-5-4-3-2"
    assert best > d27("7h 6d 4c 3s 2h")
    assert best > d27("8s 5h 4d 3c 2s")


def test_the_same_ranks_in_one_suit_are_a_flush():
    flush = d27("7h 5h 4h 3h 2h")
    assert flush.category == "flush"
    assert d27("Ks Kh Qd Jc 10s") > flush


def test_the_ace_plays_high_so_a_wheel_is_ace_high_and_not_a_straight():
    wheel = d27("As 2h 3d 4c 5s")
    assert wheel.category == "no pair"
    assert wheel.text == "A-5-4-3-2"
    assert d27("Ks Qh Jd 9c 8s") > wheel


def test_a_straight_is_worse_than_any_pair():
    straight = d27("6s 5h 4d 3c 2s")
    assert straight.category == "straight"
    assert straight.text == "six-high straight"
    assert d27("As Ah Kd Qc Js") > straight


@pytest.mark.parametrize(
    ("worse", "better"),
    [
        ("6s 5h 4d 3c 2s", "2s 2h 2d 4c 5s"),  # trips beat a straight
        ("9h 7h 5h 3h 2h", "Ts Jh Qd Kc As"),  # a broadway straight beats a flush
        ("2s 2h 2d 3c 3s", "9h 7h 5h 3h 2h"),  # a flush beats a full house
        ("6h 5h 4h 3h 2h", "2s 2h 2d 2c 3s"),  # quads beat a straight flush
    ],
)
def test_the_category_order_for_deuce_to_seven(worse, better):
    assert d27(better) > d27(worse)


def test_the_highest_card_decides_first():
    assert d27("9s 7h 5d 3c 2s") > d27("10s 6h 4d 3c 2h")


@given(five_cards(), suit_permutations)
def test_relabelling_suits_never_changes_the_value(cards, mapping):
    assert deuce_to_seven(relabel(cards, mapping)) == deuce_to_seven(cards)
