"""A card room's money: a hand read in cents keeps its units through the notation and the replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.deal import DealError
from evaluator.hand_histories import read_text, to_notation
from evaluator.money import Money
from evaluator.notation import format_deal, parse_deal
from evaluator.replay import replay

DATA = Path(__file__).parent / "hand_histories"


def cents_hand():
    results = read_text((DATA / "game_badugi.txt").read_text(encoding="utf-8"))
    return next(r.verified for r in results if r.verified.record.money)


def test_a_hand_in_cents_keeps_its_currency_through_the_notation():
    hand = cents_hand()
    money = hand.record.money
    assert money == Money(cents=True, currency="USD")
    again = parse_deal(to_notation(hand))
    assert again.money == money
    assert parse_deal(format_deal(again)) == again


def test_the_replay_s_sentences_give_the_room_s_amounts():
    hand = cents_hand()
    played = replay(parse_deal(to_notation(hand)))
    money = hand.record.money
    raised = next(s for s in played.steps if s.kind == "action" and s.action == "raise")
    assert f"raises to {money.amount(raised.state.bet_to)}" in raised.text
    assert f"The pot is {money.amount(raised.state.pot)}." in raised.text
    paid = next(s for s in played.steps if s.kind == "payout")
    assert paid.text.endswith(f"receives {money.amount(paid.amount)}.")
    assert str(paid.amount) not in paid.text  # never the bare cents


def test_a_deal_without_money_reads_as_plain_chips():
    results = read_text((DATA / "mix_badacey.txt").read_text(encoding="utf-8"))
    whole = next(r.verified for r in results if r.verified.scale == 1)
    assert whole.record.money is None
    assert "money" not in to_notation(whole)


def test_the_money_line_is_read_only_before_the_seats():
    lines = [
        line for line in to_notation(cents_hand()).splitlines() if not line.startswith("money")
    ]
    lines.insert(len(lines) - 1, "money in USD cents")
    with pytest.raises(DealError, match="money line"):
        parse_deal("\n".join(lines))
