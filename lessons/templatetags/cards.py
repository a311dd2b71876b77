"""``{% card %}``: the card component, rendered once per card and mark.

Why: a lesson page shows several hundred cards, and rendering
``includes/card.html`` afresh for each cost most of the page's time. The
template stays the one source of the markup; this tag only remembers what it
rendered for each (card, counts, change) combination, of which there are a few
hundred at most.

``|spoken``: a plain sentence from the evaluator ("Noor draws two: discards
K♥ K♠, ...") with each card drawn by the same component, so a screen reader
says "king of hearts" instead of "K black heart suit". The evaluator keeps
printing plain text, which the CLI and the JSON records need.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache

from django import template
from django.template.defaultfilters import stringfilter
from django.template.loader import get_template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe

from evaluator import Card, parse_card

register = template.Library()


# A card as the evaluator prints it (``Card.text``): rank, then suit symbol.
CARD_TEXT = re.compile(r"((?:10|[2-9AJQK])[♠♥♦♣])")


@lru_cache(maxsize=1024)
def _rendered(
    card: Card, counts: bool, change: str, inline: bool = False, decides: bool = False
) -> SafeString:
    context = {
        "card": card,
        "highlight": counts,
        "changed": change,
        "inline": inline,
        "decides": decides,
    }
    # Stripped of the file's final newline, which would put a space before a
    # comma that follows a card in a sentence.
    return mark_safe(get_template("includes/card.html").render(context).strip())


@register.simple_tag
def card(
    card: Card,
    counting: Collection[Card] | str = "",
    drawn: Collection[Card] | str = "",
    discarded: Collection[Card] | str = "",
    decides: Collection[Card] | str = "",
) -> SafeString:
    """One card with its marks: counts in a Badugi, newly drawn, thrown away, or
    the card that decides a comparison."""
    counts = bool(counting) and card in counting
    if drawn and card in drawn:
        change = "in"
    elif discarded and card in discarded:
        change = "out"
    else:
        change = ""
    return _rendered(card, counts, change, False, bool(decides) and card in decides)


@register.simple_tag(takes_context=True)
def hand_parts(context: template.Context) -> dict[str, object]:
    """What ``includes/hand.html`` shows: its label, whether face down, and its cards.

    ``faces`` is every card through the card component (``{% card %}``), a
    space between. Why a tag and not a loop of ``{% card %}`` in the
    template: the template engine looks up a name its includer did not pass
    (most hands have no marks) by raising and catching several exceptions,
    about 30 µs a time, and a loop reads three per card. Read once here with
    ``context.get``, a lesson page's hands cost a fifth of what they did.
    """
    face_down = context.get("face_down")
    faces = ""
    if not face_down:
        counting, drawn, discarded = (context.get(n) for n in ("counting", "drawn", "discarded"))
        cards = context.get("cards") or ()
        faces = " ".join(card(c, counting or "", drawn or "", discarded or "") for c in cards)
    return {"label": context.get("label"), "face_down": face_down, "faces": mark_safe(faces)}


@register.simple_tag
def card_example(text: str, counts: bool = False, change: str = "") -> SafeString:
    """One card typed by a template for a key of the marks (never a result)."""
    return _rendered(parse_card(text), counts, change)


@lru_cache(maxsize=4096)
def _spoken(text: str) -> SafeString:
    # re.split with one group alternates plain text (even) and card text (odd).
    pieces = CARD_TEXT.split(text)
    return format_html_join(
        "",
        "{}",
        (
            (_rendered(parse_card(piece), False, "", True) if i % 2 else piece,)
            for i, piece in enumerate(pieces)
        ),
    )


@register.filter
@stringfilter
def spoken(text: str) -> SafeString:
    """A plain-text sentence, escaped, with every card in it named for screen readers.

    Give it text, never HTML: the text around the cards is escaped. The
    replayer shows dozens of sentences per page, so each is rendered once.
    """
    return _spoken(str(text))
