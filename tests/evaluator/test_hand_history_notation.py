"""A card room's hand written in deal notation reads back as the same hand.

The site stores imported hands as deal notation, so every verified hand of
the test files must survive the round trip unchanged, face-down cards,
posts, shows, mucks and rake included, and replay to the same payouts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator import DealError
from evaluator.hand_histories import read_text, to_notation
from evaluator.notation import parse_deal
from evaluator.replay import replay

DATA = Path(__file__).parent / "hand_histories"
HANDS = [
    result.verified
    for path in sorted(DATA.glob("*.txt"))
    for result in read_text(path.read_text(encoding="utf-8"))
    if result.verified is not None
]


@pytest.mark.parametrize("hand", HANDS, ids=lambda v: f"{v.game}-{v.hand_id}")
def test_the_notation_reads_back_as_the_same_record_and_pays_the_same(hand):
    text = to_notation(hand)
    again = parse_deal(text)
    assert again == hand.record
    assert replay(again).settlement.payouts == hand.checked.settlement.payouts


def test_the_room_s_additions_have_lines_of_their_own():
    texts = "\n".join(to_notation(hand) for hand in HANDS)
    for line_start in ("posts: ", "showdown: ", "rake ", " face down"):
        assert line_start in texts
    assert " draws " in texts and " mucks" in texts


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("posts: Ana blind 5", "write Ana's post as 'small blind 5'"),
        ("showdown: Ana waves", "write 'Ana shows' and the cards, or 'Ana mucks'"),
        ("rake lots", "is not a line of the notation"),
    ],
)
def test_a_bad_room_line_is_named(line, message):
    text = (
        "game badugi, limit 10/20\nseat Ana, 100 chips: 4 face down\n"
        "seat Ben, 100 chips: A♠ 2♥ 3♦ 4♣\nbutton Ana\n" + line + "\n"
    )
    with pytest.raises(DealError, match=message):
        parse_deal(text)


def test_nothing_but_the_rake_follows_the_showdown():
    text = (
        "game badugi, limit 10/20\nseat Ana, 100 chips: A♠ 2♥ 3♦ 4♣\n"
        "seat Ben, 100 chips: 5♠ 6♥ 7♦ 8♣\nbutton Ana\nshowdown: Ana mucks\n"
        "before the draw: Ana call\n"
    )
    with pytest.raises(DealError, match="only the rake may follow the showdown line"):
        parse_deal(text)


def test_a_hand_is_replayed_once_from_its_history_to_its_stored_notation(monkeypatch):
    """Reading, checking and writing the notation replay each hand once (issue 32)."""
    from evaluator.replay import engine

    runs = []
    run = engine._Replayer.run

    def counted(self):
        runs.append(self.record)
        return run(self)

    monkeypatch.setattr(engine._Replayer, "run", counted)
    # No seat posts out of turn here, so no hand is read a second time with a dead blind.
    text = (DATA.parent / "room_files" / "fulltilt_badugi.txt").read_text(encoding="utf-8")
    verified = [result.verified for result in read_text(text) if result.verified is not None]
    texts = [to_notation(hand) for hand in verified]
    assert len(verified) >= 2 and all(texts)
    assert len(runs) == len(verified)
