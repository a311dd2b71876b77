"""``{% card %}``: the card component, rendered once per card and mark.

Why: a lesson page shows several hundred cards, and rendering
``includes/card.html`` afresh for each cost most of the page's time. The
template stays the one source of the markup; this tag only remembers what it
rendered for each (card, counts, change) combination, of which there are a few
hundred at most.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from django import template
from django.template.loader import get_template
from django.utils.safestring import SafeString

from evaluator import Card

register = template.Library()


@lru_cache(maxsize=1024)
def _rendered(card: Card, counts: bool, change: str) -> SafeString:
    context = {"card": card, "highlight": counts, "changed": change}
    return get_template("includes/card.html").render(context)


@register.simple_tag
def card(
    card: Card,
    counting: Collection[Card] | str = "",
    drawn: Collection[Card] | str = "",
    discarded: Collection[Card] | str = "",
) -> SafeString:
    """One card with its marks: counts in a Badugi, newly drawn, or thrown away."""
    counts = bool(counting) and card in counting
    if drawn and card in drawn:
        change = "in"
    elif discarded and card in discarded:
        change = "out"
    else:
        change = ""
    return _rendered(card, counts, change)
