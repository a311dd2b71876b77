"""The two worked deals of the lessons, replayed from their notation files.

Only the numbers printed in the reference texts are typed here: the Badacey
lesson's deal (seed 000) and exercise 6 of the Badugi lesson (seed 003).
"""

from __future__ import annotations

import pytest

from evaluator import settle
from evaluator.deal import DrawLine
from evaluator.notation import format_deal, parse_deal
from evaluator.replay import replay
from evaluator.worked_deals import WORKED_DEALS, worked_deal


@pytest.fixture(scope="module")
def badacey_deal():
    return replay(parse_deal(worked_deal("amara_bram_kira_noor")))


@pytest.fixture(scope="module")
def mara_deal():
    return replay(parse_deal(worked_deal("mara_badugi")))


def by_name(rows):
    return {row.name: row for row in rows}


def test_the_pot_after_each_betting_round_matches_the_lesson(badacey_deal):
    assert badacey_deal.round_pots == (24, 48, 72, 120)


def test_the_opening_round_follows_the_lesson_order(badacey_deal):
    actions = [
        (s.state.seats[s.actor].name, s.action, s.amount)
        for s in badacey_deal.steps[:8]
        if s.kind in ("post", "action")
    ]
    assert actions == [
        ("Bram", "small blind", 3),
        ("Kira", "big blind", 6),
        ("Noor", "call", 6),
        ("Amara", "call", 6),
        ("Bram", "call", 3),
        ("Kira", "check", 0),
    ]


def test_bram_and_kira_fold_after_draw_two_and_get_no_third_draw(badacey_deal):
    third_draw = [
        s for s in badacey_deal.steps if s.kind == "draw" and s.state.street == "draw three"
    ]
    assert [s.state.seats[s.actor].name for s in third_draw] == ["Noor", "Amara"]
    last = badacey_deal.steps[-1].state
    seats = by_name(last.seats)
    assert seats["Bram"].folded and seats["Kira"].folded
    assert len(seats["Bram"].draws) == len(seats["Kira"].draws) == 2
    assert len(seats["Noor"].draws) == len(seats["Amara"].draws) == 3


def test_the_contribution_table_matches_the_lesson(badacey_deal):
    table = badacey_deal.contributions
    rows = by_name(table.rows)
    assert rows["Bram"].rounds == (6, 6, 0, 0) and rows["Bram"].total == 12
    assert rows["Kira"].rounds == (6, 6, 0, 0) and rows["Kira"].total == 12
    assert rows["Noor"].rounds == (6, 6, 12, 24) and rows["Noor"].total == 48
    assert rows["Amara"].rounds == (6, 6, 12, 24) and rows["Amara"].total == 48
    assert table.totals == (24, 24, 24, 48)
    assert table.total == 120


def showdown_of(played):
    """The same deal settled directly: its final hands, folds and chips, no history."""
    final = played.settlement
    return settle(
        final.profile,
        [None if seat.folded else " ".join(str(c) for c in seat.cards) for seat in final.seats],
        contributions=[row.contributed for row in played.ledger.rows],
        names=list(final.names),
        button=final.button,
    )


def test_the_replay_pays_what_a_showdown_of_its_final_hands_and_chips_pays(badacey_deal):
    # The seed's own figures (90 and 30) are checked in test_reference_answers.py.
    assert badacey_deal.settlement.payouts == showdown_of(badacey_deal).payouts
    payout_steps = [s.text for s in badacey_deal.steps if s.kind == "payout"]
    paid = zip(badacey_deal.settlement.names, badacey_deal.settlement.payouts, strict=True)
    for name, amount in paid:
        assert (f"{name} receives {amount}." in payout_steps) == (amount > 0), name


def test_the_stack_ledger_matches_the_lesson(badacey_deal):
    ledger = badacey_deal.ledger
    rows = by_name(ledger.rows)
    assert (rows["Bram"].start, rows["Bram"].contributed, rows["Bram"].end) == (240, 12, 228)
    assert (rows["Kira"].start, rows["Kira"].contributed, rows["Kira"].end) == (240, 12, 228)
    assert (rows["Noor"].contributed, rows["Noor"].received, rows["Noor"].end) == (48, 30, 222)
    assert (rows["Amara"].contributed, rows["Amara"].received, rows["Amara"].end) == (48, 90, 282)
    total = ledger.total
    assert (total.start, total.contributed, total.received, total.end) == (960, 120, 120, 960)


def test_the_deal_uses_36_distinct_cards(badacey_deal):
    assert badacey_deal.cards_used == 36
    assert badacey_deal.cards_dealt == 36


def test_every_step_has_a_sentence_and_the_final_stacks(badacey_deal):
    texts = [s.text for s in badacey_deal.steps]
    assert "Bram posts the small blind of 3. The pot is 3." in texts
    assert "Kira checks." in texts
    assert "Noor draws one: discards Q♥, receives 7♥." in texts
    assert "Amara raises to 24. The pot is 108." in texts
    final = by_name(badacey_deal.steps[-1].state.seats)
    assert {name: seat.stack for name, seat in final.items()} == {
        "Amara": 282,
        "Bram": 228,
        "Kira": 228,
        "Noor": 222,
    }
    assert badacey_deal.steps[-1].state.pot == 0


def test_mara_reads_three_card_7_3_a_then_7_3_a_then_a_7_5_3_a_badugi(mara_deal):
    def mara_read(step):
        return mara_deal.reads(step)[0]["badugi"]

    dealt = mara_deal.steps[0]
    draw_ends = [s for s in mara_deal.steps if s.kind == "round_end" and s.action == "draw"]
    reads = [mara_read(s) for s in (dealt, *draw_ends)]
    assert [(r.size, r.text) for r in reads] == [
        (3, "7-3-A"),
        (3, "7-3-A"),
        (4, "7-5-3-A"),
        (4, "7-5-3-A"),
    ]


def test_mara_follows_the_recorded_replacements(mara_deal):
    mara_draws = [s for s in mara_deal.steps if s.kind == "draw" and s.actor == 0]
    recorded = [
        (entry.discards, entry.receives)
        for street in mara_deal.record.streets
        if isinstance(street, DrawLine)
        for entry in street.entries
        if entry.seat == "Mara"
    ]
    assert [(s.discarded, s.received) for s in mara_draws] == recorded
    assert [" ".join(c.text for c in s.state.seats[0].cards) for s in mara_draws] == [
        "A♣ 3♦ 7♥ 7♠",
        "A♣ 3♦ 7♠ 5♥",
        "A♣ 3♦ 7♠ 5♥",
    ]


def test_mara_and_junos_replay_pays_what_a_showdown_of_the_same_hands_pays(mara_deal):
    # The seed's split (48 and 48 of 96) is checked in test_reference_answers.py.
    assert mara_deal.settlement.payouts == showdown_of(mara_deal).payouts
    assert mara_deal.ledger.total.contributed == mara_deal.ledger.total.received


@pytest.mark.parametrize("name", WORKED_DEALS)
def test_worked_deal_files_are_canonical_notation(name):
    text = worked_deal(name)
    assert format_deal(parse_deal(text)) == text
