"""A file to hands: each hand starts at its header line, whatever lies between.

Rooms separate hands with one or more blank lines, but a hand is found by its
header (``PokerStars Game #…``, ``Full Tilt Poker Game #…``, ``Winamax Poker - …``
or ``#…: Limit …``),
so extra blank lines or a missing one cannot merge or split hands. A file that
starts with anything else is named by the room it looks like (``rooms``).

``iter_hands`` gives the hands one at a time and holds only one stretch of
the file's lines at once, so reading a large file takes no more memory per
hand than a small one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from .errors import HandHistoryError
from .rooms import unknown_room_sentence

GAME_LAYOUT = re.compile(r"PokerStars (?:Game|Hand) #")
FULLTILT_LAYOUT = re.compile(r"Full ?Tilt ?Poker Game #")
# Full Tilt's archive files number their hands between rows of stars.
_ARCHIVE_NUMBER = re.compile(r"\*{5,} # \d+ \*{5,}")
WINAMAX_LAYOUT = re.compile(r"Winamax Poker - .* - HandId: #")
MIX_LAYOUT = re.compile(r"#[\w-]+:\s+\S.* - \S")
# Every line of a file is tested for a header, so the layouts' patterns are
# tried in one expression (first listed, first taken), each as a named group.
_LAYOUTS = {
    "game": GAME_LAYOUT,
    "fulltilt": FULLTILT_LAYOUT,
    "winamax": WINAMAX_LAYOUT,
    "mix": MIX_LAYOUT,
}
_ANY_HEADER = re.compile("|".join(f"(?P<{kind}>{p.pattern})" for kind, p in _LAYOUTS.items()))


@dataclass(frozen=True)
class HandText:
    """One hand's lines with the file's line number of the first, and its layout."""

    layout: str  # "game", "mix", "fulltilt" or "winamax"
    first_line: int
    lines: tuple[str, ...]

    def number(self, index: int) -> int:
        """The file's line number of ``lines[index]``."""
        return self.first_line + index


# How much of the file is cut into lines at once (``_lines``).
_STRETCH = 1 << 20


def split_hands(text: str) -> list[HandText]:
    """Every hand in the file, in order; a file without any is refused."""
    return list(iter_hands(text))


def iter_hands(text: str) -> Iterator[HandText]:
    """``split_hands`` one hand at a time.

    A file refused whole (it does not start with a hand, or holds none)
    raises ``HandHistoryError`` before any hand is given.
    """
    current: list[str] = []
    layout = ""
    start = 0
    found = False
    header = _ANY_HEADER.match
    for number, raw in enumerate(_lines(text), start=1):
        line = raw.strip()
        if header(line) is not None:
            kind = _header(line)
            if current:
                yield HandText(layout, start, tuple(current))
                found = True
            current, layout, start = [line], kind, number
        elif current:
            current.append(line)
        elif line and not is_archive_number(line):
            raise HandHistoryError(unknown_room_sentence(line, text[:4096]), line=number)
    if current:
        yield HandText(layout, start, tuple(current))
    elif not found:
        raise HandHistoryError("the file holds no hands: it is empty or not a hand history")


def is_archive_number(line: str) -> bool:
    """A row of stars numbering the hands of a Full Tilt archive file: not part of a hand."""
    return _ARCHIVE_NUMBER.fullmatch(line) is not None


def _lines(text: str) -> Iterator[str]:
    """``text.splitlines()``, one stretch of about a megabyte at a time.

    Each stretch but the last ends just after a "\n", so no line break (not
    even "\r\n") is cut in two and the lines are exactly those of the whole.
    """
    begin, size = 0, len(text)
    while begin < size:
        end = text.find("\n", begin + _STRETCH)
        end = size if end < 0 else end + 1
        yield from text[begin:end].splitlines()
        begin = end


def _header(line: str) -> str:
    """The layout whose header ``line`` is, or ""."""
    m = _ANY_HEADER.match(line)
    if m is None:
        return ""
    return next(kind for kind, text in m.groupdict().items() if text is not None)
