"""Every number of the deal notation is bounded and written with the digits 0-9.

A number too long for Python to convert (over 4,300 digits) used to escape
as a bare ``ValueError``; digits of other scripts were read as if typed 0-9.
Both now give the engine's own error, naming the line and the cap.
"""

from __future__ import annotations

import pytest

from evaluator import EvaluatorError, get_profile
from evaluator.deal import DealError
from evaluator.limits import MAX_CHIPS, MAX_RAISE_CAP, read_whole
from evaluator.notation import parse_deal
from evaluator.worked_deals import worked_deal

from .records import SHOWDOWN_POT_ONLY

SEED = worked_deal("amara_bram_kira_noor")
SHOWDOWN_POT = SHOWDOWN_POT_ONLY
HUGE = "9" * 4301
TOO_MANY_CHIPS = str(MAX_CHIPS + 1)

# (the text to replace, what it becomes with {n} for the number, the record it is in)
PLACES = [
    ("limit 6/12", "limit {n}/12", SEED),
    ("limit 6/12", "limit 6/{n}", SEED),
    ("blinds 3/6", "blinds 3/{n}", SEED),
    ("blinds 3/6", "ante {n}", SEED),
    ("cap 4 bets", "cap {n} bets", SEED),
    ("draw up to 5 cards", "draw up to {n} cards", SEED),
    ("seat Kira, 240 chips", "seat Kira, {n} chips", SEED),
    ("Noor call 6, Amara", "Noor call {n}, Amara", SEED),
    ("Noor bet 12, Amara raise to 24", "Noor bet 12, Amara raise to {n}", SEED),
    ("Kira call 6; pot 48", "Kira call 6; pot {n}", SEED),
    ("draw 2:", "draw {n}:", SEED),
    ("after draw 1:", "after draw {n}:", SEED),
    ("showdown pot 96", "showdown pot {n}", SHOWDOWN_POT),
]


assert all(old in record for old, _, record in PLACES)


def line_of(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if fragment in line)


@pytest.mark.parametrize(("old", "new", "record"), PLACES)
def test_a_4301_digit_number_anywhere_is_refused_on_its_line(old, new, record):
    text = record.replace(old, new.format(n=HUGE), 1)
    with pytest.raises(DealError) as caught:
        parse_deal(text)
    error = caught.value
    assert error.line == line_of(text, HUGE[:20])
    assert "is more than" in error.problem
    assert HUGE[:30] not in str(error)


@pytest.mark.parametrize(("old", "new", "record"), PLACES)
def test_arabic_indic_and_full_width_digits_are_refused(old, new, record):
    for digits in ("١٢", "１２"):
        text = record.replace(old, new.format(n=digits), 1)
        with pytest.raises(DealError, match="written with the digits 0-9") as caught:
            parse_deal(text)
        assert caught.value.line == line_of(text, digits)


def test_the_issue_example_limit_in_arabic_indic_digits_is_refused():
    text = SEED.replace("limit 6/12", "limit ٦/١٢")
    with pytest.raises(DealError, match="the small bet must be a whole number written with"):
        parse_deal(text)


def test_chip_numbers_just_over_the_cap_are_refused_and_at_the_cap_read():
    over = SEED.replace("seat Kira, 240 chips", f"seat Kira, {TOO_MANY_CHIPS} chips")
    with pytest.raises(DealError, match=f"Kira's stack is more than {MAX_CHIPS:,}"):
        parse_deal(over)
    at_cap = SEED.replace("seat Kira, 240 chips", f"seat Kira, {MAX_CHIPS} chips")
    assert parse_deal(at_cap).seats[2].stack == MAX_CHIPS


def test_the_raise_cap_has_its_own_bound():
    text = SEED.replace("cap 4 bets", f"cap {MAX_RAISE_CAP + 1} bets")
    with pytest.raises(DealError, match=f"the cap is more than {MAX_RAISE_CAP:,}"):
        parse_deal(text)


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("big_bet", MAX_CHIPS + 1),
        ("ante", 10**4400),
        ("raise_cap", MAX_RAISE_CAP + 1),
        ("small_blind", -1),
        ("big_bet", "12"),
        ("big_bet", 12.0),
        ("max_discard", True),
    ],
    ids=["big-bet-over-cap", "ante-4401-digits", "raise-cap", "negative", "text", "float", "bool"],
)
def test_profile_settings_out_of_bounds_get_a_sentence_not_the_number(setting, value):
    with pytest.raises(EvaluatorError, match=f"the setting {setting} must be a whole number"):
        get_profile("badacey", **{setting: value})


def test_read_whole_takes_ascii_digits_only():
    assert read_whole("0042", "the pot") == 42
    for text in ("", " 4", "4 ", "4_000", "+4", "-4", "٤", "4.0", "²"):
        with pytest.raises(EvaluatorError, match="the pot must be a whole number"):
            read_whole(text, "the pot")
