"""A cached page's text compressed once, so a gzip response costs only its per-request parts.

GZipMiddleware compressed every lesson page on every request, about half of
the CPU a page cost. Most of the page is the same cached text each time, so
each large piece of it is deflated once, when the page is cached, and kept
beside its text (``Precompressed``). A response then sends one gzip stream
whose deflate data is those kept pieces with the per-request parts (the
header, the slots' fills, the CSRF token) deflated in between:

- every piece is a raw deflate stream from a fresh compressor, ended with a
  sync flush (byte-aligned, not final), so none refers back to another and
  they can follow each other in any order; an empty final block ends them;
- the trailer's CRC-32 and length are those of the whole page as sent.

That is one ordinary gzip member, which every client reads. A per-request
part is never stored, and since it is compressed apart from the shared text
it cannot be guessed through the page's compressed size either; the header
still gets Django's random padding (its BREACH mitigation) as the middleware's
responses do.
"""

from __future__ import annotations

import re
import secrets
import struct
import zlib
from collections.abc import Iterable
from typing import Any

LEVEL = 6  # GZipMiddleware's
# Text shorter than this is left to be compressed with its neighbours per request.
SMALLEST = 256
MAX_RANDOM_BYTES = 100  # GZipMiddleware's max_random_bytes
ACCEPTS_GZIP = re.compile(r"\bgzip\b")
_FNAME = 0x08
_END = b"\x03\x00"  # an empty final block (fixed Huffman codes)


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether a request's Accept-Encoding takes gzip, read as GZipMiddleware reads it."""
    return bool(ACCEPTS_GZIP.search(accept_encoding))


def deflate(data: bytes) -> bytes:
    """``data`` as raw deflate data that any other such piece may follow."""
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)


class Precompressed(bytes):
    """A piece of cached page text that carries its own deflate data."""

    deflated: bytes

    @classmethod
    def of(cls, text: bytes) -> Precompressed:
        piece = cls(text)
        piece.deflated = deflate(text)
        return piece

    def __reduce__(self):  # type: ignore[override]
        # Pickled (for the cache) with its deflate data, not recomputed on load.
        return (_restore, (bytes(self), self.deflated))


def _restore(text: bytes, deflated: bytes) -> Precompressed:
    piece = Precompressed(text)
    piece.deflated = deflated
    return piece


def precompress(text: bytes) -> bytes:
    """Large text as a Precompressed piece; small text as it is."""
    return Precompressed.of(text) if len(text) >= SMALLEST else text


def _run(compressor: Any, pending: list[bytes]) -> bytes:
    """Deflate the parts waiting in ``pending`` (and empty it), ending on a full flush."""
    data = compressor.compress(b"".join(pending)) + compressor.flush(zlib.Z_FULL_FLUSH)
    pending.clear()
    return data


def gzip_body(parts: Iterable[bytes]) -> bytes:
    """The gzip stream of ``b"".join(parts)``, reusing each Precompressed part's deflate data."""
    header = bytearray(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff")
    header[3] = _FNAME
    padding = b"a" * secrets.randbelow(MAX_RANDOM_BYTES) + b"\x00"
    out = [bytes(header), padding]
    crc = size = 0
    # One compressor for every run of per-request parts: a full flush after each
    # run forgets what came before, so no run refers back across a kept piece.
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    pending: list[bytes] = []
    for part in parts:
        crc = zlib.crc32(part, crc)
        size += len(part)
        if isinstance(part, Precompressed):
            if pending:
                out.append(_run(compressor, pending))
            out.append(part.deflated)
        else:
            pending.append(part)
    if pending:
        out.append(_run(compressor, pending))
    out.append(_END)
    out.append(struct.pack("<II", crc, size & 0xFFFFFFFF))
    return b"".join(out)
