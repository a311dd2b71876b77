"""Helpers both layouts share: seat names at the start of a line, cards in brackets,
and the lines that have nothing to do with the hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..cards import Card, parse_cards
from ..errors import EvaluatorError
from .errors import HandHistoryError
from .money import read_amount

# Table chatter a room writes between a hand's lines: nobody's chips or cards.
_CHATTER = re.compile(
    r"(?: said, \"| joins the table| leaves the table| is sitting out| sits out"
    r"| has returned| is connected| is disconnected| has timed out| was removed from the table"
    r"| will be allowed to play| is waiting for| sits down| stands up| finished the tournament"
    r"|: doesn't show hand| has left the table| seated at)",
    re.IGNORECASE,
)
_UNKNOWN_CARD = "X"


def is_chatter(line: str) -> bool:
    return _CHATTER.search(line) is not None


class HandContext:
    """The hand being read: its id and scale, for amounts, cards and messages."""

    def __init__(self, hand_id: str, scale: int) -> None:
        self.hand_id = hand_id
        self.scale = scale
        self.names: list[str] = []

    def fail(self, problem: str, line: int | None) -> HandHistoryError:
        return HandHistoryError(problem, hand=self.hand_id, line=line)

    def amount(self, text: str, line: int) -> int:
        return read_amount(text, self.scale, hand=self.hand_id, line=line)

    def cards(self, text: str, line: int) -> tuple[Card, ...]:
        try:
            return parse_cards(text)
        except EvaluatorError as error:
            raise self.fail(str(error), line) from None

    def cards_or_hidden(self, text: str, line: int) -> tuple[tuple[Card, ...], int]:
        """Known cards and the count of ``X`` (unknown) ones in a bracket's text."""
        tokens = text.split()
        hidden = sum(1 for t in tokens if t.upper() == _UNKNOWN_CARD)
        known = [t for t in tokens if t.upper() != _UNKNOWN_CARD]
        return (self.cards(" ".join(known), line) if known else ()), hidden

    def add_seat(self, name: str, line: int) -> None:
        if name in self.names:
            raise self.fail(f"two seats are named '{name}': every seat needs its own name", line)
        if not name:
            raise self.fail("a seat has no name", line)
        self.names.append(name)

    def seat_prefix(self, line_text: str, separators: Iterable[str]) -> tuple[str, str] | None:
        """(name, rest) when the line starts with a seat's name and a separator; longest name."""
        best: tuple[str, str] | None = None
        for name in self.names:
            for sep in separators:
                if line_text.startswith(name + sep) and (best is None or len(name) > len(best[0])):
                    best = (name, line_text[len(name) + len(sep) :])
        return best

    def seat_named(self, name: str, line: int) -> str:
        if name not in self.names:
            raise self.fail(f"'{name[:40]}' is not one of the seats of this hand", line)
        return name
