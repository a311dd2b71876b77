"""Exact draw odds: held to counts done by hand and to a plain brute force.

The brute force below deals every draw and reads each hand with the
readable evaluator (``badugi``, ``ace_to_five``, ``deuce_to_seven``), and
decides each outcome from the value's own words: its size, its top card, its
category. It shares nothing with ``evaluator.odds`` but the deck.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator import (
    DECK,
    EvaluatorError,
    ace_to_five,
    badugi,
    deuce_to_seven,
    get_profile,
    parse_cards,
)
from evaluator.odds import DrawTooLarge, draw_cost, draw_odds, lowest_target, target_ranks
from evaluator.tables import position_ace_high, position_ace_low

from .strategies import relabel, suit_permutations

GAMES = ["badacey", "badeucey", "badugi", "ace_to_five", "deuce_to_seven"]


# --- the independent brute force ----------------------------------------------


def _position(rank: int, *, ace_high: bool) -> int:
    return position_ace_high(rank) if ace_high else position_ace_low(rank)


def brute_force(game, kept, *, discarded=(), dead=(), badugi_top=None, low_top=None):
    """Counts of each outcome over every draw, read from the slow evaluator's values."""
    profile = get_profile(game)
    kept, discarded, dead = parse_cards(kept), parse_cards(discarded), parse_cards(dead)
    gone = set(kept) | set(discarded) | set(dead)
    pool = [c for c in DECK if c not in gone]
    draw = profile.hand_size - len(kept)
    ace_high = profile.badugi_ace_high
    low_kind = next((k for k in profile.awards if k != "badugi"), None)
    low_read = {"ace_to_five": ace_to_five, "deuce_to_seven": deuce_to_seven}.get(low_kind)
    low_ace_high = low_kind == "deuce_to_seven"
    counts = {"badugi": 0, "badugi_top": 0, "low": 0, "both": 0}
    for extra in combinations(pool, draw):
        hand = (*kept, *extra)
        top_badugi = False
        if "badugi" in profile.awards:
            value = badugi(hand, ace_high=ace_high)
            if value.size == 4:
                counts["badugi"] += 1
                top_badugi = badugi_top is None or _position(
                    value.ranks[0], ace_high=ace_high
                ) <= _position(badugi_top, ace_high=ace_high)
                counts["badugi_top"] += top_badugi
        if low_read is not None:
            low = low_read(hand)
            made = low.category == "no pair" and (
                low_top is None
                or _position(low.ranks[0], ace_high=low_ace_high)
                <= _position(low_top, ace_high=low_ace_high)
            )
            counts["low"] += made
            counts["both"] += made and top_badugi
    return counts, comb(len(pool), draw)


def assert_matches_brute_force(game, kept, **options):
    odds = draw_odds(game, kept, **options)
    expected, total = brute_force(game, kept, **options)
    assert odds.combinations == total
    for outcome in odds.outcomes:
        assert outcome.total == total
        assert outcome.hits == expected[outcome.key], outcome.description
    return odds


# --- counts done by hand ----------------------------------------------------------


def test_a_three_card_a23_badugi_drawing_one_has_ten_outs():
    odds = draw_odds("badugi", "A♠ 2♥ 3♦", discarded="K♠")
    badugi_draw = odds.outcome("badugi")
    # By hand: the missing suit (clubs), any rank the hand does not already hold.
    assert badugi_draw.hits == 10
    assert badugi_draw.outs == tuple(c for c in DECK if c.suit == "c" and c.rank not in (1, 2, 3))
    assert badugi_draw.total == 48  # 52 less the four cards held
    assert badugi_draw.probability == Fraction(10, 48)


def test_known_dead_cards_are_not_outs():
    odds = draw_odds("badugi", "A♠ 2♥ 3♦", discarded="K♠", dead="5♣ 6♣ 9♥")
    outs = odds.outcome("badugi").outs
    assert len(outs) == 8  # ten clubs less the two seen elsewhere
    assert {c.text for c in parse_cards("5♣ 6♣")}.isdisjoint(c.text for c in outs)
    assert odds.unseen == 45


def test_a_wheel_draw_at_ace_to_five_needs_one_of_the_four_fives():
    odds = draw_odds("ace_to_five", "A♠ 2♥ 3♦ 4♣", discarded="K♠", low_top=5)
    assert odds.outcome("low").outs == tuple(c for c in DECK if c.rank == 5)


def test_a_deuce_to_seven_draw_to_2345_cannot_use_a_six():
    # A six makes a straight, so a seven-high low needs a seven; an eight-high
    # low also takes the eights.
    seven = draw_odds("deuce_to_seven", "2♠ 3♥ 4♦ 5♣", discarded="K♠", low_top=7)
    assert seven.outcome("low").outs == tuple(c for c in DECK if c.rank == 7)
    eight = draw_odds("deuce_to_seven", "2♠ 3♥ 4♦ 5♣", discarded="K♠", low_top=8)
    assert eight.outcome("low").hits == 8


def test_a_deuce_to_seven_flush_draw_loses_the_cards_of_its_suit():
    odds = draw_odds("deuce_to_seven", "2♠ 3♠ 4♠ 7♠", discarded="K♥", low_top=8)
    # By hand: a 5, 6 or 8 pairs nothing and makes no straight, but a spade
    # makes a flush, so each counts in the three other suits.
    assert odds.outcome("low").outs == tuple(
        c for c in DECK if c.rank in (5, 6, 8) and c.suit != "s"
    )


def test_a_made_badugi_and_a_four_card_low_in_badacey():
    odds = draw_odds("badacey", "A♠ 2♥ 3♦ 4♣", discarded="K♠", badugi_top=8, low_top=8)
    # The Badugi is already made; the low needs a 5, 6, 7 or 8 of any suit.
    assert odds.outcome("badugi").hits == odds.outcome("badugi_top").hits == 47
    fives_to_eights = tuple(c for c in DECK if 5 <= c.rank <= 8)
    assert odds.outcome("low").outs == fives_to_eights
    assert odds.outcome("both").outs == fives_to_eights


def test_a_two_card_badugi_drawing_two_counts_one_card_of_each_missing_suit():
    odds = draw_odds("badugi", "A♠ 2♥", discarded="A♥ 2♠")
    # A diamond and a club, each from the eleven ranks 3 to K, and not of the same rank.
    assert odds.outcome("badugi").hits == 11 * 11 - 11
    assert odds.combinations == comb(48, 2)


def test_standing_pat_is_certain_either_way():
    made = draw_odds("badugi", "A♠ 2♥ 3♦ 4♣")
    assert made.draw == 0 and made.combinations == 1
    assert made.outcome("badugi").hits == 1
    missed = draw_odds("badugi", "A♠ 2♥ 3♦ 4♦")
    assert missed.outcome("badugi").hits == 0


# --- the brute force, on small cases ----------------------------------------------


@pytest.mark.parametrize(
    ("game", "kept", "options"),
    [
        ("badacey", "A♠ 2♥ 3♦", {"discarded": "K♠ Q♠", "badugi_top": 7, "low_top": 8}),
        ("badeucey", "2♠ 4♥ 7♦", {"discarded": "A♠ Q♠", "badugi_top": 8, "low_top": 9}),
        ("badacey", "5♣ 3♦", {"discarded": "K♠ Q♠ J♥", "dead": "4♥ 6♠ 7♣", "low_top": 7}),
        ("badugi", "K♣ 4♦", {"discarded": "Q♣ 4♠", "badugi_top": 9}),
        ("ace_to_five", "6♠ 7♠", {"discarded": "K♠ Q♠ J♥"}),
        ("deuce_to_seven", "2♠ 7♠", {"discarded": "K♠ Q♠ J♥", "low_top": 9}),
    ],
)
def test_two_and_three_card_draws_match_the_brute_force(game, kept, options):
    assert_matches_brute_force(game, kept, **options)


def test_a_four_card_draw_with_many_dead_cards_matches_the_brute_force():
    # Thirty dead cards leave eighteen unseen, so the brute force stays small.
    dead = [c for c in DECK if c.rank >= 10 or c.suit == "h"][:30]
    kept = [c for c in DECK if c not in dead][:1]
    assert_matches_brute_force("badacey", kept, dead=dead, badugi_top=9, low_top=9)


def test_a_five_card_draw_matches_the_brute_force_on_a_small_stub():
    dead = DECK[:36]  # aces to nines gone: only tens to kings can come
    odds = assert_matches_brute_force("badeucey", (), dead=dead)
    assert odds.combinations == comb(16, 5)


@st.composite
def draw_questions(draw, max_draw: int = 2, dead: tuple[int, int] = (0, 6)):
    game = draw(st.sampled_from(GAMES))
    profile = get_profile(game)
    cards = draw(st.permutations(DECK))
    count = draw(st.integers(0, min(max_draw, profile.hand_size)))
    kept = cards[: profile.hand_size - count]
    discarded = cards[profile.hand_size - count : profile.hand_size]
    dead = cards[profile.hand_size : profile.hand_size + draw(st.integers(*dead))]
    options = {"discarded": discarded, "dead": dead}
    if "badugi" in profile.awards:
        options["badugi_top"] = draw(st.sampled_from(target_ranks(profile, "badugi")))
    low = next((k for k in profile.awards if k != "badugi"), None)
    if low:
        options["low_top"] = draw(st.sampled_from(target_ranks(profile, low)))
    return game, kept, options


@settings(max_examples=40, deadline=None)
@given(draw_questions())
def test_random_draws_of_up_to_two_cards_match_the_brute_force(question):
    game, kept, options = question
    odds = assert_matches_brute_force(game, kept, **options)
    if odds.draw == 1:
        for outcome in odds.outcomes:
            assert len(outcome.outs) == outcome.hits


@settings(max_examples=15, deadline=None)
@given(draw_questions(max_draw=5, dead=(30, 32)))
def test_random_draws_of_up_to_five_cards_from_a_short_stub_match_the_brute_force(question):
    game, kept, options = question
    assert_matches_brute_force(game, kept, **options)


# --- properties -------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(draw_questions(max_draw=3), suit_permutations)
def test_renaming_the_suits_changes_no_count(question, mapping):
    game, kept, options = question
    renamed = {
        key: relabel(value, mapping) if key in ("discarded", "dead") else value
        for key, value in options.items()
    }
    before = draw_odds(game, kept, **options)
    after = draw_odds(game, relabel(kept, mapping), **renamed)
    assert [o.hits for o in before.outcomes] == [o.hits for o in after.outcomes]


@settings(max_examples=25, deadline=None)
@given(draw_questions(max_draw=3))
def test_narrower_targets_are_never_more_likely(question):
    game, kept, options = question
    odds = draw_odds(game, kept, **options)
    hits = {o.key: o.hits for o in odds.outcomes}
    if "badugi_top" in hits:
        assert hits["badugi_top"] <= hits["badugi"]
    if "both" in hits:
        assert hits["both"] <= min(hits["low"], hits.get("badugi_top", hits["badugi"]))
    assert all(0 <= o.hits <= o.total == odds.combinations for o in odds.outcomes)


# --- what it refuses ------------------------------------------------------------


def test_the_cost_is_known_before_dealing_and_a_limit_refuses_big_draws():
    assert draw_cost("badacey", "") == comb(52, 5)
    assert draw_cost("badacey", "A♠", discarded="K♠ Q♠ J♠ 10♠") == comb(47, 4)
    with pytest.raises(DrawTooLarge) as refused:
        draw_odds("badacey", "A♠", discarded="K♠ Q♠ J♠ 10♠", limit=100_000)
    assert refused.value.combinations == comb(47, 4)
    assert "178,365" in str(refused.value) and "100,000" in str(refused.value)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: draw_odds("badugi", "A♠ 2♥ 3♦", dead="3♦"), "3♦ is both kept and among the dead"),
        (lambda: draw_odds("badugi", "A♠ 2♥ 3♦", discarded="4♣ 5♣"), "make 5"),
        (lambda: draw_odds("badugi", "A♠ A♠"), "appears twice"),
        (lambda: draw_odds("ace_to_five", "A♠", badugi_top=8), "no Badugi half"),
        (lambda: draw_odds("badugi", "A♠", low_top=8), "no five-card low"),
        (lambda: draw_odds("deuce_to_seven", "2♠", low_top=6), "lower than seven-high"),
        (lambda: draw_odds("badeucey", "2♠", badugi_top=4), "lower than five-high"),
        (lambda: draw_odds("badacey", "2♠", low_top=14), "from ace to king"),
        (lambda: draw_odds("badacey", "2♠", dead=DECK[:1] + DECK[5:]), "too few to draw 4"),
        (lambda: draw_odds("chess", "2♠"), "not a game"),
    ],
)
def test_bad_questions_get_a_sentence_naming_the_problem(call, words):
    with pytest.raises(EvaluatorError) as refused:
        call()
    assert words in str(refused.value)


def test_the_best_targets_are_the_best_hands_of_each_half():
    # The best hand of each half, read by the evaluator, has the lowest target as its top card.
    badacey, badeucey = get_profile("badacey"), get_profile("badeucey")
    assert badugi(parse_cards("A♠ 2♥ 3♦ 4♣")).ranks[0] == lowest_target(badacey, "badugi")
    assert badugi(parse_cards("2♠ 3♥ 4♦ 5♣"), ace_high=True).ranks[0] == lowest_target(
        badeucey, "badugi"
    )
    assert ace_to_five(parse_cards("A♠ 2♥ 3♦ 4♣ 5♣")).ranks[0] == lowest_target(
        badacey, "ace_to_five"
    )
    assert deuce_to_seven(parse_cards("2♠ 3♥ 4♦ 5♣ 7♣")).ranks[0] == lowest_target(
        badeucey, "deuce_to_seven"
    )
