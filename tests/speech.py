"""What a screen reader hears from a page: the tests' own reading of card markup.

``spoken_words`` turns an evaluator sentence into the words a listener should
hear, naming each card from the evaluator's ``Card.name``; ``heard`` reads a
response the way a screen reader does, skipping everything ``aria-hidden``.
Neither asks the site's own ``spoken`` filter, so the tests check it rather
than repeat it.
"""

from __future__ import annotations

import re
from html import unescape

from evaluator import parse_card

# Cards as the evaluator prints them: rank (A, 2-10, J, Q, K), then the suit symbol.
CARD_TEXT = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
SUIT_SYMBOLS = re.compile(r"[♠♥♦♣]")
_HIDDEN = re.compile(r'<(\w+)\b[^>]*aria-hidden="true"[^>]*>.*?</\1>', re.S)
_SKIPPED = re.compile(r"<(script|style)\b.*?</\1>", re.S)
_TAG = re.compile(r"<[^>]+>")


def spoken_words(text: str) -> str:
    """``text`` with each card replaced by its name: "discards K♥" -> "discards king of hearts"."""
    return CARD_TEXT.sub(lambda match: parse_card(match[0]).name, text)


def heard(html: str) -> str:
    """The text of ``html`` a screen reader reads, with whitespace collapsed."""
    text = _TAG.sub("", _HIDDEN.sub("", _SKIPPED.sub("", html)))
    return " ".join(unescape(text).split())


# The same reading in a browser, for ``locator.evaluate``: the element's text
# without its aria-hidden parts, whitespace collapsed.
HEARD_JS = """element => {
    const copy = element.cloneNode(true);
    copy.querySelectorAll('[aria-hidden="true"]').forEach(node => node.remove());
    return copy.textContent.replace(/\\s+/g, " ").trim();
}"""
