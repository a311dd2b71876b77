"""Hand-written histories in both layouts read, replay and agree with the room.

The expected winners and amounts are the files' own "collected" lines; the
engine must reproduce every one of them (after the rake), and a changed
amount, an illegal raise or a repeated card is reported with the hand and
the line.
"""

from __future__ import annotations

import codecs
import re
from decimal import Decimal
from pathlib import Path

import pytest

from evaluator.hand_histories import HandHistoryError, read_bytes, read_text

DATA = Path(__file__).parent / "hand_histories"
FILES = sorted(DATA.glob("*.txt"))


def text_of(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def only(results, hand_id):
    (found,) = [r for r in results if r.hand_id == hand_id]
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_hand_written_for_the_tests_replays_and_agrees(path):
    results = read_bytes(path.read_bytes())
    assert [str(r.error) for r in results if not r.ok] == []
    assert len(results) >= 3


def test_the_files_cover_every_game_in_both_layouts():
    layouts: dict[str, set[str]] = {}
    for path in FILES:
        for r in read_bytes(path.read_bytes()):
            layouts.setdefault(r.verified.record.notes[0].split(" hand ")[0], set()).add(r.game)
    assert layouts["PokerStars"] == {"badugi", "deuce_to_seven"}
    assert layouts["mixed-games room"] == {
        "badacey",
        "badeucey",
        "badugi",
        "deuce_to_seven",
        "ace_to_five",
    }


COLLECTED = re.compile(r"(.+?) collected \$?([\d,.]+) from .*")
WINS = re.compile(r"(.+?) wins (?:\(([\d,.]+)\) from .*|pot \(([\d,.]+)\))")
RETURNED = re.compile(r"Uncalled bet \(\$?([\d,.]+)\) returned to (.+)")


def room_payments(block: str) -> dict[str, Decimal]:
    """What one hand's own lines say each seat took back, read independently of the reader."""
    paid: dict[str, Decimal] = {}
    for line in block.splitlines():
        for pattern, name_at, amount_at in (
            (COLLECTED, 1, (2,)),
            (WINS, 1, (2, 3)),
            (RETURNED, 2, (1,)),
        ):
            m = pattern.fullmatch(line.strip())
            if m:
                amount = next(m.group(i) for i in amount_at if m.group(i))
                name = m.group(name_at)
                paid[name] = paid.get(name, Decimal(0)) + Decimal(amount.replace(",", ""))
    return paid


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_seat_is_paid_what_its_own_lines_say(path):
    text = path.read_text(encoding="utf-8")
    blocks = re.split(r"\n\s*\n(?=PokerStars|#)", text.strip())
    results = read_text(text)
    assert len(blocks) == len(results)
    for block, result in zip(blocks, results, strict=True):
        verified = result.verified
        scale = verified.scale
        said = room_payments(block)
        names = [seat.name for seat in verified.record.seats]
        paid = dict(zip(names, verified.replay.settlement.payouts, strict=True))
        assert paid == {name: int(said.get(name, 0) * scale) for name in names}, block[:40]


def test_a_fold_leaves_agrees_empty_and_a_showdown_fills_it():
    results = read_text(text_of("game_badugi.txt"))
    assert only(results, "1100000002").agrees is None
    assert only(results, "1100000001").agrees is True


def test_cards_nobody_saw_stay_face_down():
    played = only(read_text(text_of("game_badugi.txt")), "1100000001").verified.replay
    dealt = played.steps[0].state.seats
    assert [seat.hidden for seat in dealt] == [4, 0, 4, 4]


def edited(name: str, old: str, new: str) -> str:
    text = text_of(name)
    assert text.count(old) == 1, old
    return text.replace(old, new)


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if fragment in line)


@pytest.mark.parametrize(
    ("old", "new", "hand", "fragment", "reason"),
    [
        (
            "Ben collected $1.95 from pot",
            "Ben collected $1.96 from pot",
            "1100000001",
            "Ben collected $1.96",
            "the room pays Ben 1.96, but the engine pays 1.95",
        ),
        (
            "Ana: raises 100 to 200",
            "Ana: raises 150 to 250",
            "1100000005",
            "Ana: raises 150 to 250",
            "a full raise is to 200, not 250",
        ),
        (
            "Dealt to Hero [Ac 3d 7s] [8h]",
            "Dealt to Hero [Ac 3d 7s] [6c]",
            "1100000001",
            "Ben: shows [6c",
            "Ben cannot show 6♣: it is in Hero's hand",
        ),
    ],
)
def test_a_disagreement_names_the_hand_the_line_and_the_reason(old, new, hand, fragment, reason):
    text = edited("game_badugi.txt", old, new)
    results = read_text(text)
    bad = only(results, hand)
    assert not bad.ok
    assert isinstance(bad.error, HandHistoryError)
    assert (bad.error.hand, bad.error.line) == (hand, line_of(text, fragment))
    assert reason in bad.error.problem
    assert all(r.ok for r in results if r.hand_id != hand)


def test_utf8_with_a_mark_and_utf16_read_the_same_hands():
    text = text_of("game_deuce_to_seven.txt")
    plain = read_text(text)
    for data in (codecs.BOM_UTF8 + text.encode(), text.encode("utf-16")):
        again = read_bytes(data)
        assert [(r.hand_id, r.ok, r.verified.replay.settlement.payouts) for r in again] == [
            (r.hand_id, r.ok, r.verified.replay.settlement.payouts) for r in plain
        ]
