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


class Chained(Precompressed):
    """Text deflated as one stream with the other pieces of its chain, holes between them.

    A page whose only per-request parts are its CSRF tokens (a newcomer's: see
    page_cache) is deflated as one stream, so later text may refer back to
    earlier text across the tokens and the page compresses nearly as well as
    it would whole. The compressor saw a placeholder of ``HOLE`` bytes where
    each token goes; a response sends the token there as a stored (literal)
    block of the same length, so every distance still holds. The placeholder's
    bytes never occur in the text, so nothing refers into it. A response whose
    parts do not follow the chain exactly deflates the text afresh instead.
    """

    chain: str
    position: int

    def __reduce__(self):  # type: ignore[override]
        return (_restore_chained, (bytes(self), self.deflated, self.chain, self.position))


def _restore_chained(text: bytes, deflated: bytes, chain: str, position: int) -> Chained:
    piece = Chained(text)
    piece.deflated, piece.chain, piece.position = deflated, chain, position
    return piece


# Django's masked CSRF tokens are always 64 characters.
HOLE = 64
_PLACEHOLDER = b"\x00" * HOLE


def chain(texts: list[bytes]) -> list[bytes]:
    """``texts`` (with a HOLE-byte part to come between each two) as one chain of pieces.

    Text holding a NUL byte, which the placeholder uses, is deflated piece by
    piece instead, as ``precompress`` does.
    """
    if any(b"\x00" in text for text in texts):
        return [Precompressed.of(text) for text in texts]
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    name = secrets.token_hex(8)
    pieces: list[bytes] = []
    for index, text in enumerate(texts):
        if index:
            compressor.compress(_PLACEHOLDER)  # its output is replaced by the token's
            compressor.flush(zlib.Z_SYNC_FLUSH)
        piece = Chained(text)
        piece.deflated = compressor.compress(text) + compressor.flush(zlib.Z_SYNC_FLUSH)
        piece.chain, piece.position = name, index
        pieces.append(piece)
    return pieces


def _stored(data: bytes) -> bytes:
    """``data`` as one stored (uncompressed), non-final deflate block, from a byte boundary."""
    return b"\x00" + struct.pack("<HH", len(data), len(data) ^ 0xFFFF) + data


def precompress(text: bytes) -> bytes:
    """Large text as a Precompressed piece; small text as it is."""
    return Precompressed.of(text) if len(text) >= SMALLEST else text


def _run(compressors: list[Any], pending: list[bytes]) -> bytes:
    """Deflate the parts waiting in ``pending`` (and empty it), ending on a full flush.

    ``compressors`` holds the response's one compressor once a run has made it.
    """
    if not compressors:
        compressors.append(zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS))
    compressor = compressors[0]
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
    # Made only when a run needs it: a page whose every part was kept compressed
    # (a newcomer's, its header included: page_cache) needs none.
    compressors: list[Any] = []
    pending: list[bytes] = []
    last: Chained | None = None  # the chained piece sent last, while its chain holds
    for part in parts:
        crc = zlib.crc32(part, crc)
        size += len(part)
        if isinstance(part, Chained) and part.position:
            follows = (
                last is not None
                and (last.chain, last.position + 1) == (part.chain, part.position)
                and len(pending) == 1
                and len(pending[0]) == HOLE
            )
            if not follows:
                last = None
                pending.append(part)  # the chain is broken: deflate it afresh
                continue
            out.append(_stored(pending.pop()))
            out.append(part.deflated)
            last = part
        elif isinstance(part, Precompressed):
            if pending:
                out.append(_run(compressors, pending))
            out.append(part.deflated)
            last = part if isinstance(part, Chained) else None
        else:
            pending.append(part)
            if len(pending) > 1:
                last = None
    if pending:
        out.append(_run(compressors, pending))
    out.append(_END)
    out.append(struct.pack("<II", crc, size & 0xFFFFFFFF))
    return b"".join(out)
