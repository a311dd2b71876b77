"""Quick checks of the Badugi lesson: one short question after each section.

Each entry is written like an exercise (``lessons/content/exercises.py``)
plus the ``section`` it follows. The cards are their own, never an
exercise's, so answering a check gives no exercise away; every verdict is
the evaluator's.
"""

from __future__ import annotations

from ..exercises import seat

CHECKS: list[dict] = [
    {
        "section": "valid-cards",
        "title": "A rank and a suit twice",
        "seats": [seat("Ivo", "4♠ 9♠ 4♦ 6♣"), seat("Lena", "K♥ Q♣ 7♦ 2♠")],
        "prompt": "Ivo holds a four twice and a spade twice. Pick the cards that count for him.",
        "parts": [{"kind": "badugi_cards", "seat": 0}],
        "explanation": (
            "Each card you keep must be new in both rank and suit. Dropping one card can "
            "clear a repeated rank and a repeated suit at once."
        ),
    },
    {
        "section": "hand-sizes",
        "title": "Small ranks against one more card",
        "seats": [seat("Ivo", "Q♠ J♥ 10♦ 9♣"), seat("Lena", "A♥ 2♦ 3♣ 3♠")],
        "prompt": "Lena holds the lower ranks. Who wins the showdown?",
        "parts": [{"kind": "winners"}],
        "explanation": "Count the cards that count first; ranks only matter between equal sizes.",
    },
    {
        "section": "equal-sizes",
        "title": "Same ranks, other suits",
        "pot": 30,
        "seats": [seat("Ivo", "7♠ 5♥ 3♦ 2♣"), seat("Lena", "7♥ 5♣ 3♠ 2♦")],
        "prompt": "Both make a seven-high Badugi. How many of the 30 chips does each collect?",
        "parts": [{"kind": "payouts"}],
        "explanation": "Equal ranks all the way down are a tie: suits never split one.",
    },
    {
        "section": "best-subset",
        "title": "The low card that blocks",
        "seats": [seat("Ivo", "2♦ 4♦ 2♠ 6♥"), seat("Lena", "9♣ 8♥ 5♠ J♦")],
        "prompt": "Keeping the lowest diamond looks natural here. Pick Ivo's best cards.",
        "parts": [{"kind": "badugi_cards", "seat": 0}],
        "explanation": (
            "Try every three-card selection before settling for two: a higher card of a "
            "suit can let a low card of another suit stay."
        ),
    },
    {
        "section": "draws",
        "title": "What standing pat says",
        "seats": [seat("Ivo", "K♠ K♦ 9♥ 2♣"), seat("Lena", "A♣ 4♥ 6♦ 8♠")],
        "prompt": (
            "Ivo took no cards on any of the three draws, and at the showdown he shows K♠ K♦ 9♥ 2♣."
        ),
        "parts": [
            {
                "kind": "choice",
                "question": "What did his standing pat tell the table for certain?",
                "options": ["That he held a four-card Badugi", "Only that he took no new cards"],
                "answer": 1,
            }
        ],
        "explanation": (
            "A pat player has drawn nothing; whether the cards are good is still a guess."
        ),
    },
    {
        "section": "betting",
        "title": "A raise after the second draw",
        "seats": [seat("Ivo", "A♦ 5♣ 8♥ 10♠"), seat("Lena", "3♥ 4♣ 7♦ Q♠")],
        "prompt": "Fixed limit 2/4. After the second draw Lena faces a bet of 4 and raises.",
        "parts": [{"kind": "raise_to", "round": 2, "facing": 4, "options": [6, 8]}],
        "explanation": "The betting from the second draw on uses the big bet.",
    },
]
