"""Small per-learner holes in a page that is otherwise the same for everyone.

A lesson page costs tens of milliseconds to render but changes only when a
teacher edits a deal or the code is deployed, so it is rendered once and
cached. What differs between learners (an exercise's progress mark, a next
step) is tiny. The template leaves a marker where each such piece goes
(``{% slot "name" %}``); the cached HTML keeps the markers, and every
response fills them from one query. A marker that nobody fills shows its
default, so a page rendered without any learner data is still complete.

The marker is an HTML comment, which is inert in text and can also stand in
for an attribute value (``data-status="{% slot 'status:ex-1' 'new' %}"``)
because it is replaced before the page leaves the server.

A block slot (``{% slotblock "name" %}default HTML{% endslotblock %}``) holds
a whole piece of HTML as its default, such as an exercise's empty form: the
no-JavaScript answer check fills only the answered exercise's block and
leaves every other block as cached. Its markers are a pair of comments, and
a block's default, like the HTML that fills it, may hold slots of its own,
which are filled too.

``split`` is the one reader of the markers: a cached page is kept as its
pieces and ``join`` fills them on each response, and ``fill`` (a page that
is not cached) is the same two steps at once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

NAME = re.compile(r"[\w:.-]{1,100}\Z")


def marker(name: str, default: str = "") -> SafeString:
    """The marker a template leaves for ``name``; ``default`` is plain text, shown if unfilled."""
    if not NAME.match(name):
        raise ValueError(f"A slot name uses letters, digits and : . - only, not {name!r}.")
    shown = str(escape(default))
    if "-->" in shown:
        raise ValueError("A slot's default cannot contain '-->'.")
    return mark_safe(f"<!--slot:{name}|{shown}-->")


def block_markers(name: str) -> tuple[SafeString, SafeString]:
    """The opening and closing markers around a block slot's default HTML."""
    if not NAME.match(name):
        raise ValueError(f"A slot name uses letters, digits and : . - only, not {name!r}.")
    return mark_safe(f"<!--slot:{name}{{-->"), mark_safe(f"<!--}}slot:{name}-->")


OPENING = "<!--slot:"


def fill(html: str, fills: Mapping[str, str]) -> str:
    """Replace every marker by its fill (trusted HTML) or, failing that, its default.

    The same parser as a cached page's (``join(split(html), fills)``), so a
    page filled whole and a page filled from its cached pieces cannot differ.
    """
    if OPENING not in html:
        return html
    return join(split(html), fills).decode()


# A page kept in the cache is stored split at its markers, so that a response
# only joins pieces instead of searching a few hundred kilobytes for them.
# A piece is the page's own text (UTF-8 bytes), a slot ("name", default bytes)
# or a block slot ("name", [its default's pieces]).
Piece = bytes | tuple[str, "bytes | list[Piece]"]


def split(html: str) -> list[Piece]:
    """``html`` as pieces for ``join``: the same page, ready to be filled quickly.

    The one reading of the marker syntax:

    - ``<!--slot:NAME|default-->`` is a slot;
    - ``<!--slot:NAME{-->`` opens a block slot, which ends at the first
      ``<!--}slot:NAME-->`` after it; what lies between is its default, read
      by these same rules (so it may hold slots and other blocks). An opening
      with no closing after it stays in the page as text, and what follows
      it is read as usual;
    - a comment that is neither (a name with other characters, no ``-->``
      at all) stays in the page as it is.

    Markers are found with ``str.find``, not a regular expression: a plain
    search skips the text between markers many times faster.
    """
    return _split(html, 0, len(html))


def _split(html: str, start: int, stop: int) -> list[Piece]:
    """The pieces of ``html[start:stop]``; no marker reaches past ``stop``."""
    pieces: list[Piece] = []
    position = start  # everything before it is in pieces
    search = html.find(OPENING, start, stop)
    while search >= 0:
        end = html.find("-->", search, stop)
        if end < 0:
            break
        inner = html[search + len(OPENING) : end]
        after = end + 3
        if inner.endswith("{") and NAME.match(name := inner[:-1]):
            closing = f"<!--}}slot:{name}-->"
            close = html.find(closing, after, stop)
            if close >= 0:
                if search > position:
                    pieces.append(html[position:search].encode())
                pieces.append((name, _split(html, after, close)))
                position = after = close + len(closing)
        elif "|" in inner:
            name, default = inner.split("|", 1)
            if NAME.match(name):
                if search > position:
                    pieces.append(html[position:search].encode())
                pieces.append((name, default.encode()))
                position = after
        search = html.find(OPENING, after, stop)
    if stop > position:
        pieces.append(html[position:stop].encode())
    return pieces


def names(pieces: list[Piece]) -> set[str]:
    """Every slot name in ``pieces``, block slots and the slots inside them included."""
    found: set[str] = set()
    for piece in pieces:
        if isinstance(piece, tuple):
            found.add(piece[0])
            if isinstance(piece[1], list):
                found |= names(piece[1])
    return found


def join(pieces: list[Piece], fills: Mapping[str, str], out: list[bytes] | None = None) -> bytes:
    """The page ``split`` made, each slot filled, as UTF-8.

    A slot's fill goes in as it is. A block's fill is read like its default:
    the slots in it are filled too (an answered exercise carries the
    learner's own status line), except a block of its own name, which shows
    its default so that a fill can never fill itself.
    """
    parts: list[bytes] = [] if out is None else out
    for piece in pieces:
        if isinstance(piece, bytes):
            parts.append(piece)
            continue
        name, default = piece
        if name not in fills:
            if isinstance(default, bytes):
                parts.append(default)
            else:
                join(default, fills, parts)
        elif isinstance(default, bytes):
            parts.append(str(fills[name]).encode())
        else:
            others = {key: value for key, value in fills.items() if key != name}
            join(split(str(fills[name])), others, parts)
    return b"".join(parts) if out is None else b""
