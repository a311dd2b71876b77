"""A verified hand as deal notation, the text the site stores and the replayer reads.

The notation (``docs/deal-notation.md``) writes what a room adds to a deal
(face-down cards, the posts, who showed or mucked, the rake) on lines of its
own, so a hand read from a card room is stored as text a teacher can read and
edit, and is replayed by the same engine that verified it.
"""

from __future__ import annotations

from ..notation import format_deal, parse_deal
from ..replay import replay
from .errors import HandHistoryError
from .verify import VerifiedHand


def to_notation(hand: VerifiedHand) -> str:
    """The hand's deal notation; reading it back replays to the same payouts.

    The round trip is checked here, once, so a hand the notation cannot carry
    is refused by name instead of being stored as a different hand.
    """
    text = format_deal(hand.record)
    again = replay(parse_deal(text), snapshots=False)
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
