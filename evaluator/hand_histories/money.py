"""Amounts: money with cents and tournament chips, read exactly, never as floats.

A deal keeps whole chips. A hand whose amounts carry cents is read in cents
(every amount times 100); a hand of whole numbers is read as it is. Reading
counts whole hundredths, never floats, so ``0.29`` is exactly 29 cents.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..limits import MAX_CHIPS
from .errors import HandHistoryError

_AMOUNT = re.compile(r"[$€£]?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?")
_HAS_CENTS = re.compile(r"\d\.\d")
_CURRENCY = "$€£"


def scale_for(text: str) -> int:
    """100 when any amount in the hand has cents, else 1."""
    return 100 if _HAS_CENTS.search(text) else 1


def read_amount(text: str, scale: int, *, hand: str | None, line: int | None) -> int:
    """Whole chips from ``$1,285.50``, ``0.25`` or ``1,285``."""
    found = _chips(text, scale)
    if isinstance(found, str):
        raise HandHistoryError(found, hand=hand, line=line)
    return found


@lru_cache(maxsize=4096)
def _chips(text: str, scale: int) -> int | str:
    """Whole chips, or the sentence saying why ``text`` is no amount.

    A file repeats the same few amounts (blinds, bets, stacks) thousands of
    times, so each distinct one is read once; the sentence is kept rather
    than an exception so the error can still name its own hand and line.
    """
    raw = text.strip()
    if raw.isascii() and raw.isdigit() and len(raw) < 16 and int(raw) * scale <= MAX_CHIPS:
        return int(raw) * scale  # the common case, whole chips
    # Hundredths as whole numbers: as exact as a Decimal, and several times cheaper.
    whole, point, cents = (raw[1:] if raw[:1] in ("$", "€", "£") else raw).partition(".")
    if (
        whole.isascii()
        and whole.isdigit()
        and len(whole) < 16
        and (not point or (cents.isascii() and cents.isdigit() and len(cents) <= 2))
    ):
        hundredths = int(whole) * 100 + int(cents.ljust(2, "0"))  # plain "$0.25", read directly
    else:
        m = _AMOUNT.fullmatch(raw)
        if m is None:
            return f"'{raw[:30]}' is not an amount: write digits, with at most two after the point"
        hundredths = int(m.group(1).replace(",", "")) * 100 + int((m.group(2) or "").ljust(2, "0"))
    chips, left = divmod(hundredths * scale, 100)
    if left:
        return f"'{raw[:30]}' has cents in a hand read in whole chips"
    if chips > MAX_CHIPS:
        return f"'{raw[:30]}' is more than a table can hold"
    return chips


def format_amount(chips: int, scale: int) -> str:
    """Chips written back the way the room wrote them (cents when the hand had cents)."""
    if scale == 1:
        return f"{chips:,}"
    whole, cents = divmod(chips, scale)
    return f"{whole:,}.{cents:02d}"


def strip_currency(text: str) -> str:
    return text.strip().lstrip(_CURRENCY)
