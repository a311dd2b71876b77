"""A hand as either layout states it, before it becomes a deal record.

The two layouts differ in wording and in how they count a call; both parsers
fill these plain structures, and ``records`` alone turns them into a deal.
Amounts are already whole chips; line numbers are the file's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card


@dataclass
class SeatLine:
    number: int
    name: str
    stack: int
    line: int


@dataclass
class PostLine:
    name: str
    kind: str  # "ante", "small blind", "big blind"
    amount: int
    line: int
    # "posts blind X" in the "#ID: Limit" layout: a big blind a seat posts out
    # of turn, which the room may charge a dead small blind with (unwritten).
    out_of_turn: bool = False


@dataclass
class ActionLine:
    """A betting action. ``amount`` is what the seat adds, or its round total when ``to``."""

    name: str
    kind: str  # fold, check, call, bet, raise
    amount: int | None
    to: bool
    line: int


@dataclass
class DrawLineText:
    """One seat's draw: ``count`` cards, and which ones when the file knows."""

    name: str
    count: int
    line: int
    discards: tuple[Card, ...] | None = None
    receives: tuple[Card, ...] | None = None


@dataclass
class Section:
    """A betting round (``actions``) or a draw (``draws``), in the order played."""

    kind: str  # "betting" or "draw"
    line: int
    actions: list[ActionLine] = field(default_factory=list)
    draws: list[DrawLineText] = field(default_factory=list)


@dataclass
class ShowLine:
    name: str
    cards: tuple[Card, ...] | None  # None: mucked
    line: int


@dataclass
class Collected:
    name: str
    amount: int
    pot: str  # "pot", "main pot", "side pot", "side pot-1", ...
    line: int


@dataclass
class NetLine:
    """Layout 2's summary: a seat's stack after the hand and its net result."""

    name: str
    stack_after: int
    net: int | None
    line: int


@dataclass
class ParsedHand:
    hand_id: str
    layout: str  # "game" or "mix"
    room: str
    game: str  # a profile key
    small_bet: int
    big_bet: int
    scale: int  # 100 when the hand was read in cents
    header_line: int
    last_line: int
    currency: str = ""  # the ISO code the stakes name ("USD"), or ""
    button_number: int | None = None
    button_line: int | None = None
    seats: list[SeatLine] = field(default_factory=list)
    posts: list[PostLine] = field(default_factory=list)
    dealt: dict[str, tuple[tuple[Card, ...], int, int]] = field(default_factory=dict)
    sections: list[Section] = field(default_factory=list)
    returned: list[Collected] = field(default_factory=list)
    shows: list[ShowLine] = field(default_factory=list)
    collected: list[Collected] = field(default_factory=list)
    total_pot: int | None = None
    rake: int = 0
    summary_line: int | None = None
    nets: list[NetLine] = field(default_factory=list)
    # A PHH file's winnings already include any bet nobody called.
    winnings_include_returns: bool = False
    # The betting structure and the number of draws the header names
    # (evaluator.structures); in a big-bet hand ``small_bet`` and ``big_bet``
    # are both the big blind, the smallest opening bet.
    structure: str = "fixed-limit"
    draws: int = 3
