"""A verified hand as deal notation, the text the site stores and the replayer reads.

The notation (``docs/deal-notation.md``) writes what a room adds to a deal
(face-down cards, the posts, who showed or mucked, the rake) on lines of its
own, so a hand read from a card room is stored as text a teacher can read and
edit, and is replayed by the same engine that verified it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..deal import BettingLine, DealRecord, DrawLine
from ..notation import format_deal, parse_deal
from ..replay import replay
from .errors import HandHistoryError
from .verify import VerifiedHand


def _notation_names(record: DealRecord) -> DealRecord:
    """The record with its names as the room wrote them, each unique whatever its case.

    The notation quotes any name it cannot write plainly, so names go through
    unchanged; only two seats whose names differ in case alone ("bob" and
    "Bob"), which the notation cannot tell apart, get "_2" added to the second.
    """
    renamed: dict[str, str] = {}
    taken: set[str] = set()
    for seat in record.seats:
        wanted = seat.name
        name, n = wanted, 2
        while name.casefold() in taken:
            name, n = f"{wanted}_{n}", n + 1
        taken.add(name.casefold())
        renamed[seat.name] = name
    if all(old == new for old, new in renamed.items()):
        return record

    def moved(item: Any) -> Any:
        return replace(item, seat=renamed.get(item.seat, item.seat))

    streets = [
        replace(street, actions=tuple(moved(a) for a in street.actions))
        if isinstance(street, BettingLine)
        else replace(street, entries=tuple(moved(e) for e in street.entries))
        if isinstance(street, DrawLine)
        else street
        for street in record.streets
    ]
    return replace(
        record,
        seats=tuple(replace(seat, name=renamed[seat.name]) for seat in record.seats),
        streets=tuple(streets),
        posts=None if record.posts is None else tuple(moved(p) for p in record.posts),
        showdown=None if record.showdown is None else tuple(moved(s) for s in record.showdown),
    )


def to_notation(hand: VerifiedHand) -> str:
    """The hand's deal notation; reading it back replays to the same payouts.

    The round trip is checked here, once, so a hand the notation cannot carry
    is refused by name instead of being stored as a different hand. When the
    text reads back as the very record that was verified (every fact equal,
    only the line numbers new), it replays as that record did and is not
    replayed again; any other reading is replayed and its payouts compared.
    """
    record = _notation_names(hand.record)
    text = format_deal(record)
    read_back = parse_deal(text)
    if read_back == record:
        return text
    again = replay(read_back, snapshots=False)
    if again.settlement.payouts != hand.checked.settlement.payouts:
        raise HandHistoryError(
            "the hand cannot be written in deal notation without changing who is paid",
            hand=hand.hand_id,
        )
    return text


def room_name(hand: VerifiedHand) -> str:
    """The card room the hand came from, as the reader noted it ("PokerStars")."""
    note = hand.record.notes[0] if hand.record.notes else ""
    suffix = f" hand {hand.hand_id}"
    return note[: -len(suffix)] if note.endswith(suffix) else note
