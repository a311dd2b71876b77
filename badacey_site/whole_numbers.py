"""The one reader for a whole number that arrives in a request or a teacher's text.

``str.isdigit()`` followed by ``int()`` was the pattern this replaces, and
it fails two ways: ``isdigit()`` is true for "²" and "٣", which ``int()``
then refuses or reads as 3; and ``int()`` refuses more than 4,300 digits
with a ValueError. Either way a 500. Every number the site reads from a
form, a query string or a line of text comes through here: plain ASCII
digits (a minus sign only where negatives are allowed), no spaces, no
underscores, never more digits than the largest number allowed, and
``None`` for anything else, so the caller says what is wrong in its own
words.
"""

from __future__ import annotations

import re

_ASCII_WHOLE = re.compile(r"-?[0-9]+")


def read_whole_number(text: object, lowest: int, highest: int) -> int | None:
    """``text`` as a whole number from ``lowest`` to ``highest``, or None if it is not one.

    ``text`` may be anything a form or a JSON post hands over: only a str of
    ASCII digits is read, so None, a list or "3 " are all None here.
    """
    if not isinstance(text, str) or not _ASCII_WHOLE.fullmatch(text):
        return None
    # Bounding the length first keeps int() far from its 4,300-digit limit and
    # spares it the work on a megabyte of digits.
    digits = len(text.removeprefix("-"))
    if digits > max(len(str(abs(lowest))), len(str(abs(highest)))):
        return None
    if text.startswith("-") and lowest >= 0:
        return None
    value = int(text)
    return value if lowest <= value <= highest else None
