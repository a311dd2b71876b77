"""Whitespace taken out of a rendered page, once, when it goes into the page cache.

Why: a lesson page's templates are indented for their authors, and the
loops that lay out tables, hands and lists repeat that indentation hundreds
of times, some tens of kilobytes a page. A browser shows none of it, but
every reader downloads it and every cache holds it. Stripping it in the
templates (``{% spaceless %}`` or hand-joined lines) would make them hard
to read and edit, so the rendered HTML is cleaned instead, only on a cache
miss (``page_cache.cached_blocks``), so a request never pays for it.

It is careful rather than clever; it never changes what a reader sees or
hears:

- inside ``<pre>``, ``<textarea>``, ``<script>`` and ``<style>`` nothing is
  touched, nor inside comments (the page slots are comments) or attribute
  values; a tag written over several lines becomes one line;
- any other run of whitespace becomes one character (a newline if it held
  one, else a space), which HTML shows as one space anyway, so two words or
  two links never join;
- a run that is only whitespace between two tags is dropped only when both
  tags belong to block-level elements (``</li>`` and ``<li>``, ``</td>`` and
  ``<td>``), where a browser shows no space at all. Between inline elements
  (``</a> <a>``, two cards) it stays, as one space.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Elements whose contents are kept byte for byte.
RAW = ("pre", "textarea", "script", "style")

# Elements laid out as blocks (or table parts, or not shown at all) by default:
# whitespace between two of their tags is never shown. Elements that are
# inline by default (a, span, strong, label, button, input, img, br...) are
# left out on purpose.
BLOCK = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "body",
        "caption",
        "col",
        "colgroup",
        "dd",
        "details",
        "dialog",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "head",
        "header",
        "hgroup",
        "hr",
        "html",
        "legend",
        "li",
        "link",
        "main",
        "menu",
        "meta",
        "nav",
        "noscript",
        "ol",
        "optgroup",
        "option",
        "p",
        "search",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "title",
        "tr",
        "ul",
    ]
)

# What is kept byte for byte: a raw element whole, a comment, a declaration.
_PROTECTED = re.compile(
    r"(<(" + "|".join(RAW) + r")\b[^>]*>.*?</\2\s*>|<!--.*?-->|<![^>]*>)", re.S | re.I
)
# In the rest: a tag (its quoted attribute values may hold ">"). Whatever is
# between two tags is text, left as it is but for its whitespace.
_TAG = re.compile(r"""(<[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>)""")
_NAME = re.compile(r"</?([a-zA-Z][a-zA-Z0-9-]*)")
# A run of HTML whitespace (not Python's: a no-break space is text) that is
# longer than the one space it shows as.
_RUN = re.compile(r"[ \t\n\r\f]{2,}|[\t\n\r\f]")
_SPACE = " \t\n\r\f"
# Inside a tag: a quoted attribute value (kept whole) or a run between attributes.
_IN_TAG = re.compile(r"""("[^"]*"|'[^']*')|[ \t\n\r\f]+""")


def minify(html: str) -> str:
    """``html`` with the whitespace no reader sees or hears taken out (see the module)."""
    parts = _PROTECTED.split(html)
    # split() gives text, then each protected piece and its element name, in turn.
    out: list[str] = []
    for i in range(0, len(parts), 3):
        at_start, at_end = i == 0, i + 3 >= len(parts)
        out.append(_minify_text(parts[i], at_start, at_end))
        if not at_end:
            out.append(parts[i + 1])
    return "".join(out)


def _minify_text(text: str, at_start: bool, at_end: bool) -> str:
    """One stretch without protected pieces; ``at_start``/``at_end``: it touches the page's edge.

    The page's edge counts as a block boundary; a protected piece next to the
    stretch (a comment, a ``<pre>``) does not, so whitespace there is kept.
    """
    pieces = _TAG.split(text)  # text, tag, text, tag, ... text
    last = len(pieces) - 1
    for i in range(1, len(pieces), 2):
        if _RUN.search(pieces[i]):  # a tag written over several lines
            pieces[i] = _IN_TAG.sub(_outside_quotes, pieces[i])
    for i in range(0, len(pieces), 2):
        piece = pieces[i]
        if not piece:
            continue
        if piece.strip(_SPACE):
            pieces[i] = _RUN.sub(_collapsed, piece)
            continue
        before = _is_block(pieces[i - 1]) if i else at_start
        after = _is_block(pieces[i + 1]) if i < last else at_end
        pieces[i] = "" if before and after else ("\n" if "\n" in piece else " ")
    return "".join(pieces)


def _outside_quotes(match: re.Match[str]) -> str:
    return match[1] or " "


def _collapsed(run: re.Match[str]) -> str:
    return "\n" if "\n" in run[0] else " "


@lru_cache(maxsize=4096)
def _is_block(tag: str) -> bool:
    """Whether ``tag`` opens or closes a block-level element (a page repeats its tags)."""
    name = _NAME.match(tag)
    return name is not None and name[1].lower() in BLOCK
