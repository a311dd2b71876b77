"""PHH export: PokerKit reads the files back and plays them to the same stacks.

PokerKit takes no rake, so each hand is compared with the same deal replayed
without one; the product code never imports PokerKit, only this test does.
"""

from __future__ import annotations

import ast
import dataclasses
from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit import HandHistory

import evaluator.hand_histories.phh as phh_module
from evaluator import EvaluatorError
from evaluator.hand_histories import read_text, to_phh
from evaluator.replay import replay

DATA = Path(__file__).parent / "hand_histories"


def verified_hands(*names: str):
    for name in names:
        for result in read_text((DATA / name).read_text(encoding="utf-8")):
            yield result.verified


EXPORTABLE = [
    v
    for v in verified_hands(
        "game_badugi.txt", "game_deuce_to_seven.txt", "mix_badugi.txt", "mix_deuce_to_seven.txt"
    )
    if v.hand_id != "1200000001"  # its big blind posted out of position has no PHH form
]


@pytest.mark.parametrize("hand", EXPORTABLE, ids=lambda v: v.hand_id)
def test_pokerkit_reads_the_export_and_ends_with_the_engine_s_stacks(hand):
    text = to_phh(hand.replay, hand=hand.hand_id)
    history = HandHistory.loads(text)
    assert history.variant == {"badugi": "FB", "deuce_to_seven": "F2L3D"}[hand.game]
    final = list(history)[-1]
    unraked = replay(dataclasses.replace(hand.record, rake=0))
    # The file is in the room's units: a hand read in cents is in dollars and cents.
    scale = hand.record.money.scale if hand.record.money else 1
    ends = {row.name: Decimal(row.end) / scale for row in unraked.ledger.rows}
    assert dict(zip(history.players, final.stacks, strict=True)) == ends


def test_a_hand_in_cents_is_written_in_the_room_s_money_with_its_currency():
    hand = next(v for v in EXPORTABLE if v.record.money and v.record.money.cents)
    history = HandHistory.loads(to_phh(hand.replay, hand=hand.hand_id))
    assert history.currency == hand.record.money.currency
    stacks = [Decimal(seat.stack) / 100 for seat in hand.record.seats]
    assert sorted(history.starting_stacks) == sorted(stacks)
    assert history.small_bet == Decimal(hand.record.settings["small_bet"]) / 100


def test_a_blind_posted_out_of_position_is_refused_with_a_reason():
    (hand,) = [v for v in verified_hands("game_deuce_to_seven.txt") if v.hand_id == "1200000001"]
    with pytest.raises(EvaluatorError, match="out of position has no PHH form"):
        to_phh(hand.replay)


@pytest.mark.parametrize("name", ["mix_badacey.txt", "mix_badeucey.txt", "mix_ace_to_five.txt"])
def test_games_without_a_phh_code_are_refused(name):
    hand = next(verified_hands(name))
    with pytest.raises(EvaluatorError, match="PHH has no variant code for"):
        to_phh(hand.replay)


def test_the_export_does_not_import_pokerkit():
    tree = ast.parse(Path(phh_module.__file__).read_text(encoding="utf-8"))
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        node.module.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
    }
    assert "pokerkit" not in imported
