"""The fast path gives exactly the strengths of the readable functions."""

from __future__ import annotations

from hypothesis import given, settings

from evaluator import ace_to_five, badugi, deuce_to_seven, fast

from .strategies import hands


@settings(max_examples=500)
@given(hands(5, 1))
def test_fast_badacey_matches_the_readable_values(hand):
    (cards,) = hand
    low, bad = fast.badacey_strengths(*(c.index for c in cards))
    assert low == ace_to_five(cards).strength
    assert bad == badugi(cards).strength


@settings(max_examples=500)
@given(hands(5, 1))
def test_fast_badeucey_matches_the_readable_values(hand):
    (cards,) = hand
    low, bad = fast.badeucey_strengths(*(c.index for c in cards))
    assert low == deuce_to_seven(cards).strength
    assert bad == badugi(cards, ace_high=True).strength


@given(hands(4, 1))
def test_fast_badugi_matches_on_four_card_hands(hand):
    (cards,) = hand
    indices = tuple(c.index for c in cards)
    assert fast.badugi_strength(indices) == badugi(cards).strength
    assert fast.badugi_strength(indices, ace_high=True) == badugi(cards, ace_high=True).strength
