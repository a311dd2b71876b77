"""Helpers both layouts share: seat names at the start of a line, cards in brackets,
and the lines that have nothing to do with the hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from ..cards import Card, parse_cards
from ..errors import EvaluatorError
from .errors import HandHistoryError
from .money import read_amount
from .splitting import HandText

# Table chatter a room writes between a hand's lines: nobody's chips or cards.
_CHATTER_PHRASES = (
    ' said, "',
    " joins the table",
    " leaves the table",
    " is sitting out",
    " sits out",
    " has returned",
    " is connected",
    " is disconnected",
    " has timed out",
    " was removed from the table",
    " will be allowed to play",
    " is waiting for",
    " sits down",
    " stands up",
    " finished the tournament",
    ": doesn't show hand",
    " has left the table",
    " seated at",
)
_CHATTER = re.compile("|".join(re.escape(p) for p in _CHATTER_PHRASES), re.IGNORECASE)
_UNKNOWN_CARD = "X"
# Each phrase's first word after a space, which is followed by a space too: an
# ASCII line without one of these among its words cannot be chatter. Every
# line of every hand is tested, and this is several times cheaper than the search.
_CHATTER_WORDS = frozenset(p.split(" ", 2)[1].lower() for p in _CHATTER_PHRASES)
assert all(len(p.split(" ", 2)) == 3 for p in _CHATTER_PHRASES), "a word must end before the phrase"


_LOWER_PHRASES = tuple(p.lower() for p in _CHATTER_PHRASES)
# The only characters beyond ASCII that a case-blind pattern matches with an
# ASCII letter: dotted and dotless I, the long s and the Kelvin sign.
_LIKE_ASCII_LETTERS = "\u0130\u0131\u017f\u212a"


def is_chatter(line: str) -> bool:
    if line.isascii() and _CHATTER_WORDS.isdisjoint(line.lower().split()):
        return False
    return _CHATTER.search(line) is not None


def hand_lines(
    text: HandText, chatter: Callable[[str], bool] = is_chatter, more: tuple[str, ...] = ()
) -> Iterator[tuple[str, int]]:
    """The lines after the header with their line numbers, blank lines and chatter left out.

    ``chatter`` says whether a line is table talk; ``more`` holds lower-case
    phrases that every such line beyond the common ones contains. Most hands
    hold no chatter at all, and one look through the whole hand for the
    phrases is several times cheaper than testing each line; in a hand where
    some phrase occurs, only a line holding one of those phrases is tested. A
    case-blind pattern matches an ASCII letter only with an ASCII letter or one
    of ``_LIKE_ASCII_LETTERS``, so a hand without those (a euro sign or
    accented names are fine) is looked through in lower case; any other hand
    has every line tested.
    """
    lines, first = text.lines, text.first_line
    whole = "\n".join(lines[1:])
    found: list[str] | None = None  # None: test every line
    if whole.isascii() or not any(c in whole for c in _LIKE_ASCII_LETTERS):
        lower = whole.lower()
        found = [p for p in (*_LOWER_PHRASES, *more) if p in lower]
    for index in range(1, len(lines)):
        line = lines[index]
        if not line:
            continue
        if found is None:
            if chatter(line):
                continue
        elif found:
            low = line.lower()
            if any(p in low for p in found) and chatter(line):
                continue
        yield line, first + index


class HandContext:
    """The hand being read: its id and scale, for amounts, cards and messages."""

    def __init__(self, hand_id: str, scale: int) -> None:
        self.hand_id = hand_id
        self.scale = scale
        self.names: list[str] = []
        # The names by their first character, for seat_prefix (kept by add_seat).
        self._by_first: dict[str, list[str]] = {}

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
        self._by_first.setdefault(name[0], []).append(name)

    def seat_prefix(self, line_text: str, separators: Iterable[str]) -> tuple[str, str] | None:
        """(name, rest) when the line starts with a seat's name and a separator; longest name."""
        best: tuple[str, str] | None = None
        # Only a name that starts with the line's first character can start the line.
        for name in self._by_first.get(line_text[:1], ()):
            if not line_text.startswith(name) or (best is not None and len(name) <= len(best[0])):
                continue
            end = len(name)
            for sep in separators:
                if line_text.startswith(sep, end):
                    best = (name, line_text[end + len(sep) :])
                    break
        return best

    def seat_named(self, name: str, line: int) -> str:
        if name not in self.names:
            raise self.fail(f"'{name[:40]}' is not one of the seats of this hand", line)
        return name
