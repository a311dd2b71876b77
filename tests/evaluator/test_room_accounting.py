"""The reader holds the replay against each room's own way of accounting for chips.

The "#ID: Limit" layout writes no "Uncalled bet returned" line: a bet nobody
called is left out of "wins pot (…)" and out of the seat's net. The engine
still gives those chips back; the reader must compare like the room does.
The example hand is invented for this test.
"""

from __future__ import annotations

from pathlib import Path

from evaluator.hand_histories import read_text

DATA = Path(__file__).parent / "room_accounting"


def test_a_bet_folded_to_in_the_mix_layout_agrees_with_the_room():
    (result,) = read_text((DATA / "mix_uncalled_bet.txt").read_text(encoding="utf-8"))
    assert result.ok, result.error
    played = result.verified.checked
    contributed = {row.name: row.contributed for row in played.ledger.rows}
    paid = dict(zip(played.settlement.names, played.settlement.payouts, strict=True))
    # The bettor gets everything back: the pot, and the bet nobody called.
    assert paid["Dot"] == sum(contributed.values())
    assert paid["Hero"] == paid["Eli"] == 0


def test_a_room_total_that_leaves_out_more_than_the_uncalled_bet_is_still_refused():
    text = (DATA / "mix_uncalled_bet.txt").read_text(encoding="utf-8")
    (result,) = read_text(text.replace("Dot wins pot (36)", "Dot wins pot (30)"))
    assert not result.ok
    assert "the room pays Dot" in str(result.error)
