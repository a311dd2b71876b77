"""Values order hands totally: sorting, max() and == all tell the same story."""

from __future__ import annotations

from functools import cmp_to_key

from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator import ace_to_five, badugi, deuce_to_seven, parse_cards

from .strategies import hands

EVALUATIONS = {
    "ace_to_five": ace_to_five,
    "deuce_to_seven": deuce_to_seven,
    "badugi": badugi,
    "badugi_ace_high": lambda cards: badugi(cards, ace_high=True),
}


def compare(a, b) -> int:
    return (a > b) - (a < b)


@settings(max_examples=60, deadline=None)
@given(hands(5, 10), st.sampled_from(sorted(EVALUATIONS)))
def test_ordering_is_total_antisymmetric_transitive_and_agrees_with_sorting(group, kind):
    values = [EVALUATIONS[kind](h) for h in group]
    for a in values:
        for b in values:
            assert [a > b, a == b, a < b].count(True) == 1
            assert compare(a, b) == -compare(b, a)
            for c in values:
                if a >= b and b >= c:
                    assert a >= c
    ordered = sorted(values)
    assert ordered == sorted(values, key=cmp_to_key(compare))
    for lower, higher in zip(ordered, ordered[1:], strict=False):
        assert lower <= higher
        if lower == higher:
            assert hash(lower) == hash(higher)
    assert max(values) == ordered[-1]


def test_values_of_different_evaluations_do_not_compare_as_equal():
    cards = parse_cards("As 2h 3d 4c 5c")
    assert ace_to_five(cards) != badugi(cards)


def test_equal_values_hash_alike_so_sets_collapse_ties():
    first = badugi(parse_cards("As 2h 3d 4c 9c"))
    second = badugi(parse_cards("Ah 2d 3c 4s 9s"))
    assert first == second
    assert len({first, second}) == 1
