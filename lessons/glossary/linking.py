"""Link the first use of each glossary term in a lesson to its definition.

A lesson's text is written once and read by learners who may not know what
a "button" or a "side pot" is. Rather than asking every lesson author to
mark up words by hand (and keep doing so as the text changes), the rendered
lesson is read once, when its page is put in the cache, and the first use of
each term becomes a link to the glossary with the definition beside it: shown
on hover and on keyboard focus by the stylesheet alone, and named as the
link's description for screen readers. Without styles it is a plain link
followed by the definition.

The page is read with the standard library's HTML parser, only to learn
where its text lies and what encloses it; the HTML itself is copied through
unchanged except for the inserted links. Text is left alone inside headings,
links, buttons, form controls and labels, code, a ``<summary>``, card
markup and other text that is hidden or spoken differently, and inside a
block slot (``lessons.pages.slots``), whose default a response may replace
with other HTML.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html.parser import HTMLParser

from django.urls import reverse
from django.utils.html import escape

from lessons.glossary.terms import Term, uses_in

# Elements whose text must not hold a link: headings and interactive or
# labelling elements (a link inside them is invalid or changes their name),
# code, and elements that are not prose at all.
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
CONTROLS = {"a", "button", "label", "legend", "select", "option", "optgroup", "textarea"}
NOT_PROSE = {"output", "summary", "code", "pre", "kbd", "samp", "script", "style", "template"}
SKIPPED_TAGS = frozenset(HEADINGS | CONTROLS | NOT_PROSE | {"noscript", "svg", "math", "title"})
# Card markup and text that is not read as shown.
SKIPPED_CLASSES = frozenset({"pc", "hand", "visually-hidden", "glossary-tip"})
VOID_TAGS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta"})
VOID_TAGS |= {"source", "track", "wbr", "param", "keygen"}
BLOCK_SLOT = re.compile(r"slot:[\w:.-]+\{\Z")  # "<!--slot:name{-->" opens a block slot's default
BLOCK_SLOT_END = re.compile(r"\}slot:[\w:.-]+\Z")
# The definition's ARIA role, written in two halves: scripts/trim_bootstrap.py keeps the
# Bootstrap rules of every word the code holds, and Bootstrap's rules of that name are unused.
TIP_ROLE = "tool" + "tip"
REFERENCE = re.compile(r"&#?[0-9A-Za-z]+;?")
# One card as includes/card.html draws it. Cards are most of a lesson's tags and none of
# its prose, so each is blanked out before parsing (same length, so every offset holds)
# with a character that is neither a word's nor a space: no use can start, end or run
# across one. A card drawn some other way is simply parsed and skipped like the rest.
CARD = re.compile(r'<span class="pc(?: [^"<>]*)?">(?:[^<>]|<span[^<>]*>[^<>]*</span>)*</span>')
BLANK = "\x01"


def is_skipped(tag: str, attrs: list[tuple[str, str | None]]) -> bool:
    """Whether an element's text stays as it is: no link may go inside it."""
    if tag in SKIPPED_TAGS:
        return True
    values = dict(attrs)
    if values.get("aria-hidden") == "true" or "hidden" in values:
        return True
    if values.get("role") in ("img", "group", TIP_ROLE, "button", "link", "heading"):
        return True
    return bool(SKIPPED_CLASSES & set((values.get("class") or "").split()))


class _TextRuns(HTMLParser):
    """Where each run of linkable text lies in the source (start, end offsets)."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=False)  # text arrives exactly as written
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", html)]
        self._html = html
        self._open: list[tuple[str, bool]] = []  # each open element and whether it is skipped
        self._skipped = 0  # how many open elements (or block slots) skip their text
        self._joins = False  # whether the next text continues the last run
        self.runs: list[list[int]] = []

    def _offset(self) -> int:
        line, column = self.getpos()
        return self._line_starts[line - 1] + column

    def _text(self, start: int, end: int) -> None:
        if self._skipped:
            return
        if self._joins and self.runs[-1][1] == start:
            self.runs[-1][1] = end
        else:
            self.runs.append([start, end])
        self._joins = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_TAGS:
            self._break()
            return
        skipped = is_skipped(tag, attrs)
        self._open.append((tag, skipped))
        self._skipped += skipped
        self._break()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._break()

    def handle_endtag(self, tag: str) -> None:
        self._break()
        if not any(name == tag for name, _ in self._open):
            return  # a stray end tag closes nothing
        while self._open:
            name, skipped = self._open.pop()
            self._skipped -= skipped
            if name == tag:
                break

    def handle_comment(self, data: str) -> None:
        self._break()
        if BLOCK_SLOT.match(data):
            self._skipped += 1
        elif BLOCK_SLOT_END.match(data):
            self._skipped -= 1

    def handle_data(self, data: str) -> None:
        start = self._offset()
        self._text(start, start + len(data))

    def _reference(self) -> None:
        start = self._offset()
        found = REFERENCE.match(self._html, start)
        self._text(start, found.end() if found else start + 1)

    def handle_entityref(self, name: str) -> None:
        self._reference()

    def handle_charref(self, name: str) -> None:
        self._reference()

    def _break(self) -> None:
        """Markup ends a run: a phrase split by a tag is not one use."""
        self._joins = False


def without_cards(html: str) -> str:
    return CARD.sub(lambda card: BLANK * len(card.group()), html)


def text_runs(html: str) -> list[tuple[int, int]]:
    """Where the linkable text of ``html`` lies (``html`` as returned by ``without_cards``)."""
    parser = _TextRuns(html)
    parser.feed(html)
    parser.close()
    return [(start, end) for start, end in parser.runs]


def tip_id(term: Term) -> str:
    return f"glossary-tip-{term.anchor}"


def linked(text: str, term: Term, glossary_url: str) -> str:
    """One use of a term as the link and its definition (``text`` is HTML as written)."""
    return (
        f'<span class="glossary-use"><a class="glossary-link" href="{glossary_url}#{term.anchor}"'
        f' aria-describedby="{tip_id(term)}">{text}</a><span class="glossary-tip" role="{TIP_ROLE}"'
        f' id="{tip_id(term)}">{escape(term.definition)}</span></span>'
    )


@lru_cache(maxsize=8)
def link_first_uses(html: str) -> str:
    """``html`` with the first use of each glossary term made a link to its definition.

    Remembered for the last few pages: the page cache is emptied by every deploy
    (and every test) while a lesson's rendered content mostly stays the same, and
    reading it again costs more than rendering it.
    """
    glossary_url = reverse("lessons:glossary")
    seen: set[str] = set()
    changes: list[tuple[int, int, Term]] = []
    shown = without_cards(html)
    for start, end in text_runs(shown):
        for first, last, term in uses_in(shown[start:end]):
            if term.anchor not in seen:
                seen.add(term.anchor)
                changes.append((start + first, start + last, term))
    parts: list[str] = []
    position = 0
    for start, end, term in changes:
        parts += [html[position:start], linked(html[start:end], term, glossary_url)]
        position = end
    parts.append(html[position:])
    return "".join(parts)
