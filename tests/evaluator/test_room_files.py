"""Every invented history of every room, held against its expected-output file.

Each ``room_files/<room>_<game>.<ext>`` history (written for these tests, no
room's real file) has a sibling ``.json``: what the reader reports for each
hand (the check line, the room, and each seat's start, what the engine pays
it and its stack after the hand, in the room's money). The expected files
were written by the reader and then checked by hand against the invented
hands; a change in what the reader reports shows up here as a diff.

To rewrite them after a deliberate change, run this file with
``ROOM_FILES_WRITE=1`` and check every changed figure by hand again.
"""

from __future__ import annotations

import codecs
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from evaluator.hand_histories import HandHistoryError, hand_line, read_bytes, room_name, to_notation
from evaluator.hand_histories.money import format_amount
from evaluator.hand_histories.reader import HandResult
from evaluator.notation import parse_deal
from evaluator.replay import replay

DATA = Path(__file__).parent / "room_files"
HISTORIES = sorted(p for p in DATA.iterdir() if p.suffix in (".txt", ".xml", ".phh"))


def report(result: HandResult) -> dict[str, Any]:
    """What the reader says about one hand, in the room's own units."""
    out = hand_line(result)
    verified = result.verified
    if verified is None:
        return out
    played = verified.checked

    def money(chips: int | None) -> str | None:
        return None if chips is None else format_amount(chips, verified.scale)

    paid = dict(zip(played.settlement.names, played.settlement.payouts, strict=True))
    out["room"] = room_name(verified)
    profile = played.profile
    if profile.title != profile.name:  # another structure or draw count than the lessons'
        out["played_as"] = profile.title
    out["rake"] = money(played.record.rake)
    out["seats"] = [
        {
            "name": row.name,
            "start": money(row.start),
            "put_in": money(row.contributed),
            "paid": money(paid[row.name]),
            "end": money(row.end),
        }
        for row in played.ledger.rows
    ]
    return out


def expected_path(path: Path) -> Path:
    return path.with_suffix(".json")


@pytest.mark.parametrize("path", HISTORIES, ids=lambda p: p.name)
def test_the_reader_reports_each_invented_history_as_its_expected_file_says(path):
    got = [report(r) for r in read_bytes(path.read_bytes())]
    target = expected_path(path)
    if os.environ.get("ROOM_FILES_WRITE"):
        target.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    assert got == json.loads(target.read_text(encoding="utf-8"))


def test_every_history_has_an_expected_file_and_every_expected_file_a_history():
    assert {p.with_suffix("") for p in HISTORIES} == {
        p.with_suffix("") for p in DATA.glob("*.json")
    }


def test_every_hand_of_the_invented_files_replays_and_agrees():
    for path in HISTORIES:
        for result in read_bytes(path.read_bytes()):
            assert result.ok, f"{path.name}: {result.error}"


@pytest.mark.parametrize(
    "path", [p for p in HISTORIES if p.name.startswith("fulltilt")], ids=lambda p: p.name
)
def test_a_full_tilt_file_saved_as_utf16_with_a_stray_last_byte_reads_the_same(path):
    data = path.read_bytes()
    utf16 = codecs.BOM_UTF16_LE + data.decode("utf-8").encode("utf-16-le") + b"\x00"
    assert [report(r) for r in read_bytes(utf16)] == [report(r) for r in read_bytes(data)]


@pytest.mark.parametrize(
    ("first_line", "room"),
    [
        ("***** Hand History for Game 9876543210 *****", "PartyPoker"),
        ("#Game No : 123456789", "888poker"),
        ("Poker Hand #HD12345: Hold'em No Limit ($0.01/$0.02)", "GGPoker"),
    ],
)
def test_a_file_from_a_room_the_reader_does_not_know_names_the_room_in_one_sentence(
    first_line, room
):
    with pytest.raises(HandHistoryError) as caught:
        read_bytes(f"{first_line}\nSeat 1: Ana ($5)\n".encode())
    message = caught.value.problem
    assert room in message
    assert "Full Tilt Poker" in message and "PokerStars" in message
    assert first_line not in message
    assert message.count(". ") == 0  # one sentence


def _full_tilt_hand(game: str) -> str:
    text = (DATA / "fulltilt_badugi.txt").read_text(encoding="utf-8").split("\n\n")[0]
    return text.replace("- FL Badugi -", f"- {game} -", 1)


@pytest.mark.parametrize("game", ["FL 5 Card Draw", "NL 5 Card Draw"])
def test_a_full_tilt_draw_game_the_engine_does_not_play_is_refused_by_name(game):
    (result,) = read_bytes(_full_tilt_hand(game).encode())
    assert not result.ok
    assert game.split(" ", 1)[1] in str(result.error)
    assert "not replayed yet" in str(result.error)


def test_a_full_tilt_pot_limit_header_gives_the_blinds_as_its_stakes():
    """Under "PL" the stakes are the blinds: the fixed-limit stakes no longer match the
    blinds posted, while the pot-limit stakes that do replay by pot-limit rules."""
    (wrong,) = read_bytes(_full_tilt_hand("PL Badugi").encode())
    assert "at these stakes the big blind is 20" in str(wrong.error)
    text = _full_tilt_hand("PL Badugi").replace("- $0.10/$0.20 -", "- $0.05/$0.10 -", 1)
    (result,) = read_bytes(text.encode())
    assert result.ok, result.error
    assert result.verified.checked.profile.title == "pot-limit Badugi"


def test_a_full_tilt_raise_beyond_the_limit_is_refused_with_its_line():
    text = _full_tilt_hand("FL Badugi").replace("Ben raises to $0.40", "Ben raises to $0.50")
    (result,) = read_bytes(text.encode())
    assert not result.ok
    assert result.error.line == 1 + text.splitlines().index("Ben raises to $0.50")


def _winamax_hand() -> str:
    return (DATA / "winamax_deuce_to_seven.txt").read_text(encoding="utf-8").split("\n\n")[0]


def test_a_winamax_fixed_limit_raise_is_too_big_for_no_limit_blinds_of_its_stakes():
    """Read as no limit with blinds 0.05/0.10, the hand's limit raise to 0.20 is a
    legal no-limit raise, so the hand replays under the other rules too."""
    text = _winamax_hand().replace("fixed limit (0.10€/0.20€)", "no limit (0.05€/0.10€)")
    (result,) = read_bytes(text.encode())
    assert result.ok, result.error
    assert result.verified.checked.profile.title == "no-limit 2-7 triple draw"


def test_a_winamax_seat_standing_pat_on_cards_it_does_not_hold_is_refused():
    text = _winamax_hand().replace(
        "Hero stands pat [7h 5s 3c 2d 8h]\nDealt to Ana",
        "Hero stands pat [7h 5s 3c 2d 9h]\nDealt to Ana",
    )
    (result,) = read_bytes(text.encode())
    assert "stands pat on cards it was not holding" in str(result.error)
    assert result.error.line == 1 + text.splitlines().index("Hero stands pat [7h 5s 3c 2d 9h]")


def test_a_winamax_heading_out_of_order_is_refused_with_its_line():
    text = _winamax_hand().replace("*** THIRD-BET ***", "*** FOURTH-BET ***", 1)
    (result,) = read_bytes(text.encode())
    assert "out of order" in str(result.error)


def test_winamax_betting_after_a_draw_without_its_heading_reads_the_same():
    text = _winamax_hand()
    bare = "\n".join(
        line
        for line in text.splitlines()
        if line not in ("*** SECOND-BET ***", "*** THIRD-BET ***")
    )
    (with_headings,) = read_bytes(text.encode())
    (without,) = read_bytes(bare.encode())
    assert without.ok, without.error
    assert without.verified.checked.settlement.payouts == (
        with_headings.verified.checked.settlement.payouts
    )


def _merge_file() -> str:
    return (DATA / "merge_badugi.xml").read_text(encoding="utf-8")


def test_merge_xml_that_declares_entities_is_refused_before_anything_expands():
    text = _merge_file().replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>',
    )
    with pytest.raises(HandHistoryError) as caught:
        read_bytes(text.encode())
    assert "document type" in caught.value.problem


def test_merge_xml_that_is_cut_off_names_the_line_where_it_breaks():
    text = _merge_file()
    cut = text[: text.index('<round id="END_OF_GAME"')]
    with pytest.raises(HandHistoryError) as caught:
        read_bytes(cut.encode())
    assert "XML cannot be read" in caught.value.problem
    assert caught.value.line is not None


def test_merge_winner_the_engine_would_not_pay_is_a_showdown_that_disagrees():
    text = _merge_file().replace(
        '<winner amount="1.90" uncalled="false" potnumber="1" player="3"',
        '<winner amount="1.90" uncalled="false" potnumber="1" player="1"',
    )
    first = read_bytes(text.encode())[0]
    assert not first.ok
    assert first.agrees is False


def test_merge_drawn_cards_that_do_not_match_the_draw_are_refused_with_their_line():
    text = _merge_file().replace(
        'cards="4d,2h,9s,5c" player="1" hand=', 'cards="4d,2h,6c,5c" player="1" hand='
    )
    first = read_bytes(text.encode())[0]
    assert "draws 1 cards but the hand after it changes 2" in str(first.error)
    assert first.error.line == 1 + text.splitlines().index(
        next(line for line in text.splitlines() if "DRAW_DRAWN_CARDS" in line)
    )


def test_merge_stakes_name_the_structure_every_hand_of_the_file_is_checked_by():
    text = _merge_file().replace('stakes="Limit ($0.10/$0.20)"', 'stakes="No Limit ($0.05/$0.10)"')
    results = read_bytes(text.encode())
    assert all(r.ok for r in results), [str(r.error) for r in results]
    assert {r.verified.checked.profile.structure for r in results} == {"no-limit"}


def test_merge_with_a_stated_rake_checks_every_winner_amount():
    text = _merge_file().replace('<winner amount="0.38"', '<winner amount="0.36"')
    second = read_bytes(text.encode())[1]
    assert not second.ok
    assert "the room pays Hero" in str(second.error)


def test_xml_from_another_room_is_named_from_its_elements_not_its_declaration():
    text = (
        '<?xml version="1.0"?>\n<session sessioncode="1">\n<game gamecode="2">\n</game></session>\n'
    )
    with pytest.raises(HandHistoryError) as caught:
        read_bytes(text.encode())
    assert "iPoker" in caught.value.problem


@pytest.mark.parametrize("path", HISTORIES, ids=lambda p: p.name)
def test_every_invented_hand_is_stored_as_deal_notation_that_pays_the_same(path):
    for result in read_bytes(path.read_bytes()):
        text = to_notation(result.verified)
        again = replay(parse_deal(text), snapshots=False)
        assert again.settlement.payouts == result.verified.checked.settlement.payouts


def test_a_hand_full_tilt_marked_partial_is_refused_as_such():
    first, rest = _full_tilt_hand("FL Badugi").split("\n", 1)
    (result,) = read_bytes(f"{first} (partial)\n{rest}".encode())
    assert "partial" in str(result.error)


def test_the_check_command_prints_each_file_s_expected_lines():
    """``python -m evaluator.hand_histories`` over every invented file, as a teacher runs it."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-m", "evaluator.hand_histories", *map(str, HISTORIES)],
        capture_output=True,
        text=True,
        cwd=root,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    printed = [json.loads(line) for line in done.stdout.splitlines()]
    keys = ("hand", "game", "ok", "agrees", "message")
    expected = [
        {k: hand[k] for k in keys}
        for path in HISTORIES
        for hand in json.loads(expected_path(path).read_text(encoding="utf-8"))
    ]
    assert printed[:-1] == expected
    assert printed[-1]["not_ok"] == 0 and printed[-1]["hands"] == len(expected)


def _first_hand(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8").split("\n\n")[0]


@pytest.mark.parametrize(
    ("name", "written", "illegal", "rule"),
    [
        # Pot limit: call 0.10 and raise a pot of 0.25 reaches 0.35, no more.
        (
            "game_badugi_pot_limit.txt",
            "Ana: raises $0.25 to $0.35",
            "Ana: raises $0.30 to $0.40",
            "in pot limit the most before the draw is to 35",
        ),
        # No limit: the raise to 0.75 added 0.50, so the next must reach 1.25.
        (
            "game_deuce_to_seven_single_draw_no_limit.txt",
            "Hero: raises $1.75 to $2.50",
            "Hero: raises $0.45 to $1.20",
            "the smallest full raise before the draw is to 125",
        ),
        # Half-pot limit: call 1 and raise half of the pot of 4 reaches 4, no more.
        (
            "fulltilt_deuce_to_seven_half_pot_limit.txt",
            "Ana raises to $4",
            "Ana raises to $4.50",
            "in half-pot limit the most before the draw is to 400 (call 100, then raise half",
        ),
        # Merge, half-pot limit: call 1, then half of 2.50 (rounded up) reaches 2.25.
        (
            "merge_ace_to_five_half_pot_limit.xml",
            '<event sequence="3" type="RAISE" player="2" amount="2.25"/>',
            '<event sequence="3" type="RAISE" player="2" amount="2.50"/>',
            "the most before the draw is to 225",
        ),
    ],
)
def test_a_big_bet_size_the_structure_forbids_is_refused_with_its_line(
    name, written, illegal, rule
):
    text = _first_hand(name).replace(written, illegal)
    (result,) = read_bytes(text.encode())
    assert not result.ok
    assert rule in str(result.error)
    number = next(k for k, line in enumerate(text.splitlines(), 1) if line.strip() == illegal)
    assert result.error.line == number
