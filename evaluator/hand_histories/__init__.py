"""Card-room hand histories: read a file, replay every hand, check it against the room.

Five layouts are read (see ``docs/hand-histories.md``): PokerStars' "Game #"
text, Full Tilt Poker's, Winamax's, the Merge network's XML and the
mixed-games room's "#ID: Limit <game>" text, in UTF-8 (with or without a
byte-order mark) or UTF-16. Each hand becomes a ``DealRecord``
with the cards nobody saw left face down, is replayed by the deal engine,
and is held against what the room says each seat collected after the rake.
A hand that cannot be read or disagrees is reported with its id, its line
and the reason (``HandHistoryError``); the other hands are unaffected.
"""

from __future__ import annotations

from .check import check_bytes, check_paths, hand_line, summary
from .errors import HandHistoryError
from .notation import room_name, to_notation
from .phh import to_phh
from .reader import HandResult, iter_bytes, iter_text, read_bytes, read_text
from .verify import Disagreement, VerifiedHand

__all__ = [
    "Disagreement",
    "HandHistoryError",
    "HandResult",
    "VerifiedHand",
    "check_bytes",
    "check_paths",
    "hand_line",
    "iter_bytes",
    "iter_text",
    "read_bytes",
    "read_text",
    "room_name",
    "summary",
    "to_notation",
    "to_phh",
]
