"""The largest numbers the engine accepts, and the one way typed numbers are read.

Real tables stay far below these caps. They exist so that no input, however
large, makes the engine convert, add or print a number without end: Python
refuses to convert an integer of more than 4,300 digits at all, and a long
one costs time to convert. Every refusal is an ``EvaluatorError`` naming the
cap, never a bare ``ValueError``.
"""

from __future__ import annotations

from .errors import EvaluatorError
from .wording import excerpt

# A pot, a stack, a contribution, a bet, a blind or an ante, in chips.
MAX_CHIPS = 10**15
# Bets allowed in one betting round (the opening bet and the raises).
MAX_RAISE_CAP = 1_000

_ASCII_DIGITS = frozenset("0123456789")


def read_whole(text: str, what: str, most: int = MAX_CHIPS) -> int:
    """A whole number written in ASCII digits, from 0 to ``most``.

    Only 0-9 count as digits: ``int()`` would also take Arabic-Indic or
    full-width digits, underscores and surrounding spaces, which a teacher
    reading the text back would not recognise as the same number.
    """
    if not text or not _ASCII_DIGITS.issuperset(text):
        raise EvaluatorError(
            f"{what} must be a whole number written with the digits 0-9, not '{excerpt(text)}'"
        )
    if len(text.lstrip("0")) > len(str(most)) or int(text) > most:
        raise EvaluatorError(f"{what} is more than {most:,}")
    return int(text)
