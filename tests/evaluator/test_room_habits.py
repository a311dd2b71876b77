"""The habits of real room files, read as the room meant them, and the limits of that reading.

The invented files under ``room_files/*_habits_*`` reproduce each habit (their
expected outputs are checked by ``test_room_files``); these tests change one
line of them to show that a hand which truly breaks the rules is still
refused, naming its line, and that each habit changes what a user sees.
"""

from __future__ import annotations

from pathlib import Path

from evaluator.hand_histories import hand_line, read_text
from evaluator.hand_histories.check import WINNER_READ

DATA = Path(__file__).parent / "room_files"


def _text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def _line_of(text: str, words: str, *, last: bool = False) -> int:
    """The number of the first (or last) line that reads ``words``."""
    found = [i for i, line in enumerate(text.splitlines(), 1) if line == words]
    return found[-1] if last else found[0]


def test_a_seat_sitting_out_is_not_dealt_in_so_the_first_to_act_follows_the_big_blind():
    results = read_text(_text("fulltilt_habits_badugi.txt"))
    seats = [seat.name for seat in results[0].verified.record.seats]
    assert "Quin" not in seats and "Hero" in seats
    assert "Quin" in [seat.name for seat in results[1].verified.record.seats]


def test_a_seat_acting_before_its_turn_is_still_refused_on_its_line():
    text = _text("fulltilt_habits_badugi.txt").replace(
        "Lou folds\nMae calls $0.10\n", "Mae calls $0.10\nLou folds\n", 1
    )
    result = read_text(text)[0]
    assert not result.ok
    assert result.error.line == _line_of(text, "Mae calls $0.10")
    assert "out of turn" in str(result.error)


def test_an_all_muck_showdown_pays_the_room_s_winner_and_says_it_was_not_checked():
    result = read_text(_text("fulltilt_habits_ace_to_five.txt"))[1]
    line = hand_line(result)
    assert line["ok"] is True and line["agrees"] is None
    assert line["message"] == WINNER_READ
    paid = dict(
        zip(
            result.verified.checked.settlement.names,
            result.verified.checked.settlement.payouts,
            strict=True,
        )
    )
    assert paid["Sal"] > 0 and paid["Tam"] == 0


def test_an_all_muck_showdown_the_room_split_is_refused_on_the_first_muck():
    text = _text("fulltilt_habits_ace_to_five.txt").replace(
        "Sal wins the pot ($1.45)", "Sal ties for the pot ($0.73)\nTam ties for the pot ($0.72)"
    )
    result = read_text(text)[1]
    assert not result.ok
    assert result.error.line == _line_of(text, "Tam mucks", last=True)
    assert "cannot say who won" in str(result.error)


def test_a_hand_the_room_called_off_before_the_deal_is_refused_with_a_reason():
    text = _text("fulltilt_habits_ace_to_five.txt").split("\n\n")[0]
    start = text.index("*** HOLE CARDS ***")
    text = text[:start] + "*** SUMMARY ***\nTotal pot $0 | Rake $0\n"
    (result,) = read_text(text)
    assert not result.ok and "called this hand off" in str(result.error)


def test_a_merge_game_the_room_cancelled_is_refused_as_cancelled():
    text = _text("merge_habits_ace_to_five.xml").replace(
        '<round id="END_OF_FOLDED_GAME" sequence="3">',
        '<round id="GAME_CANCELLED" sequence="3">\n<event sequence="9" type="GAME_CANCELLED"/>'
        '</round>\n<round id="END_OF_FOLDED_GAME" sequence="4">',
    )
    result = read_text(text)[1]
    assert not result.ok and "cancelled" in str(result.error)


def test_merge_raises_are_uncapped_heads_up_but_not_three_handed():
    heads_up = read_text(_text("merge_habits_deuce_to_seven.xml"))[0]
    assert heads_up.ok
    text = _text("merge_habits_ace_to_five.xml")
    extra = (
        '<event sequence="5" type="RAISE" player="4" amount="1.50"/>\n'
        '<event sequence="5" type="RAISE" player="0" amount="2.00"/>\n'
        '<event sequence="5" type="RAISE" player="2" amount="2.50"/>\n'
        '<event sequence="5" type="RAISE" player="4" amount="3.00"/>\n'
    )
    text = text.replace('<event sequence="5" type="CALL" player="4" amount="0.50"/>', extra, 1)
    result = read_text(text)[0]
    assert not result.ok and "cap" in str(result.error)


def test_winamax_unknown_cards_standing_pat_stay_unknown():
    result = read_text(_text("winamax_habits_deuce_to_seven.txt"))[1]
    assert result.ok
    yan = next(seat for seat in result.verified.record.seats if seat.name == "Yan")
    assert yan.cards == () and yan.hidden == 5


def test_a_tournament_seat_sitting_out_is_dealt_in_when_it_posts_and_folds():
    (result,) = read_text(_text("game_habits_badugi.txt"))
    assert result.ok
    seats = [seat.name for seat in result.verified.record.seats]
    assert "Cal" in seats and "Dot" in seats


def test_a_single_draw_without_its_heading_still_needs_its_seats_in_turn():
    text = _text("game_habits_deuce_to_seven_single_draw_no_limit.txt")
    assert read_text(text)[0].ok
    swapped = text.replace(
        "Hero: discards 1 card [Qc]\nDealt to Hero [2c 4d 6h 7s] [3d]\nEli: stands pat\n",
        "Eli: stands pat\nHero: discards 1 card [Qc]\nDealt to Hero [2c 4d 6h 7s] [3d]\n",
    )
    result = read_text(swapped)[0]
    assert not result.ok and result.error.line == _line_of(swapped, "Eli: stands pat")


def test_a_hand_the_room_cancelled_is_refused_as_cancelled():
    text = _text("game_habits_badugi.txt")
    text = text[: text.index("*** DEALING HANDS ***")] + "Hand cancelled\n*** SUMMARY ***\n"
    (result,) = read_text(text)
    assert not result.ok and "cancelled" in str(result.error)


def test_an_all_in_written_with_a_comma_reads_as_the_one_without():
    path = Path(__file__).parent / "hand_histories" / "mix_badugi.txt"
    text = path.read_text(encoding="utf-8")
    plain = [hand_line(r) for r in read_text(text)]
    comma = [hand_line(r) for r in read_text(text.replace(" and is all-in", ", and is all in"))]
    assert comma == plain and all(line["ok"] for line in plain)


def test_a_mix_single_draw_without_headings_refuses_a_draw_before_the_betting_ends():
    text = _text("mix_habits_ace_to_five_single_draw.txt")
    assert read_text(text)[0].ok
    early = text.replace("Hero calls 40\nHero discards", "Hero discards", 1)
    result = read_text(early)[0]
    assert not result.ok and "stops before it is over" in str(result.error)
    # The round has no heading: its first line (the first blind) is the one named.
    assert result.error.line == _line_of(early, "Kai: posts the small blind 10")
