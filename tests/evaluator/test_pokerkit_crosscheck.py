"""Cross-check against pokerkit, an independent implementation of the same rankings.

Mapping (read from pokerkit 0.7's ``hands.py``): ``RegularLowHand`` is the
ace-to-five low (flushes ignored, no straights), ``StandardLowHand`` the
deuce-to-seven low (ace high, straights that do not wrap, flushes count),
``BadugiHand`` the ace-low Badugi and ``StandardBadugiHand`` the ace-high
(deuce-to-seven) Badugi that Badeucey uses. pokerkit writes tens as ``T`` and
compares hands so that ``a > b`` means a is the stronger hand, even for lows,
the same convention as ours.

Instead of comparing random pairs, each check sorts a sample by our strength
and asks pokerkit about every neighbouring pair: both orders are total, so
agreeing on neighbours means agreeing on all pairs of the sample.
"""

from __future__ import annotations

import random

# A plain import: pokerkit is a dev dependency, so a missing copy must fail the
# suite rather than quietly skip the only independent check of the rankings.
import pokerkit

from evaluator import DECK, ace_to_five, deuce_to_seven, fast, parse_cards


def notation(cards) -> str:
    return "".join(("T" if c.rank == 10 else c.rank_text) + c.suit for c in cards)


def sample_hands(count: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    return [tuple(rng.sample(DECK, 5)) for _ in range(count)]


def sign(a, b) -> int:
    return (a > b) - (a < b)


def assert_same_order(hands, ours, theirs) -> None:
    """Sorted by our strength, pokerkit must rank each neighbour the same way."""
    rows = sorted(zip(ours, theirs, hands, strict=True), key=lambda row: row[0])
    disagreements = [
        (lo[2], hi[2])
        for lo, hi in zip(rows, rows[1:], strict=False)
        if sign(hi[0], lo[0]) != sign(hi[1], lo[1])
    ]
    assert disagreements[:3] == []


def strengths(hands, which: int, function):
    return [function(*(c.index for c in hand))[which] for hand in hands]


def test_ace_to_five_agrees_with_regular_low_hand():
    hands = sample_hands(20_000, seed=1)
    theirs = [pokerkit.RegularLowHand(notation(h)) for h in hands]
    assert_same_order(hands, strengths(hands, 0, fast.badacey_strengths), theirs)


def test_deuce_to_seven_agrees_with_standard_low_hand():
    hands = sample_hands(20_000, seed=2)
    theirs = [pokerkit.StandardLowHand(notation(h)) for h in hands]
    assert_same_order(hands, strengths(hands, 0, fast.badeucey_strengths), theirs)


def test_ace_low_badugi_agrees_with_badugi_hand():
    hands = sample_hands(8_000, seed=3)
    theirs = [pokerkit.BadugiHand.from_game(notation(h)) for h in hands]
    assert_same_order(hands, strengths(hands, 1, fast.badacey_strengths), theirs)


def test_ace_high_badugi_agrees_with_standard_badugi_hand():
    hands = sample_hands(8_000, seed=4)
    theirs = [pokerkit.StandardBadugiHand.from_game(notation(h)) for h in hands]
    assert_same_order(hands, strengths(hands, 1, fast.badeucey_strengths), theirs)


def test_rare_categories_agree_too():
    """Random samples seldom hold straight flushes or quads, so name them outright."""
    texts = [
        "6h 5h 4h 3h 2h",  # straight flush: worst for 2-7, a plain six-low for A-5
        "As 2s 3s 4s 5s",  # suited wheel: best A-5; 2-7 reads a flush, ace high
        "Ts Js Qs Ks As",
        "Ks Kh Kd Kc Qs",
        "As Ah Ad Ac 2s",
        "3s 3h 3d 2c 2s",
        "7s 5h 4d 3c 2s",
        "Ah 2d 3c 4s 5h",
    ]
    hands = [parse_cards(t) for t in texts]
    for ours, theirs in [
        (ace_to_five, pokerkit.RegularLowHand),
        (deuce_to_seven, pokerkit.StandardLowHand),
    ]:
        for a in hands:
            for b in hands:
                assert sign(ours(a), ours(b)) == sign(theirs(notation(a)), theirs(notation(b)))


def test_both_read_a_wheel_in_deuce_to_seven_as_ace_high_not_a_straight():
    """Text 004 says A-2-3-4-5 is ace-high in 2-7; pokerkit's non-wrapping straights agree."""
    wheel, king = parse_cards("Ac 2d 3h 4s 5c"), parse_cards("Kc 5d 4h 3s 2c")
    assert deuce_to_seven(wheel).category == "no pair"
    assert str(pokerkit.StandardLowHand(notation(wheel))).startswith("High card")
    assert deuce_to_seven(king) > deuce_to_seven(wheel)
    assert pokerkit.StandardLowHand(notation(king)) > pokerkit.StandardLowHand(notation(wheel))
