"""The card that decides a comparison, checked against what the lessons teach:
every earlier place is equal, and the winner holds the better card there."""

from __future__ import annotations

import random

import pytest

from evaluator import DECK, ace_to_five, badugi, deuce_to_seven, parse_cards
from evaluator.deciding import deciding, reading_cards


def two_hands(rng: random.Random, size: int):
    cards = rng.sample(DECK, size * 2)
    return cards[:size], cards[size:]


def low_rank(rank: int, kind: str) -> int:
    """How low a rank plays: the ace is lowest in ace-to-five and highest in deuce-to-seven."""
    return 14 if rank == 1 and kind == "deuce_to_seven" else rank


@pytest.mark.parametrize("evaluate", [ace_to_five, deuce_to_seven])
def test_for_no_pair_lows_the_first_differing_place_decides_and_the_lower_card_wins(evaluate):
    rng = random.Random(15)
    checked = 0
    while checked < 300:
        a, b = (evaluate(h) for h in two_hands(rng, 5))
        if a.category != "no pair" or b.category != "no pair" or a == b:
            continue
        decided = deciding(a, b)
        assert decided.reason == "card"
        place = decided.place
        ranks_a = [low_rank(c.rank, a.kind) for c in reading_cards(a)]
        ranks_b = [low_rank(c.rank, b.kind) for c in reading_cards(b)]
        assert ranks_a[:place] == ranks_b[:place]
        assert decided.cards == ((reading_cards(a)[place],), (reading_cards(b)[place],))
        assert (ranks_a[place] < ranks_b[place]) == (a > b)
        checked += 1


def test_badugi_size_decides_before_any_rank():
    more, fewer = badugi(parse_cards("K♣ Q♦ J♥ 9♠")), badugi(parse_cards("A♠ 2♠ 3♥ 3♦"))
    assert deciding(more, fewer).reason == "size"


def test_equal_badugis_are_a_tie_and_a_pair_against_no_pair_is_the_category():
    assert (
        deciding(badugi(parse_cards("A♣ 3♦ 5♥ 7♠")), badugi(parse_cards("A♦ 3♥ 5♠ 7♣"))).reason
        == "tie"
    )
    pair, no_pair = (
        ace_to_five(parse_cards("A♠ A♦ 4♣ 6♥ 7♠")),
        ace_to_five(parse_cards("8♠ 7♦ 6♣ 5♥ 3♦")),
    )
    assert deciding(pair, no_pair).reason == "category"


def test_a_pair_against_a_pair_points_at_both_cards_of_each_pair():
    aces, deuces = (
        ace_to_five(parse_cards("A♠ A♦ 4♣ 6♥ 7♠")),
        ace_to_five(parse_cards("2♠ 2♦ 4♥ 6♣ 7♦")),
    )
    decided = deciding(aces, deuces)
    assert decided.place == 0
    assert {c.rank for c in decided.cards[0]} == {1} and len(decided.cards[0]) == 2
    assert {c.rank for c in decided.cards[1]} == {2} and len(decided.cards[1]) == 2
