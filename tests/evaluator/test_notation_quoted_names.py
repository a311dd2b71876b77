"""Names a card room allows but the plain notation reserves are quoted, and come back exactly.

"Bob (NL)", "a,b", a DEL or a direction control: the notation writes such a
name in double quotes with escapes, and reading the text gives the very same
name, so a stored hand keeps its players' names.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator.deal import BettingLine, DealError, DrawLine
from evaluator.hand_histories import read_text, to_notation
from evaluator.notation import format_deal, parse_deal
from evaluator.notation_names import written
from evaluator.replay import replay
from evaluator.worked_deals import worked_deal

HAND = (
    (Path(__file__).parent / "hand_histories" / "mix_badacey.txt")
    .read_text(encoding="utf-8")
    .split("\n\n")[0]
)
HOSTILE = ["Bob (NL)", "a,b", "x;y", "time: 9", "#1 fan", "left->right", "Del\x7fete", "Ev\u202eil"]
HOSTILE += ['say "hi"', "back\\slash", "Player 12", "tab\there", "→", "a  b"]


def renamed(record, old: str, new: str):
    def moved(item):
        return replace(item, seat=new if item.seat == old else item.seat)

    return replace(
        record,
        seats=tuple(replace(s, name=new if s.name == old else s.name) for s in record.seats),
        streets=tuple(
            replace(s, actions=tuple(moved(a) for a in s.actions))
            if isinstance(s, BettingLine)
            else replace(s, entries=tuple(moved(e) for e in s.entries))
            if isinstance(s, DrawLine)
            else s
            for s in record.streets
        ),
    )


@pytest.mark.parametrize("name", [n for n in HOSTILE if n.strip() == n and "\t" not in n])
def test_a_room_s_hostile_name_is_stored_and_read_back_unchanged(name):
    (result,) = read_text(HAND.replace("Ivy", name))
    assert result.ok, result.error
    again = parse_deal(to_notation(result.verified))
    assert again.seats[0].name == name
    assert replay(again).settlement.payouts == result.verified.checked.settlement.payouts


@pytest.mark.parametrize("name", HOSTILE)
def test_the_notation_quotes_what_it_cannot_write_plainly(name):
    record = renamed(parse_deal(worked_deal("amara_bram_kira_noor")), "Amara", name)
    text = format_deal(record)
    assert f"seat {written(name)}," in text and written(name).startswith('"')
    assert parse_deal(text) == record


@settings(max_examples=200)
@given(name=st.text(min_size=1, max_size=12).filter(lambda n: n.strip()))
def test_any_name_goes_round_the_notation_unchanged(name):
    record = parse_deal(worked_deal("amara_bram_kira_noor"))
    others = {s.name.casefold() for s in record.seats if s.name != "Amara"}
    if name.casefold() in others or any(o in name.casefold() for o in others):
        return  # a seat's name may not repeat another's
    moved = renamed(record, "Amara", name)
    assert parse_deal(format_deal(moved)) == moved


def test_a_broken_quote_is_a_clear_error_on_its_line():
    text = worked_deal("amara_bram_kira_noor").replace("seat Amara,", 'seat "Amara,', 1)
    with pytest.raises(DealError, match="not closed"):
        parse_deal(text)
    bad_escape = text.replace('"Amara,', '"Am\\qara",', 1)
    with pytest.raises(DealError, match="inside a quoted name"):
        parse_deal(bad_escape)
