"""A card room's money: how a deal's whole chips read when the room counted cents.

A deal keeps whole chips. A hand read from a cash game whose amounts have
cents is kept in cents (``$3.36`` is 336 chips); ``Money`` remembers that,
and the currency when the room named one, so every page, sentence and export
can give the amounts back in the room's own units. A deal without it (every
lesson deal, a tournament's chips) is plain chips.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
CODES = {symbol: code for code, symbol in SYMBOLS.items()}
NAMES = {"USD": "US dollars", "EUR": "euros", "GBP": "pounds sterling"}

# The notation's line: "money in USD cents", "money in cents", "money in USD".
_LINE = re.compile(r"money in(?: ([A-Z]{3}))?( cents)?", re.I)


@dataclass(frozen=True)
class Money:
    """Whole chips as the room's money: cents of ``currency`` (or whole units of it)."""

    cents: bool = False
    currency: str = ""  # an ISO code such as "USD", or "" when the room named none

    @property
    def scale(self) -> int:
        """Chips per unit of money: 100 when the room counted in cents."""
        return 100 if self.cents else 1

    def amount(self, chips: int) -> str:
        """``$3.36``, ``3.36 CHF``, ``3.36`` (no currency named) or ``1,200 USD``."""
        sign = "-" if chips < 0 else ""
        whole, cents = divmod(abs(chips), self.scale)
        text = f"{whole:,}.{cents:02d}" if self.cents else f"{whole:,}"
        symbol = SYMBOLS.get(self.currency)
        if symbol:
            return f"{sign}{symbol}{text}"
        return f"{sign}{text}" + (f" {self.currency}" if self.currency else "")

    def words(self) -> str:
        """What the amounts are, for a page to say once: "US dollars, to the cent"."""
        name = NAMES.get(self.currency) or (
            self.currency if self.currency else "the room's money (it names no currency)"
        )
        return f"{name}, to the cent" if self.cents else name

    def line(self) -> str:
        """The notation's line for it."""
        parts = ["money in"] + ([self.currency] if self.currency else [])
        return " ".join(parts + (["cents"] if self.cents else []))

    @classmethod
    def read(cls, text: str) -> Money | None:
        """The notation's ``money in …`` line, or None when ``text`` is not one."""
        m = _LINE.fullmatch(text.strip())
        if m is None or not (m.group(1) or m.group(2)):
            return None
        return cls(cents=bool(m.group(2)), currency=(m.group(1) or "").upper())


def chip_writer(money: Money | None) -> Callable[[int], str]:
    """How a sentence writes an amount: the room's money, or the bare chip count."""
    return str if money is None else money.amount


def currency_code(header: str, amounts: str = "") -> str:
    """The ISO code a room's stakes name (``($0.10/$0.20 USD)``), or its amounts' symbol."""
    m = re.search(r"/[^()]*?\s([A-Z]{3})\)", header)
    if m:
        return m.group(1)
    for symbol, code in CODES.items():
        if symbol in header or symbol in amounts:
            return code
    return ""
