"""The Badeucey lesson's quick checks: one short question after each section.

Facts only, in the exercises' format (``lessons/content/badeucey.py``) plus
the ``section`` whose text the question tests. Winners, Badugi cards and
payouts come from the evaluator when the page shows or checks them. Each
deal is its own: no seat here holds the cards of a Badeucey exercise, so a
check never gives an exercise's answer away.
"""

from __future__ import annotations


def seat(name: str, cards: str) -> dict:
    return {"name": name, "cards": cards}


CHECKS: list[dict] = [
    {
        "section": "two-scores",
        "title": "Nobody has much",
        "game": "badeucey",
        "pot": 60,
        "seats": [seat("Ines", "K♠ Q♠ 9♠ 7♠ 4♦"), seat("Olu", "Q♥ Q♣ J♦ 10♥ 9♣")],
        "prompt": (
            "Neither hand looks like much. Who takes each half of this 60-chip Badeucey pot?"
        ),
        "parts": [{"kind": "winners"}],
        "explanation": (
            "Neither half asks for a minimum hand: the lowest low on the table wins one "
            "half and the best ace-high Badugi the other, however poor both are."
        ),
    },
    {
        "section": "deuce-to-seven",
        "title": "Five in a row",
        "game": "badeucey",
        "pot": 60,
        "seats": [seat("Ines", "8♠ 7♥ 6♦ 5♣ 4♠"), seat("Olu", "9♥ 7♣ 5♦ 3♠ 2♣")],
        "prompt": "Ines holds five cards in a row. Who takes each half of this 60-chip pot?",
        "parts": [{"kind": "winners"}],
        "explanation": (
            "A straight sinks below every hand without a pair in the low half, however "
            "small its cards. The Badugi half never looks for runs."
        ),
    },
    {
        "section": "ace-high-badugi",
        "title": "Is the ace worth keeping?",
        "game": "badeucey",
        "pot": 60,
        "seats": [seat("Ines", "A♥ 3♥ 5♣ 6♦ 8♠"), seat("Pavel", "K♣ J♦ 9♥ 9♠ 4♣")],
        "prompt": "Tick the cards that count in Ines's Badeucey Badugi.",
        "parts": [{"kind": "badugi_cards", "seat": 0}],
        "explanation": (
            "Here the ace is the top card, so it stays only when nothing else can fill its "
            "suit. A smaller card of the same suit does the job better."
        ),
    },
    {
        "section": "both-halves",
        "title": "Four diamonds",
        "game": "badeucey",
        "pot": 60,
        "seats": [seat("Olu", "7♦ 5♦ 4♦ 3♣ 2♦"), seat("Pavel", "K♠ Q♥ J♣ 9♦ 9♠")],
        "prompt": "Olu's cards are tiny but mostly diamonds. Who takes each half of this pot?",
        "parts": [{"kind": "winners"}],
        "explanation": (
            "Cards of one suit do no harm to a low short of a flush, yet only one of them "
            "can count in the Badugi. High cards in four suits can take that half."
        ),
    },
    {
        "section": "showdowns",
        "title": "Level in one half",
        "game": "badeucey",
        "pot": 120,
        "seats": [seat("Ines", "8♠ 6♥ 5♦ 3♣ 2♠"), seat("Olu", "8♣ 6♣ 5♣ 3♠ 2♥")],
        "prompt": (
            "Settle each half on its own, then say how many chips of this 120-chip pot each "
            "player collects."
        ),
        "parts": [{"kind": "payouts"}],
        "explanation": (
            "Suits never break a tie, so a tied half is shared. The other half goes whole to "
            "its own winner: add the two halves up for each player."
        ),
    },
]
