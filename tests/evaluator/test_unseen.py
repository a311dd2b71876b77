"""The one home of the unseen cards and of counting draws, and the two modules that use it.

``evaluator.odds`` and ``evaluator.draw_equity`` both take their pool of
unseen cards and their count of draws from ``evaluator.unseen``. The counts
here are held to plain combinatorics (how many ways to choose so many aces),
which share nothing with the code under test but the deck, and the two
modules are held to each other where their questions meet.
"""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator import DECK, parse_cards
from evaluator.draw_equity import expected_share
from evaluator.odds import draw_odds
from evaluator.unseen import draw_count, find_clash, tally_draws, unseen_cards


def test_the_unseen_cards_are_the_rest_of_the_deck_in_deck_order():
    known = parse_cards("K♠ 2♥ 7♣ A♦")
    unseen = unseen_cards(known)
    assert len(unseen) == 48
    assert set(unseen).isdisjoint(known)
    assert list(unseen) == sorted(unseen, key=DECK.index)


def test_a_card_named_twice_is_found_with_both_places_in_order():
    clash = find_clash(
        [("kept", parse_cards("A♠ 2♥")), ("thrown", parse_cards("9♣")), ("dead", parse_cards("2♥"))]
    )
    assert clash is not None
    assert (clash.card, clash.first, clash.second) == (parse_cards("2♥")[0], "kept", "dead")
    assert find_clash([("kept", parse_cards("A♠ 2♥")), ("dead", parse_cards("3♥"))]) is None


@pytest.mark.parametrize("size", [0, 1, 2, 3])
def test_draws_are_counted_by_result_as_combinatorics_counts_them(size):
    # How many aces a draw from the 48 cards left after four kings brings.
    pool = unseen_cards(c for c in DECK if c.rank == 13)
    dealt = tally_draws(pool, size, lambda arrived: sum(c.rank == 1 for c in arrived))
    assert dealt.total == comb(48, size) == draw_count(48, size)
    for aces in range(size + 1):
        assert dealt.counts[aces] == comb(4, aces) * comb(44, size - aces)
    assert dealt.hits(lambda aces: aces > 0) == comb(48, size) - comb(44, size)


def test_kept_draws_come_back_in_the_pools_order():
    pool = unseen_cards(())
    dealt = tally_draws(pool, 1, lambda arrived: arrived[0].suit == "h", keep_draws=True)
    hearts = [arrived[0] for arrived in dealt.making(lambda is_heart: is_heart)]
    assert hearts == [c for c in DECK if c.suit == "h"]
    with pytest.raises(ValueError, match="keep_draws"):
        tally_draws(pool, 1, len).making(bool)


# --- where draw_equity and odds ask the same question ------------------------------

# The weakest four-card Badugi, and the weakest ace-to-five low with no pair.
WORST_BADUGI = "K♣ Q♦ J♥ 10♠"
WORST_LOW = "K♣ Q♦ J♥ 10♠ 9♣"


def _assert_share_is_the_chance(game, hand, thrown, opponent, outcome):
    """Against a hand every made hand holding an ace beats, and every miss loses to,
    the expected share of the pot is the chance of making that hand."""
    kept = [c for c in parse_cards(hand) if c not in parse_cards(thrown)]
    choice = expected_share(game, hand, thrown, [opponent])
    odds = draw_odds(game, kept, discarded=thrown, dead=opponent)
    assert choice.draws == odds.combinations
    assert choice.share == odds.outcome(outcome).probability


@pytest.mark.parametrize(
    ("hand", "thrown"),
    [("A♠ 2♥ 3♦ 9♠", "9♠"), ("A♠ 5♥ 8♦ 8♣", "8♣"), ("A♠ 2♥ 7♦ 9♠", "7♦ 9♠"), ("A♠ 2♠ 6♥ 6♦", "")],
)
def test_a_badugi_draw_against_the_worst_badugi_shares_the_pot_as_often_as_it_makes_one(
    hand, thrown
):
    _assert_share_is_the_chance("badugi", hand, thrown, WORST_BADUGI, "badugi")


@pytest.mark.parametrize(
    ("hand", "thrown"),
    [("A♠ 2♥ 3♦ 4♣ 8♠", "8♠"), ("A♠ 5♥ 5♦ 7♣ 8♠", "5♦ 8♠"), ("A♠ 2♥ 3♦ 3♣ 7♠", "")],
)
def test_a_low_draw_against_the_worst_low_shares_the_pot_as_often_as_it_makes_one(hand, thrown):
    _assert_share_is_the_chance("ace_to_five", hand, thrown, WORST_LOW, "low")


@settings(max_examples=20, deadline=None)
@given(st.data())
def test_random_badugi_draws_holding_an_ace_agree(data):
    free = [c for c in DECK if c not in parse_cards(WORST_BADUGI)]
    ace = data.draw(st.sampled_from([c for c in free if c.rank == 1]))
    rest = data.draw(st.permutations([c for c in free if c != ace]))[:3]
    thrown = data.draw(st.integers(0, 2))
    hand = [ace, *rest]
    _assert_share_is_the_chance("badugi", hand, rest[:thrown], WORST_BADUGI, "badugi")
