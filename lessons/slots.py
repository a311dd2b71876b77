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
a block's default may hold ordinary slots, which are filled after it.
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


def fill(html: str, fills: Mapping[str, str]) -> str:
    """Replace every marker by its fill (trusted HTML) or, failing that, its default.

    Block slots go first, so the ordinary slots inside a block's default (or
    inside its fill) are filled too. Markers are found with ``str.find``, not
    a regular expression: this runs on every response over a lesson page of
    a few hundred kilobytes, and a plain search skips the text between
    markers many times faster.
    """
    if OPENING not in html:
        return html
    if "{-->" in html:
        html = _fill(html, fills, block=True)
    return _fill(html, fills, block=False)


OPENING = "<!--slot:"


def _fill(html: str, fills: Mapping[str, str], *, block: bool) -> str:
    pieces = []
    position = 0  # everything before it has been copied to pieces
    search = html.find(OPENING)
    while search >= 0:
        end = html.find("-->", search)
        if end < 0:
            break
        inner = html[search + len(OPENING) : end]
        after = end + 3
        if block and inner.endswith("{") and NAME.match(name := inner[:-1]):
            closing = f"<!--}}slot:{name}-->"
            close = html.find(closing, after)
            if close >= 0:
                pieces.append(html[position:search])
                pieces.append(str(fills[name]) if name in fills else html[after:close])
                position = after = close + len(closing)
        elif not block and "|" in inner:
            name, default = inner.split("|", 1)
            if NAME.match(name):
                pieces.append(html[position:search])
                pieces.append(str(fills.get(name, default)))
                position = after
        search = html.find(OPENING, after)
    pieces.append(html[position:])
    return "".join(pieces)


# A page kept in the cache is stored split at its markers, so that a response
# only joins pieces instead of searching a few hundred kilobytes for them.
# A piece is the page's own text (UTF-8 bytes), a slot ("name", default bytes)
# or a block slot ("name", [its default's pieces]).
Piece = bytes | tuple[str, "bytes | list[Piece]"]


def split(html: str) -> list[Piece]:
    """``html`` as pieces for ``join``: the same page, ready to be filled quickly."""
    pieces: list[Piece] = []
    stack: list[tuple[str, list[Piece]]] = []  # the block slots we are inside
    position = 0
    search = html.find(OPENING)
    while search >= 0:
        end = html.find("-->", search)
        if end < 0:
            break
        inner = html[search + len(OPENING) : end]
        after = end + 3
        if inner.endswith("{") and NAME.match(inner[:-1]):
            pieces.append(html[position:search].encode())
            stack.append((inner[:-1], pieces))
            pieces = []
            position = after
        elif "|" in inner and NAME.match(inner.split("|", 1)[0]):
            name, default = inner.split("|", 1)
            pieces.append(html[position:search].encode())
            pieces.append((name, default.encode()))
            position = after
        search = html.find(OPENING, after)
        # A block closes before the next opening after it, if at all.
        while (
            stack
            and (close := html.find(f"<!--}}slot:{stack[-1][0]}-->", position)) >= 0
            and (search < 0 or close < search)
        ):
            pieces.append(html[position:close].encode())
            name, outer = stack.pop()
            outer.append((name, pieces))
            pieces = outer
            position = close + len(f"<!--}}slot:{name}-->")
    pieces.append(html[position:].encode())
    while stack:  # an unclosed block: keep its text, as fill() does
        name, outer = stack.pop()
        outer.extend([f"<!--slot:{name}{{-->".encode(), *pieces])
        pieces = outer
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
    """The page ``split`` made, each slot filled as ``fill`` would fill it, as UTF-8."""
    parts: list[bytes] = [] if out is None else out
    for piece in pieces:
        if isinstance(piece, bytes):
            parts.append(piece)
            continue
        name, default = piece
        if name in fills:
            parts.append(str(fills[name]).encode())
        elif isinstance(default, bytes):
            parts.append(default)
        else:
            join(default, fills, parts)
    return b"".join(parts) if out is None else b""
