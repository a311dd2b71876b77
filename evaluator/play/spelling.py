"""How the study table spells things for forms and for the live region.

A card posts as two ASCII characters ("As", "Td") and reaches JSON with its
text and spoken name; the narration says "Bram raises" but "You raise", so
each verb keeps its base form beside the third-person one.
"""

from __future__ import annotations

from ..cards import RANK_TEXT, Card

# Each third-person verb of the narration, and its form after "You".
BASE_VERBS = {
    "posts": "post",
    "folds": "fold",
    "checks": "check",
    "calls": "call",
    "bets": "bet",
    "raises": "raise",
    "draws": "draw",
    "stands": "stand",
    "shows": "show",
    "receives": "receive",
    "is": "are",
}


def card_code(card: Card) -> str:
    """The two-character spelling a form posts ("As", "Td"): ASCII, one per card."""
    return ("T" if card.rank == 10 else RANK_TEXT[card.rank]) + card.suit


def card_json(card: Card) -> dict[str, str]:
    return {"code": card_code(card), "text": card.text, "name": card.name}
