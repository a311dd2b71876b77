"""Fixed-limit betting rules: turn order, sizes, the cap and short all-ins."""

from __future__ import annotations

import pytest

from evaluator import get_profile
from evaluator.betting import Table
from evaluator.deal import DealError
from evaluator.notation import parse_deal
from evaluator.replay import replay


def after_the_first_draw(stacks, button=2, names=("Ann", "Ben", "Cy")):
    """A table in the betting after draw one (unit 6) with nothing put in yet."""
    table = Table(get_profile("badacey"), names, stacks, button)
    table.start_round(1)
    return table


def test_a_short_all_in_raise_does_not_reopen_betting_for_a_seat_that_acted():
    table = after_the_first_draw([100, 10, 100])
    table.act(0, "bet", 6)
    table.act(1, "all-in", 10)  # short of the full raise to 12
    table.act(2, "call", 10)
    assert table.to_act == 0
    assert table.options().kinds == ("fold", "call")
    with pytest.raises(DealError, match="not reopened"):
        table.act(0, "raise", 12)
    assert table.act(0, "call") == 4
    assert table.round_over


def test_a_seat_that_has_not_acted_may_raise_over_a_short_all_in():
    table = after_the_first_draw([100, 10, 100])
    table.act(0, "bet", 6)
    table.act(1, "all-in", 10)
    assert table.act(2, "raise", 12) == 12  # a full raise counts from the last full bet
    assert table.bet_to == 12


def test_a_full_all_in_raise_reopens_the_betting():
    table = after_the_first_draw([100, 12, 100])
    table.act(0, "bet", 6)
    table.act(1, "all-in", 12)
    table.act(2, "call", 12)
    assert "raise" in table.options().kinds
    assert table.act(0, "raise", 18) == 12


def test_a_short_all_in_does_not_count_towards_the_cap():
    table = Table(get_profile("badacey", raise_cap=2), ("Ann", "Ben", "Cy"), [100, 10, 100], 2)
    table.start_round(1)
    table.act(0, "bet", 6)
    table.act(1, "all-in", 10)
    table.act(2, "raise", 12)  # the second and last bet allowed
    with pytest.raises(DealError, match="the cap of two bets is reached"):
        table.act(0, "raise", 18)


def test_an_all_in_bigger_than_a_full_raise_is_refused():
    table = after_the_first_draw([100, 40, 100])
    table.act(0, "bet", 6)
    with pytest.raises(DealError, match="the most Ben can put in after draw one is 12"):
        table.act(1, "all-in")


def test_the_big_blind_keeps_its_option_to_raise():
    table = Table(get_profile("badacey"), ("Ann", "Ben", "Cy"), [100, 100, 100], 0)
    posts = list(table.post_forced_bets())
    assert [(seat, what) for seat, what, _ in posts] == [(1, "small blind"), (2, "big blind")]
    table.act(0, "call")
    table.act(1, "call")
    assert table.to_act == 2
    assert table.options().kinds == ("fold", "check", "raise")
    table.act(2, "raise", 12)
    assert table.to_act == 0


def test_the_big_blind_is_the_opening_bet_so_a_bet_before_the_draw_is_refused():
    table = Table(get_profile("badacey"), ("Ann", "Ben", "Cy"), [100, 100, 100], 0)
    list(table.post_forced_bets())
    with pytest.raises(DealError, match="there is already a bet, so call or raise"):
        table.act(0, "bet", 6)


def test_nobody_may_raise_when_everyone_else_is_all_in():
    table = after_the_first_draw([100, 6, 100])
    table.act(0, "check")
    table.act(1, "all-in", 6)
    table.act(2, "fold")
    assert table.options().kinds == ("fold", "call")


HEADS_UP = """\
game badugi, limit 2/4, blinds 1/2, cap 4 bets, draw up to 4 cards
seat Ann, 50 chips: A♣ 3♦ 7♥ K♥
seat Ben, 50 chips: A♦ 3♥ 5♠ 7♣
button Ann
before the draw: Ann call 1, Ben check
draw 1:
  Ben pat
  Ann K♥ -> 2♠
after draw 1: Ben check, Ann check
draw 2:
  Ben pat
  Ann pat
after draw 2: Ben bet 4, Ann fold
"""


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_draw():
    result = replay(parse_deal(HEADS_UP))
    posts = [(s.actor, s.action) for s in result.steps if s.kind == "post"]
    assert posts == [(0, "small blind"), (1, "big blind")]
    first_action = next(s for s in result.steps if s.kind == "action")
    assert first_action.actor == 0
    first_draw = next(s for s in result.steps if s.kind == "draw")
    assert first_draw.actor == 1  # after the draw the seat left of the button starts


def test_heads_up_the_big_blind_cannot_be_skipped():
    with pytest.raises(DealError, match="Ben acts out of turn before the draw: it is Ann's turn"):
        replay(parse_deal(HEADS_UP.replace("Ann call 1, Ben check", "Ben check, Ann call 1")))


ANTE = """\
game badacey, limit 6/12, ante 1, cap 4 bets, draw up to 5 cards
seat Ann, 50 chips: A♣ 2♠ 3♥ 9♦ J♣
seat Ben, 50 chips: A♠ 3♣ 6♥ J♠ Q♦
seat Cy, 50 chips: A♥ 4♣ 7♦ 10♠ Q♣
button Ann
before the draw: Ben bet 6, Cy fold, Ann fold
"""


def test_an_ante_game_starts_left_of_the_button_and_antes_are_not_a_bet():
    result = replay(parse_deal(ANTE))
    ante, bet = result.profile.ante, result.profile.small_bet
    antes = [s for s in result.steps if s.kind == "post"]
    assert [s.action for s in antes] == ["ante"] * 3
    assert antes[-1].state.bet_to == 0
    assert antes[-1].state.to_act == 1
    assert result.contributions.rows[1].rounds == (ante + bet,)
    # Ben's bet goes uncalled, so Ben takes back every ante and the bet itself
    assert result.settlement.payouts == (0, 3 * ante + bet, 0)


def test_completing_a_short_all_in_bet_may_be_written_as_a_raise():
    # Rooms write the full bet over a short all-in opening bet as a raise.
    table = after_the_first_draw([100, 3, 100])
    table.act(0, "check")
    table.act(1, "all-in", 3)
    assert table.act(2, "raise", 6) == 6
    assert table.bet_to == 6
