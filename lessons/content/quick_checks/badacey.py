"""Quick checks of the Badacey lesson: one short question after each section.

Written like the exercises (``lessons/content/exercises.py``) with the
``section`` each follows. Their cards are their own, never an exercise's,
and every verdict is the evaluator's.
"""

from __future__ import annotations

from ..exercises import seat

CHECKS: list[dict] = [
    {
        "section": "one-holding",
        "title": "Good for one half only",
        "seats": [seat("Rosa", "A♣ 2♣ 3♣ 4♣ 6♣"), seat("Tom", "K♠ Q♥ J♦ 10♣ 9♠")],
        "prompt": "Rosa holds five low clubs, Tom five high cards. Who wins each half?",
        "parts": [{"kind": "winners"}],
        "explanation": (
            "The low reads all five cards and ignores suits; the Badugi reads only cards "
            "of different suits. One holding can do well in one and badly in the other."
        ),
    },
    {
        "section": "five-card-low",
        "title": "The ace comes too late",
        "seats": [seat("Rosa", "8♠ 5♥ 4♦ 3♣ 2♠"), seat("Tom", "8♦ 6♣ 3♥ 2♦ A♠")],
        "prompt": "Both lows are eight-high. Whose ace-to-five low is better?",
        "parts": [{"kind": "winners", "game": "ace_to_five"}],
        "explanation": "Compare from the top down; the first rank that differs decides.",
    },
    {
        "section": "choosing-badugi",
        "title": "Two aces and a spade too many",
        "seats": [seat("Rosa", "A♠ 4♠ 2♥ A♦ 6♣"), seat("Tom", "9♥ 7♣ 5♦ K♠ Q♠")],
        "prompt": "Pick the cards of Rosa's best Badugi.",
        "parts": [{"kind": "badugi_cards", "seat": 0}],
        "explanation": (
            "Leave each card out in turn and test the four that remain before you drop "
            "to three cards."
        ),
    },
    {
        "section": "awarding",
        "title": "One half alone, one half shared",
        "pot": 40,
        "seats": [seat("Rosa", "A♦ 2♠ 3♥ 4♣ 6♦"), seat("Tom", "A♣ 2♦ 3♠ 4♥ 8♣")],
        "prompt": "Split this 40-chip pot: how many chips does each player collect?",
        "parts": [{"kind": "payouts"}],
        "explanation": "Award each half on its own, then divide a tied half between its winners.",
    },
    {
        "section": "odd-chips",
        "title": "A pot that will not halve",
        "pot": 21,
        "seats": [seat("Rosa", "A♠ 2♠ 3♠ 4♥ 5♥"), seat("Tom", "K♠ Q♥ J♦ 10♣ 10♦")],
        "prompt": "Rosa wins one half and Tom the other. Share out the 21 chips.",
        "parts": [{"kind": "payouts"}],
        "explanation": "When the pot is odd, the chip that will not halve goes with the low half.",
    },
    {
        "section": "badacey-or-badeucey",
        "title": "The same cards as Badeucey",
        "seats": [seat("Rosa", "A♣ 2♦ 3♥ 4♠ 7♣"), seat("Tom", "2♣ 3♦ 4♥ 6♠ 8♦")],
        "prompt": "Read these two hands by Badeucey rules. Who wins each half?",
        "parts": [{"kind": "winners", "game": "badeucey"}],
        "explanation": "In Badeucey the ace is the highest card in the low and in the Badugi.",
    },
    {
        "section": "schedule",
        "title": "A raise after the first draw",
        "seats": [seat("Rosa", "A♥ 3♣ 5♦ 9♠ J♥"), seat("Tom", "2♠ 4♦ 6♥ 8♣ K♦")],
        "prompt": "Fixed limit 6/12. After the first draw Tom faces a bet of 6 and raises.",
        "parts": [{"kind": "raise_to", "round": 1, "facing": 6, "options": [12, 18]}],
        "explanation": "The small bet stays the unit until the betting after the second draw.",
    },
]
