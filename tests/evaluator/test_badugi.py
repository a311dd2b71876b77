"""Badugi: the largest set with no shared rank or suit, then the lowest from the top."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings

from evaluator import BadugiValue, EvaluatorError, badugi, parse_cards, selection_problem

from .strategies import hands, relabel, suit_permutations


def bad(text: str, *, ace_high: bool = False) -> BadugiValue:
    return badugi(parse_cards(text), ace_high=ace_high)


def brute_force(cards, *, ace_high: bool):
    """The rules read literally: every legal subset, bigger first, then lowest from the top.

    Returns a sort key (higher is better) plus the best rank tuple, built without
    the evaluator's tables.
    """

    def order(rank):
        return 14 if ace_high and rank == 1 else rank

    best = None
    for size in range(1, min(4, len(cards)) + 1):
        for combo in combinations(cards, size):
            if len({c.rank for c in combo}) < size or len({c.suit for c in combo}) < size:
                continue
            high_first = sorted((order(c.rank) for c in combo), reverse=True)
            key = (size, [-r for r in high_first])
            if best is None or key > best:
                best = key
    return best


def key_of(value: BadugiValue, *, ace_high: bool):
    def order(rank):
        return 14 if ace_high and rank == 1 else rank

    return (value.size, [-order(r) for r in value.ranks])


@settings(max_examples=400, deadline=None)
@given(hands(5, 2))
def test_value_and_order_match_a_brute_force_search(pair):
    for ace_high in (False, True):
        first, second = (badugi(h, ace_high=ace_high) for h in pair)
        brute = [brute_force(h, ace_high=ace_high) for h in pair]
        assert key_of(first, ace_high=ace_high) == brute[0]
        assert (first > second) == (brute[0] > brute[1])
        assert (first == second) == (brute[0] == brute[1])


@given(hands(4, 1))
def test_four_card_hands_match_the_brute_force_too(hand):
    (cards,) = hand
    assert key_of(badugi(cards), ace_high=False) == brute_force(cards, ace_high=False)


@given(hands(5, 1))
def test_every_listed_selection_is_legal_and_equally_good(hand):
    (cards,) = hand
    value = badugi(cards)
    assert value.cards in value.selections
    for selection in value.selections:
        assert selection_problem(selection) is None
        assert set(selection) <= set(cards)
        assert badugi(selection) == value


@given(hands(5, 1), suit_permutations)
def test_relabelling_suits_never_changes_the_value(hand, mapping):
    (cards,) = hand
    for ace_high in (False, True):
        assert badugi(relabel(cards, mapping), ace_high=ace_high) == badugi(
            cards, ace_high=ace_high
        )


def test_a_four_card_badugi_of_any_ranks_beats_a_three_card_hand():
    assert bad("Kc Qd Jh 10s") > bad("As 2h 3d Kd")


def test_ace_high_turns_a_wheel_badugi_into_an_ace_high_one():
    value = bad("As 2h 3d 4c 9c", ace_high=True)
    assert value.size == 4
    assert value.text == "A-4-3-2"
    assert bad("Ks Qh Jd 9c", ace_high=True) > value
    assert bad("5s 4h 3d 2c", ace_high=True) > value


def test_the_fifth_card_can_replace_a_blocked_one():
    value = bad("As 2s Ah 3d 4c")
    assert value.text == "4-3-2-A"
    assert {c.text for c in value.cards} == {"A♥", "2♠", "3♦", "4♣"}


def test_selection_problems_name_the_repeated_suit_or_rank():
    assert selection_problem(parse_cards("A♣ 4♣")) == "A♣ and 4♣ repeat clubs"
    assert selection_problem(parse_cards("A♣ A♦")) == "A♣ and A♦ repeat the rank A"
    assert selection_problem(parse_cards("A♣ 4♠")) is None
    assert selection_problem(()) == "no cards were chosen"


def test_it_refuses_a_repeated_card_or_too_many_cards():
    with pytest.raises(EvaluatorError, match="needs 4 or 5 cards, got 6"):
        badugi(parse_cards("As 2h 3d 4c 5c 6c"))
    ace, two, three = parse_cards("As 2h 3d")
    with pytest.raises(EvaluatorError, match="needs different cards"):
        badugi((ace, two, three, ace))
