"""Each kind of bad input gets its own message naming the hand and the line.

Every case edits one line of a hand-written history that reads cleanly, so the
message can only come from the edit; the other hands of the file still read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator import EvaluatorError
from evaluator.hand_histories import HandHistoryError, read_bytes, read_text

DATA = Path(__file__).parent / "hand_histories"


def text_of(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def edited(name: str, old: str, new: str) -> str:
    text = text_of(name)
    assert text.count(old) == 1, old
    return text.replace(old, new)


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if fragment in line)


def the_bad_hand(text: str):
    results = read_text(text)
    bad = [r for r in results if not r.ok]
    assert len(bad) == 1
    assert len(results) > 1
    return bad[0].error


def test_the_reader_s_error_is_an_evaluator_error():
    assert issubclass(HandHistoryError, EvaluatorError)


def test_a_file_over_the_size_cap_is_refused_whole():
    with pytest.raises(HandHistoryError, match=r"over the 1,000 bytes a history may be"):
        read_bytes(text_of("mix_badugi.txt").encode(), max_bytes=1000)


def test_a_binary_file_is_refused_whole():
    with pytest.raises(HandHistoryError, match="the file is not text"):
        read_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")


def test_a_file_with_no_hands_is_refused_whole():
    with pytest.raises(HandHistoryError, match="holds no hands"):
        read_bytes(b"\n\n")


@pytest.mark.parametrize(
    ("name", "old", "new", "hand", "fragment", "reason"),
    [
        (
            "mix_badugi.txt",
            "#20300002: Limit Badugi - 10/20",
            "#20300002: Limit Razz - 10/20",
            "20300002",
            "Limit Razz",
            "'Limit Razz' is not a game this reader knows",
        ),
        (
            "game_badugi.txt",
            "PokerStars Game #1100000004:  Badugi Limit",
            "PokerStars Game #1100000004:  Omaha Hi/Lo Limit",
            "1100000004",
            "Omaha Hi/Lo",
            "is not a game this reader knows",
        ),
        (
            "mix_badacey.txt",
            "Max calls 0.75 and is all-in",
            "Max calls 0.7S and is all-in",
            "20100002",
            "Max calls 0.7S",
            "'0.7S' is not an amount",
        ),
        (
            "game_badugi.txt",
            "Seat 3: Ben ($0.25 in chips)",
            "Seat 3: Ana ($0.25 in chips)",
            "1100000003",
            "Seat 3: Ana ($0.25",
            "two seats are named 'Ana'",
        ),
        (
            "mix_badeucey.txt",
            "Dealt to Hero: [7d 6h 4c 2s Jd]",
            "Dealt to Hero: [7d 6h 4c 2s 7d]",
            "20200002",
            "Dealt to Hero: [7d 6h 4c 2s 7d]",
            "7♦ appears twice",
        ),
        (
            "mix_badeucey.txt",
            "Ola shows [7h 6s 4d 2c Kc]",
            "Ola shows [7h 6s 4d 2c 8s]",
            "20200002",
            "Ola shows",
            "Ola cannot show 8♠: it is in Hero's hand",
        ),
        (
            "mix_ace_to_five.txt",
            "Zed raises to 40",
            "Zed raises to 50",
            "20500001",
            "Zed raises to 50",
            "after draw two a full raise is to 40, not 50",
        ),
        (
            "mix_deuce_to_seven.txt",
            "Hero wins (14.25) from pot",
            "Hero wins (14.35) from pot",
            "20400001",
            "Hero wins (14.35)",
            "the room pays Hero 14.35, but the engine pays 14.25",
        ),
    ],
)
def test_each_bad_line_is_named_with_its_hand(name, old, new, hand, fragment, reason):
    text = edited(name, old, new)
    error = the_bad_hand(text)
    assert (error.hand, error.line) == (hand, line_of(text, fragment))
    assert reason in error.problem
    assert str(error).startswith(f"hand {hand}, line {error.line}: ")


def test_a_hand_cut_off_in_the_middle_is_named():
    text = text_of("mix_badugi.txt")
    cut = text[: text.index("*** 3RD DRAW ***", text.index("#20300002"))]
    rest = text[text.index("#20300003") :]
    results = read_text(cut + "\n" + rest)
    bad = [r for r in results if not r.ok]
    assert [r.hand_id for r in bad] == ["20300002"]
    assert "the hand is cut off" in bad[0].error.problem
    assert [r.hand_id for r in results if r.ok] == ["20300001", "20300003"]


def test_lines_that_are_not_part_of_the_hand_are_skipped():
    text = edited(
        "mix_badugi.txt",
        "Ula bets 10\n",
        'Ula bets 10\nZoe joins the table\nUla said, "good luck"\nVic is disconnected\n',
    )
    assert all(r.ok for r in read_text(text))


def test_a_line_the_reader_does_not_know_is_refused_not_skipped():
    text = edited("mix_badugi.txt", "Ula bets 10\n", "Ula bets 10\nUla ponders\n")
    error = the_bad_hand(text)
    assert "cannot read Ula's 'ponders'" in error.problem
