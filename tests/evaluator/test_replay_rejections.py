"""Every kind of impossible step is refused, naming the line and the problem.

Each test changes one line of the Badacey lesson's worked deal, so the rest of
the record is known to be legal and the refusal can only come from the edit.
"""

from __future__ import annotations

import re

import pytest

from evaluator import EvaluatorError
from evaluator.deal import DealError, DealRecord
from evaluator.notation import parse_deal, validate
from evaluator.replay import replay
from evaluator.worked_deals import worked_deal

from .records import SHOWDOWN_POT_ONLY

SEED = worked_deal("amara_bram_kira_noor")


def edited(old: str, new: str, text: str = SEED) -> str:
    assert text.count(old) == 1, f"{old!r} must occur exactly once"
    return text.replace(old, new)


def without_pot_checks(text: str) -> str:
    return re.sub(r"; pot \d+", "", text)


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if fragment in line)


def refusal(text: str) -> DealError:
    with pytest.raises(DealError) as caught:
        validate(text)
    return caught.value


def test_a_refusal_is_an_evaluator_error_with_the_line_and_the_step():
    text = edited("Noor call 6, Amara call 6", "Amara call 6, Noor call 6")
    error = refusal(text)
    assert isinstance(error, EvaluatorError)
    assert error.line == line_of(text, "before the draw:")
    assert error.step is not None and error.step > 0
    assert str(error).startswith(f"line {error.line}: ")


def test_acting_out_of_turn_is_refused():
    error = refusal(edited("Noor call 6, Amara call 6", "Amara call 6, Noor call 6"))
    assert error.problem == "Amara acts out of turn before the draw: it is Noor's turn"


def test_a_raise_to_18_after_draw_two_is_refused():
    text = edited("Noor bet 12, Amara call 12,", "Noor bet 12, Amara raise to 18,")
    error = refusal(text)
    assert "after draw two a full raise is to 24, not 18" in str(error)
    assert error.line == line_of(text, "after draw 2:")


def test_a_raise_to_24_after_draw_two_is_accepted():
    text = without_pot_checks(
        edited(
            "Noor bet 12, Amara call 12, Bram fold, Kira fold",
            "Noor bet 12, Amara raise to 24, Bram fold, Kira fold, Noor call 12",
        )
    )
    result = replay(parse_deal(text))
    raise_step = next(
        s for s in result.steps if s.action == "raise" and s.state.street == "after draw two"
    )
    assert raise_step.text.startswith("Amara raises to 24.")
    assert result.ledger.total.start == result.ledger.total.end


def test_a_bet_of_the_small_size_after_draw_two_is_refused():
    error = refusal(edited("Noor bet 12, Amara call 12,", "Noor bet 6, Amara call 12,"))
    assert error.problem == "Noor cannot bet 6: after draw two a bet is 12, not 6"


def test_a_call_that_states_the_wrong_amount_is_refused():
    error = refusal(edited("Bram call 3, Kira check", "Bram call 6, Kira check"))
    assert error.problem == "Bram's call before the draw adds 3, not 6"


def test_raising_past_the_cap_is_refused():
    text = without_pot_checks(
        edited(
            "Noor call 6, Amara call 6, Bram call 3, Kira check",
            "Noor raise to 12, Amara raise to 18, Bram raise to 24, Kira raise to 30",
        )
    )
    error = refusal(text)
    assert error.problem == "Kira cannot raise: the cap of four bets is reached"
    assert error.line == line_of(text, "before the draw:")


def test_a_lower_cap_setting_counts_the_big_blind_as_the_first_bet():
    text = edited(
        "cap 4 bets",
        "cap 2 bets",
        edited("Noor call 6, Amara call 6", "Noor raise to 12, Amara raise to 18"),
    )
    error = refusal(text)
    assert error.problem == "Amara cannot raise: the cap of two bets is reached"


def test_a_folded_seat_cannot_act():
    text = edited("after draw 3: Noor bet 12", "after draw 3: Bram check, Noor bet 12")
    error = refusal(text)
    assert error.problem == "Bram has folded and cannot act"


def test_a_folded_seat_cannot_draw():
    text = edited("draw 3:\n", "draw 3:\n  Bram pat\n")
    error = refusal(text)
    assert error.problem == "Bram has folded and cannot draw"
    assert error.line == line_of(text, "Bram pat")


def test_discarding_a_card_the_seat_does_not_hold_is_refused():
    error = refusal(edited("Bram J♠ Q♦ -> 2♥ 8♠", "Bram 9♦ Q♦ -> 2♥ 8♠"))
    assert error.problem.startswith("Bram cannot discard 9♦: Bram holds A♠ 3♣ 6♥ J♠ Q♦")


def test_receiving_a_card_from_another_hand_is_refused():
    error = refusal(edited("Bram J♠ Q♦ -> 2♥ 8♠", "Bram J♠ Q♦ -> 2♥ A♥"))
    assert error.problem == "Bram cannot receive A♥: it is in Kira's hand"


def test_receiving_a_discarded_card_without_a_reshuffle_is_refused():
    error = refusal(edited("Bram 6♥ 8♠ -> 5♥ 10♦", "Bram 6♥ 8♠ -> 5♥ J♠"))
    assert error.problem == (
        "Bram cannot receive J♠: Bram discarded it in draw one, and no reshuffle is recorded since"
    )


def test_a_recorded_reshuffle_lets_a_discard_come_back():
    text = edited("\ndraw 2:", "\ndraw 2 (deck reshuffled):", edited("5♥ 10♦", "5♥ J♠"))
    result = replay(parse_deal(text))
    assert result.cards_dealt == result.cards_used + 1
    assert any(s.kind == "reshuffle" for s in result.steps)


def test_a_card_dealt_to_two_seats_is_refused():
    error = refusal(edited("seat Bram, 240 chips: A♠", "seat Bram, 240 chips: A♥"))
    assert error.problem == "A♥ is dealt to both Bram and Kira"


def test_replacing_more_cards_than_the_profile_allows_is_refused():
    error = refusal(edited("draw up to 5 cards", "draw up to 1 cards"))
    assert error.problem == (
        "Bram replaces 2 cards in draw one, but this Badacey table allows at most 1 per draw"
    )


def test_a_hand_that_does_not_end_a_draw_with_five_cards_is_refused():
    error = refusal(edited("Bram J♠ Q♦ -> 2♥ 8♠", "Bram J♠ Q♦ -> 2♥"))
    assert "a Badacey hand must end each draw with 5 cards" in error.problem


def test_a_hand_dealt_with_the_wrong_number_of_cards_is_refused():
    error = refusal(edited("A♠ 3♣ 6♥ J♠ Q♦", "A♠ 3♣ 6♥ J♠"))
    assert error.problem == "Bram is dealt 4 cards, but a Badacey hand has 5"


def test_a_pot_that_does_not_balance_is_refused():
    error = refusal(edited("; pot 48", "; pot 50"))
    assert error.problem == (
        "the chips do not balance: the pot after the betting after draw one is 48, not 50"
    )


def test_a_showdown_pot_that_cannot_be_shared_equally_is_refused():
    error = refusal(edited("showdown pot 96", "showdown pot 97", SHOWDOWN_POT_ONLY))
    assert "the chips do not balance" in error.problem


def test_a_stack_too_short_for_a_bet_must_be_recorded_as_all_in():
    error = refusal(edited("seat Noor, 240 chips", "seat Noor, 30 chips"))
    assert error.problem == "Noor cannot bet 12: only 6 chips are left, so this is an all-in"


def test_a_seat_not_at_the_table_is_refused():
    record = parse_deal(SEED)
    draw_one = record.streets[1]
    renamed = type(draw_one.entries[0])(
        "Zed", draw_one.entries[0].discards, draw_one.entries[0].receives
    )
    streets = (
        record.streets[0],
        type(draw_one)((renamed, *draw_one.entries[1:])),
        *record.streets[2:],
    )
    bad = DealRecord(record.profile_key, record.settings, record.seats, record.button, streets)
    with pytest.raises(DealError, match="'Zed' is not one of the seats"):
        replay(bad)


def test_a_record_that_stops_early_is_refused():
    text = SEED[: SEED.index("draw 3:")]
    error = refusal(text)
    assert error.problem == "the record stops before the deal is over: draw three is missing"


def test_a_record_that_goes_on_after_everyone_folded_is_refused():
    text = without_pot_checks(
        edited(
            "Noor bet 12, Amara call 12, Bram fold, Kira fold",
            "Noor bet 12, Amara fold, Bram fold, Kira fold",
        )
    )
    error = refusal(text)
    assert "the deal is over (everyone but Noor has folded)" in error.problem


def test_a_betting_line_that_stops_before_the_round_is_over_is_refused():
    error = refusal(without_pot_checks(edited(", Kira check;", ";")))
    assert error.problem == "the betting before the draw stops before it is over: it is Kira's turn"
