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
MARKER = re.compile(r"<!--slot:([\w:.-]{1,100})\|(.*?)-->", re.DOTALL)
BLOCK = re.compile(r"<!--slot:([\w:.-]{1,100})\{-->(.*?)<!--\}slot:\1-->", re.DOTALL)


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
    inside its fill) are filled too.
    """
    if "<!--slot:" not in html:
        return html
    if "{-->" in html:
        html = BLOCK.sub(lambda m: str(fills.get(m[1], m[2])), html)
    return MARKER.sub(lambda m: str(fills.get(m[1], m[2])), html)
