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


# A seat coming back posts "blind 20" out of turn; the room charges it the
# missed small blind as well, dead, and writes no line for it: only the
# summary's stacks, nets and the winner's amount show the extra chips.
DEAD_BLIND = (DATA / "mix_dead_blind.txt").read_text(encoding="utf-8")


def _ledger(result):
    played = result.verified.checked
    return {row.name: row for row in played.ledger.rows}


def _room_net(text, seat_line_start):
    """The net result the summary (the last line for the seat) gives."""
    *_, line = [line for line in text.splitlines() if line.startswith(seat_line_start)]
    return int(line.rsplit(" ", 1)[1])


def test_a_blind_posted_out_of_turn_carries_the_dead_small_blind_the_room_charged():
    (result,) = read_text(DEAD_BLIND)
    assert result.ok, result.error
    assert result.agrees is True
    rows = _ledger(result)
    posts = {(p.seat, p.kind): p.amount for p in result.verified.record.posts}
    assert posts[("Dee", "dead blind")] == posts[("Hero", "small blind")]
    # Dee loses what the room says it lost, dead small blind included.
    assert -rows["Dee"].contributed == _room_net(DEAD_BLIND, "Seat 4: Dee")
    assert rows["Hero"].received - rows["Hero"].contributed == _room_net(DEAD_BLIND, "Seat 2: Hero")


def test_the_dead_money_is_never_handed_back_as_a_bet_nobody_matched():
    # Dee folds to the last bet: Hero takes the pot, the dead small blind
    # included, and gets the bet nobody called back.
    text = DEAD_BLIND.replace("Dee calls 40", "Dee folds").replace(
        "*** 3RD DRAW ***\nHero stands pat\nDee stands pat\n*** 4TH BETTING ROUND ***\n"
        "Hero checks\nDee checks\nHero shows [As 2d 3h 4c 5s]\nDee shows [7d 8h 9c Ks Qd]\n",
        "",
    )
    text = (
        text.replace("Hero (722) +122", "Hero (682) +82")
        .replace("Dee (705) -95", "Dee (745) -55")
        .replace("Hero wins pot (207)", "Hero wins pot (127)")
    )
    (result,) = read_text(text)
    assert result.ok, result.error
    played = result.verified.checked
    paid = dict(zip(played.settlement.names, played.settlement.payouts, strict=True))
    assert paid["Dee"] == 0
    assert paid["Hero"] == played.ledger.total.contributed - played.rake


def test_a_wrong_amount_for_the_same_winner_names_the_first_line_and_still_agrees():
    # The room's own figures for Hero are 5 short everywhere: the same seat
    # wins, so the showdown agrees, but the hand is refused at the first
    # summary line that differs, which says by how much.
    text = DEAD_BLIND.replace("Hero (722) +122", "Hero (717) +117").replace(
        "Hero wins pot (207)", "Hero wins pot (202)"
    )
    (result,) = read_text(text)
    assert not result.ok
    assert result.agrees is True
    first = text.splitlines().index("Seat 2: Hero (717) +117") + 1
    assert result.error.line == first
    assert "717" in result.error.problem and "5 apart" in result.error.problem


def test_a_different_winner_is_a_showdown_that_disagrees():
    text = DEAD_BLIND.replace("Hero wins pot (207)", "Dee wins pot (207)")
    (result,) = read_text(text)
    assert not result.ok
    assert result.agrees is False
