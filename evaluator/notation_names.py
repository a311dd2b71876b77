"""Seat names in deal notation: plain when they can be, quoted when they cannot.

The notation separates its items with ``, ;`` and ``:``, starts notes with
``#``, puts a stack in brackets-free ``seat Ann, 240 chips`` and draws with
``->``. A card room lets players call themselves "Bob (NL)", "a,b" or put a
DEL or a direction control in a name, so such a name is written in double
quotes, with ``\\"`` for a quote, ``\\\\`` for a backslash and ``\\u{202e}`` for
a character that cannot be shown. Reading gives back exactly the same name.

The reader swaps each quoted name for a placeholder before the line
grammar runs (the same name always gets the same placeholder, so it matches
wherever it appears) and swaps the real names back into the finished record.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .deal import BettingLine, DealError, DealRecord, DrawLine

_RESERVED = set(',;:#()"\\')
_TRAILING_NUMBER = re.compile(r"\s\d+$")
_OPEN, _CLOSE = "\ue000", "\ue001"  # private-use characters no name is read with
_PLACEHOLDER = re.compile(f"{_OPEN}(\\d+){_CLOSE}")


def needs_quotes(name: str) -> bool:
    """True when the plain notation cannot carry the name as it is."""
    return (
        not name
        or not name.isprintable()
        or bool(_RESERVED & set(name))
        or "->" in name
        or "→" in name
        or " ".join(name.split()) != name
        or bool(_TRAILING_NUMBER.search(name))
        or _OPEN in name
        or _CLOSE in name
    )


def written(name: str) -> str:
    """The name as the notation writes it: plain, or quoted with escapes."""
    if not needs_quotes(name):
        return name
    out = []
    for ch in name:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == " " or ch.isprintable() and ch not in (_OPEN, _CLOSE):
            out.append(ch)
        else:
            out.append(f"\\u{{{ord(ch):x}}}")
    return '"' + "".join(out) + '"'


def is_placeholder(name: str) -> bool:
    """True for a name that was quoted in the text (the reader's stand-in for it)."""
    return _PLACEHOLDER.fullmatch(name) is not None


def has_placeholder(name: str) -> bool:
    return _OPEN in name or _CLOSE in name


class Quoted:
    """The quoted names of one text, swapped for placeholders and back."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def hide(self, text: str) -> str:
        """The text with every quoted name replaced by its placeholder."""
        lines = []
        for number, raw in enumerate(text.split("\n"), start=1):
            if raw.strip().startswith("#") or '"' not in raw:
                lines.append(raw)  # a note keeps its quotes as written
                continue
            lines.append(self._hide_line(raw, number))
        return "\n".join(lines)

    def _hide_line(self, raw: str, number: int) -> str:
        out: list[str] = []
        i = 0
        while i < len(raw):
            ch = raw[i]
            if ch != '"':
                out.append(ch)
                i += 1
                continue
            name, i = self._read(raw, i + 1, number)
            if not name.strip():
                raise DealError("a quoted name cannot be empty", line=number)
            if name not in self.names:
                self.names.append(name)
            out.append(f"{_OPEN}{self.names.index(name)}{_CLOSE}")
        return "".join(out)

    @staticmethod
    def _read(raw: str, i: int, number: int) -> tuple[str, int]:
        chars: list[str] = []
        while i < len(raw):
            ch = raw[i]
            if ch == '"':
                return "".join(chars), i + 1
            if ch != "\\":
                chars.append(ch)
                i += 1
                continue
            nxt = raw[i + 1 : i + 2]
            if nxt in ('"', "\\"):
                chars.append(nxt)
                i += 2
                continue
            m = re.compile(r"u\{([0-9a-fA-F]{1,6})\}").match(raw, i + 1)
            if m is None or int(m.group(1), 16) > 0x10FFFF:
                raise DealError(
                    'inside a quoted name write \\" for a quote, \\\\ for a backslash and '
                    "\\u{202e} for a character by its code",
                    line=number,
                )
            chars.append(chr(int(m.group(1), 16)))
            i = m.end()
        raise DealError('a quoted name is not closed: end it with "', line=number)

    def real(self, name: str) -> str:
        return _PLACEHOLDER.sub(lambda m: self.names[int(m.group(1))], name)

    def shown(self, text: str) -> str:
        """A message with each placeholder written back as the quoted name."""
        return _PLACEHOLDER.sub(lambda m: written(self.names[int(m.group(1))]), text)

    def restore(self, record: DealRecord) -> DealRecord:
        """The record with every placeholder name replaced by the real name."""
        if not self.names:
            return record
        real = self.real

        def moved(item: Any) -> Any:
            return replace(item, seat=real(item.seat))

        streets = [
            replace(street, actions=tuple(moved(a) for a in street.actions))
            if isinstance(street, BettingLine)
            else replace(street, entries=tuple(moved(e) for e in street.entries))
            if isinstance(street, DrawLine)
            else street
            for street in record.streets
        ]
        return replace(
            record,
            seats=tuple(replace(seat, name=real(seat.name)) for seat in record.seats),
            streets=tuple(streets),
            posts=None if record.posts is None else tuple(moved(p) for p in record.posts),
            showdown=None if record.showdown is None else tuple(moved(s) for s in record.showdown),
        )
