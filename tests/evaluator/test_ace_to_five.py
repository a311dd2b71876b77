"""Ace-to-five low: the ace is the lowest card, only pairing hurts."""

from __future__ import annotations

import pytest
from hypothesis import given

from evaluator import EvaluatorError, ace_to_five, parse_cards

from .strategies import five_cards, relabel, suit_permutations


def a5(text: str):
    return ace_to_five(parse_cards(text))


def test_a_five_high_wheel_is_the_best_hand_even_suited():
    wheel = a5("As 2s 3s 4s 5s")
    assert wheel.text == "5-4-3-2-A"
    assert wheel == a5("Ah 2d 3c 4s 5h")
    assert wheel > a5("Ac 2d 3h 4s 6c")


def test_straights_and_flushes_are_not_penalised():
    assert a5("6h 7h 8h 9h 10h").category == "no pair"
    assert a5("6h 7h 8h 9h 10h") > a5("2c 2d 3h 4s 5c")


def test_the_highest_card_decides_first_then_the_next():
    assert a5("7s 6h 4d 2c As") > a5("7h 6d 5c 3s 2h")
    assert a5("8s 4h 3d 2c As") > a5("9h 2d 3c 4s 5h")


def test_any_unpaired_hand_beats_any_pair():
    assert a5("Ks Qh Jd 10c 8s") > a5("As Ah 2d 3c 4s")


def test_a_lower_pair_beats_a_higher_pair_and_aces_are_lowest():
    aces = a5("As Ah 7d 8c 9s")
    deuces = a5("2s 2h 3d 4c 5s")
    assert aces > deuces
    assert aces.text == "pair of aces, 9-8-7"


def test_equal_pairs_compare_the_other_cards_from_the_top():
    assert a5("4s 4h 7d 3c 2s") > a5("4d 4c 8h 2h As")


@pytest.mark.parametrize(
    ("worse", "better"),
    [
        ("2s 2h 3d 3c 4s", "Ks Kh Qd Jc 10s"),  # one pair beats two pair
        ("2s 2h 2d 3c 4s", "Ks Kh Qd Qc Js"),  # two pair beats trips
        ("As Ah Ad 2c 2s", "Ks Kh Kd Qc Js"),  # trips beat a full house
        ("As Ah Ad Ac 2s", "Ks Kh Kd Qc Qs"),  # a full house beats quads
    ],
)
def test_more_pairing_is_worse(worse, better):
    assert a5(better) > a5(worse)


def test_texts_name_the_category():
    assert a5("3s 3h 3d 2c 2s").text == "full house, threes full of twos"
    assert a5("6s 6h 6d 6c 2s").text == "four sixes, 2"


def test_it_needs_exactly_five_different_cards():
    with pytest.raises(EvaluatorError, match="5 cards, got 4"):
        ace_to_five(parse_cards("As 2h 3d 4c"))


@given(five_cards(), suit_permutations)
def test_relabelling_suits_never_changes_the_value(cards, mapping):
    renamed = relabel(cards, mapping)
    assert ace_to_five(renamed) == ace_to_five(cards)
    assert ace_to_five(renamed).text == ace_to_five(cards).text
