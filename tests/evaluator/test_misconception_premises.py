"""When several wrong ideas explain one answer, the one the cards show is named.

Reading a deuce-to-seven straight as harmless gives the same winners as
reading the whole hand as ace-to-five, but only a hand with an ace can
show the ace's rank at fault. A-2-3-4-5 read as a straight in ace-to-five
is the straights rule, though the ace read high would give the same winner.
The right and wrong answers are the engine's and the beliefs' own.
"""

from __future__ import annotations

import pytest

from evaluator import get_profile, parse_cards, settle
from evaluator.misconceptions import MISCONCEPTIONS, winner_beliefs, winners_mistake


def named(game: str, kind: str, hands: list[str]):
    """The misconception named for every wrong answer some belief gives, by answer."""
    profile = get_profile(game)
    cards = [parse_cards(h) for h in hands]
    outcome = settle(profile, cards, pot=0)
    award = next(a for a in outcome.pots[0].awards if a.kind == kind)
    right = frozenset(award.winners)
    found = {}
    for answers in winner_beliefs(profile, kind, cards).values():
        for wrong in answers:
            if wrong != right:
                found[wrong] = winners_mistake(wrong, profile, kind, cards, award.winners)
    return found


NO_ACE = [
    ("badeucey", ["8♠ 7♥ 6♦ 5♣ 4♠", "K♠ Q♥ 9♦ 3♣ 2♦"]),  # a straight
    ("badeucey", ["9♠ 7♠ 6♠ 4♠ 3♠", "K♥ Q♦ 10♣ 8♥ 2♦"]),  # a flush
    ("deuce_to_seven", ["8♠ 7♥ 6♦ 5♣ 4♠", "K♠ Q♥ 9♦ 3♣ 2♦"]),
]


@pytest.mark.parametrize("game, hands", NO_ACE)
def test_a_straight_or_flush_read_as_harmless_without_an_ace_is_the_straights_rule(game, hands):
    found = named(game, "deuce_to_seven", hands)
    assert found, "the test hands must give a wrong answer to diagnose"
    for mistake in found.values():
        assert mistake is not None
        assert mistake.name == "straights-ignored-in-deuce-to-seven"
        assert "ace" not in mistake.correction


def test_the_wheel_read_as_a_straight_in_ace_to_five_is_the_straights_rule():
    found = named("badacey", "ace_to_five", ["A♠ 2♥ 3♦ 4♣ 5♣", "2♣ 3♥ 4♠ 5♦ 7♣"])
    assert {m.name for m in found.values()} == {"straights-count-in-ace-to-five"}
    assert "straights" in MISCONCEPTIONS["straights-count-in-ace-to-five"].correction


def test_an_ace_read_high_with_no_straight_or_flush_is_still_the_ace_rule():
    found = named("badacey", "ace_to_five", ["A♠ 3♥ 5♦ 7♣ 9♣", "2♣ 4♥ 6♠ 8♦ 10♣"])
    assert {m.name for m in found.values()} == {"ace-high-in-ace-to-five"}


def test_the_ace_read_low_in_deuce_to_seven_is_named_when_an_ace_decides():
    found = named("badeucey", "deuce_to_seven", ["A♠ 3♥ 5♦ 7♣ 9♣", "K♣ 4♥ 6♠ 8♦ 10♣"])
    assert {m.name for m in found.values()} == {"ace-low-in-deuce-to-seven"}


def test_picking_the_high_hand_in_a_low_is_named_as_high_hand_wins_not_a_flush_note():
    """Five low clubs against K-Q-J-10-9: the learner who names the kings read a low as high."""
    found = named("badacey", "ace_to_five", ["A♣ 2♣ 3♣ 4♣ 6♣", "K♠ Q♥ J♦ 10♣ 9♠"])
    assert {m.name for m in found.values()} == {"high-hand-wins-ace-to-five"}
    found = named("badeucey", "deuce_to_seven", ["7♣ 5♦ 4♣ 3♥ 2♠", "K♠ Q♥ J♦ 9♣ 8♠"])
    assert {m.name for m in found.values()} == {"high-hand-wins-deuce-to-seven"}
