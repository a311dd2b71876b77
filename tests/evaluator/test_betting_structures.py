"""Pot-limit, half-pot-limit and no-limit sizes: the big-bet rules of ``betting.Table``.

Every expected size is computed from the table's own numbers by the rule a
player would state ("call, then raise the pot"), never typed in alone.
"""

from __future__ import annotations

import pytest

from evaluator import EvaluatorError, get_profile
from evaluator.betting import Table
from evaluator.deal import DealError


def table(structure, stacks=(200, 200, 200), button=0):
    """Three seats, blinds 1/2, the button (seat 0) first to act before the draw."""
    profile = get_profile(
        "badacey", structure=structure, small_blind=1, big_blind=2, small_bet=2, big_bet=2
    )
    t = Table(profile, ("Ann", "Ben", "Cy"), list(stacks), button)
    list(t.post_forced_bets())
    return t


def pot_size_raise_to(t):
    """Call first, then raise the whole pot as it stands after the call."""
    o = t.options()
    return t.bet_to + t.pot + o.to_call


def test_the_pot_size_raise_is_a_call_then_the_pot():
    t = table("pot-limit")
    most = pot_size_raise_to(t)
    assert t.options().largest == most == 2 + (1 + 2) + 2
    t.act(0, "raise", most)
    with pytest.raises(DealError, match="call 6, then raise the pot"):
        t.act(1, "raise", pot_size_raise_to(t) + 1)
    most = pot_size_raise_to(t)
    assert t.act(1, "raise", most) == most - 1  # the small blind's chip is already in


def test_a_bet_over_the_pot_is_refused_and_the_pot_bet_is_allowed_after_the_draw():
    t = table("pot-limit")
    t.act(0, "call")
    t.act(1, "call")
    t.act(2, "check")
    t.finish_round()
    t.start_round(1)
    pot = t.pot
    with pytest.raises(DealError, match=f"the most after draw one is to {pot}"):
        t.act(1, "bet", pot + 1)
    assert t.act(1, "bet", pot) == pot


def test_half_pot_allows_half_of_the_pot_size_addition():
    t = table("half-pot-limit")
    o = t.options()
    after_call = t.pot + o.to_call
    assert o.largest == t.bet_to + (after_call + 1) // 2
    with pytest.raises(DealError, match="half the pot"):
        t.act(0, "raise", o.largest + 1)


def test_the_minimum_raise_is_the_last_full_raise_again():
    t = table("no-limit")
    t.act(0, "raise", 10)  # a raise of 8 over the big blind
    with pytest.raises(DealError, match="the smallest full raise before the draw is to 18"):
        t.act(1, "raise", 17)
    assert t.act(1, "raise", 18) == 17


def test_no_limit_allows_any_size_up_to_the_stack():
    t = table("no-limit")
    assert t.options().largest == 200
    t.act(0, "raise", 20)
    with pytest.raises(DealError, match="more than the 200"):
        t.act(1, "raise", 201)


def test_a_short_all_in_does_not_reopen_and_the_next_raise_counts_from_the_last_full_one():
    t = table("no-limit", stacks=(200, 15, 200))
    t.act(0, "raise", 10)  # full raise of 8
    t.act(1, "all-in")  # to 15: short of the full raise to 18
    assert t.bet_to == 15
    t.act(2, "call")
    assert t.to_act == 0
    assert t.options().kinds == ("fold", "call")
    with pytest.raises(DealError, match="not reopened"):
        t.act(0, "raise", 30)


def test_a_seat_yet_to_act_may_raise_over_a_short_all_in_by_the_last_full_raise():
    t = table("no-limit", stacks=(200, 15, 200))
    t.act(0, "raise", 10)
    t.act(1, "all-in")
    with pytest.raises(DealError, match="is to 23"):  # 15 + the last full raise of 8
        t.act(2, "raise", 22)
    assert t.act(2, "raise", 23) == 21


def test_an_all_in_over_the_pot_is_refused_in_pot_limit():
    t = table("pot-limit", stacks=(50, 200, 200))
    with pytest.raises(DealError, match="in pot limit the most before the draw is to 7"):
        t.act(0, "all-in")


def test_big_bet_structures_have_no_cap():
    t = table("no-limit", stacks=(10_000, 10_000, 10_000))
    for _ in range(6):
        seat = t.to_act
        t.act(seat, "raise", t.options().target)
    assert t.bets == 7


def test_fixed_limit_keeps_its_one_size_and_its_cap():
    t = table("fixed-limit")
    o = t.options()
    assert o.largest == o.target == 4
    with pytest.raises(DealError, match="a full raise is to 4"):
        t.act(0, "raise", 5)


def test_an_unknown_structure_or_draw_count_is_refused_on_entry():
    with pytest.raises(EvaluatorError, match="structure must be one of"):
        get_profile("badugi", structure="spread-limit")
    with pytest.raises(EvaluatorError, match="one, two or three draws"):
        get_profile("badugi", draws=4)


def test_the_lessons_profiles_keep_their_settings_and_a_room_form_names_itself():
    assert "structure" not in get_profile("badacey").settings()
    single = get_profile("deuce_to_seven", structure="no-limit", draws=1)
    assert single.settings()["draws"] == 1
    assert single.title == "no-limit 2-7 single draw"
    assert get_profile("badacey", structure="pot-limit", draws=2).title == (
        "pot-limit Badacey (double draw)"
    )


def four_seats_no_limit(stacks: list[int]) -> Table:
    """Badacey no limit, blinds 1-2, Dee on the button: Ann and Ben post, Cy acts first."""
    profile = get_profile(
        "badacey", structure="no-limit", small_blind=1, big_blind=2, small_bet=2, big_bet=2
    )
    return Table(profile, ("Ann", "Ben", "Cy", "Dee"), stacks, 3)


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting():
    t = four_seats_no_limit([500, 14, 19, 500])
    list(t.post_forced_bets())  # Ann small blind, Ben big blind; Cy acts first
    t.act(2, "fold")
    t.act(3, "call")
    t.act(0, "call")
    t.act(1, "check")
    t.finish_round()
    t.start_round(1)  # after the draw Ann acts first
    t.act(0, "bet", 10)
    t.act(1, "all-in")  # to 12: short of the full raise to 20
    assert t.options().kinds == ("fold", "call", "raise", "all-in")
    t.act(3, "call")
    assert "raise" not in t.options().kinds  # Ann: 2 more is not a full raise
    t.act(0, "call")
    assert t.round_over


def test_two_short_all_ins_together_reopen_for_the_seat_that_bet():
    t = four_seats_no_limit([500, 16, 22, 500])
    list(t.post_forced_bets())
    t.act(2, "call")
    t.act(3, "call")
    t.act(0, "call")
    t.act(1, "check")
    t.finish_round()
    t.start_round(1)
    t.act(0, "bet", 10)  # a full bet of 10
    t.act(1, "all-in")  # to 14: short
    t.act(2, "all-in")  # to 20: short of the raise to 24, but 10 more than Ann's bet
    t.act(3, "call")
    assert t.to_act == 0
    assert "raise" in t.options().kinds  # together a full raise since Ann acted
    assert t.options().target == 20 + 10
