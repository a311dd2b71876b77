"""Bytes to text: the encodings card rooms write, and refusing what is not text.

Rooms write UTF-8, with or without a byte-order mark, and some write UTF-16
with its mark. Anything else is refused whole, before a line is parsed, with
a sentence that says what the file looked like.
"""

from __future__ import annotations

import codecs

from .errors import HandHistoryError

# Ten thousand hands take about twelve megabytes; a file four times that is
# not a history a person uploads, and reading it would hold a worker too long.
MAX_BYTES = 48 * 1024 * 1024

_CONTROL = frozenset(range(32)) - {9, 10, 12, 13}


def decode(data: bytes, *, max_bytes: int = MAX_BYTES) -> str:
    """The text of a history file, with any byte-order mark removed."""
    if len(data) > max_bytes:
        raise HandHistoryError(
            f"the file is {_size(len(data))}, over the {_size(max_bytes)} a history may be; "
            "split it into smaller files"
        )
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        if len(data) % 2:
            # Some rooms end a UTF-16 file with one stray byte: half a character
            # that holds no text. It is left out; the reader's report says so.
            data = data[:-1]
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            raise HandHistoryError(
                "the file starts like UTF-16 text but is not: save it again as UTF-8 or UTF-16"
            ) from None
    else:
        if b"\x00" in data:
            raise HandHistoryError(
                "the file is not text (it holds binary data): choose the room's .txt history"
            )
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise HandHistoryError(
                f"the file is not UTF-8 text (byte {error.start + 1} cannot be read): "
                "save it again as UTF-8 or UTF-16"
            ) from None
    if any(ord(ch) in _CONTROL for ch in text[:65536]):
        raise HandHistoryError(
            "the file is not text (it holds control characters): choose the room's .txt history"
        )
    return text


def stray_byte_note(data: bytes) -> str | None:
    """The sentence a report gives when ``decode`` left out a UTF-16 file's stray last byte."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) and len(data) % 2:
        return (
            "The file is UTF-16 text with one stray byte at its end (half a character, "
            "no text); that byte was left out and the rest was read."
        )
    return None


def _size(count: int) -> str:
    if count >= 1024 * 1024:
        return f"{count / (1024 * 1024):.1f} MB"
    return f"{count:,} bytes"
