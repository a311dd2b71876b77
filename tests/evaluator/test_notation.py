"""The deal notation: what teachers may type, what it reads back as, and errors by line."""

from __future__ import annotations

import pytest

from evaluator import parse_cards
from evaluator.deal import Action, BettingLine, DealError, DealRecord, DrawEntry, DrawLine, Seat
from evaluator.notation import format_deal, parse_deal
from evaluator.worked_deals import worked_deal

from .records import SHOWDOWN_POT_ONLY

SEED = worked_deal("amara_bram_kira_noor")


def error_for(text: str) -> DealError:
    with pytest.raises(DealError) as caught:
        parse_deal(text)
    return caught.value


def test_the_seed_deal_fits_in_about_25_lines():
    assert len(SEED.splitlines()) <= 25


def test_a_record_built_in_python_equals_the_parsed_text():
    c = parse_cards
    record = DealRecord(
        profile_key="badugi",
        settings={},
        seats=(Seat("Mara", None, c("A♣ 3♦ 7♥ K♥")), Seat("Juno", None, c("A♦ 3♥ 5♠ 7♣"))),
        button=1,
        streets=(
            DrawLine((DrawEntry("Mara", c("K♥"), c("7♠")), DrawEntry("Juno"))),
            DrawLine((DrawEntry("Mara", c("7♥"), c("5♥")), DrawEntry("Juno"))),
            DrawLine((DrawEntry("Mara"), DrawEntry("Juno"))),
        ),
        showdown_pot=96,
    )
    parsed = parse_deal(SHOWDOWN_POT_ONLY)
    assert parsed == DealRecord(**{**record.__dict__, "notes": parsed.notes})
    assert parse_deal(format_deal(record)) == record


def test_settings_are_stored_in_full_so_equal_deals_compare_equal():
    short = parse_deal(SEED.replace(", limit 6/12, blinds 3/6, cap 4 bets, draw up to 5 cards", ""))
    assert short == parse_deal(SEED)
    assert short.settings["max_discard"] == 5


def test_friendly_spellings_read_as_the_canonical_ones():
    relaxed = (
        SEED.replace("Amara raise to 24", "amara RAISE 24")
        .replace("A♠ 3♣ 6♥ J♠ Q♦", "as 3c 6h js qd")
        .replace(
            "draw 3:\n  Noor 7♥ -> 8♥\n  Amara 6♦ -> 5♦", "draw 3: Noor 7h → 8h; Amara 6d -> 5d"
        )
        .replace("Kira check; pot 24", "Kira check\n  ; pot 24")
    )
    assert format_deal(parse_deal(relaxed)) == SEED


def test_the_canonical_text_states_amounts_only_when_recorded():
    record = parse_deal(SEED.replace("Noor call 6, Amara call 6", "Noor call, Amara call"))
    action = record.streets[0].actions[0]
    assert action == Action("Noor", "call")
    assert "Noor call, Amara call, Bram call 3" in format_deal(record)


def test_a_betting_line_may_be_empty_and_reads_back_the_same():
    record = DealRecord(
        "badacey",
        {},
        (
            Seat("A", 10, parse_cards("A♣ 2♠ 3♥ 9♦ J♣")),
            Seat("B", 10, parse_cards("A♠ 3♣ 6♥ J♠ Q♦")),
        ),
        0,
        (BettingLine(()), DrawLine(reshuffled=True)),
    )
    text = format_deal(record)
    assert "before the draw:\ndraw 1 (deck reshuffled):\n" in text
    assert parse_deal(text) == record


@pytest.mark.parametrize(
    ("old", "new", "line", "words"),
    [
        ("game badacey", "game stud", 2, "'stud' is not a game"),
        ("cap 4 bets", "cap four", 2, "'cap four' is not a game setting"),
        ("blinds 3/6", "blinds 3/6, ante 1", 2, "blinds or an ante, not both"),
        ("A♠ 3♣ 6♥ J♠ Q♦", "A♠ 3♣ 6♥ J♠ Qx", 4, "Bram's cards: 'Qx' is not a card"),
        ("seat Kira, 240 chips", "seat Kira 240", 5, "write the stack after a comma"),
        ("seat Noor", "seat Bram", 6, "two seats called Bram"),
        ("button Amara", "button Zed", 7, "the button must name one of the seats"),
        ("Kira check; pot 24", "Kira checks; pot 24", 8, "'checks' is not an action for Kira"),
        ("Noor call 6,", "Zed call 6,", 8, "'Zed call 6' does not start with a seat's name"),
        ("Bram J♠ Q♦ -> 2♥ 8♠", "Bram J♠ Q♦ 2♥ 8♠", 10, "write Bram's draw as"),
        ("draw 2:", "draw 3:", 15, "expected 'draw 2' here, not 'draw 3'"),
        ("Kira check; pot 24", "pot 24, Kira check", 8, "the pot check comes last"),
        ("button Amara", "button Amara\nseat Zed, 5 chips: 2♦", 8, "seat lines come before"),
        ("button Amara", "butler Amara", 7, "'butler Amara' is not a line of the notation"),
    ],
)
def test_errors_name_the_line_and_the_problem(old, new, line, words):
    assert SEED.count(old) >= 1
    error = error_for(SEED.replace(old, new, 1))
    assert error.line == line
    assert words in error.problem
    assert str(error).startswith(f"line {line}: ")


def test_a_fourth_draw_is_refused_by_line():
    text = SEED + "draw 4:\n  Noor pat\n"
    error = error_for(text)
    assert error.line == len(SEED.splitlines()) + 1
    assert "Badacey has three draws" in error.problem


def test_a_missing_button_is_named():
    text = "\n".join(
        line
        for line in SEED.splitlines()
        if not line.startswith(("button", "before", "after", "draw", " "))
    )
    assert "needs a button line" in error_for(text).problem


def test_an_empty_record_asks_for_a_game_line():
    assert "start with a game line" in error_for("# just a note\n").problem
