"""The drawing lesson's quick checks: one short question after each section.

Facts only, in the exercises' format (``lessons/content/drawing.py``) plus
the ``section`` whose text the question tests. Outs, chances and the best
throw come from the engine when the page shows or checks them; the one
``choice`` asks which kind of statement the page counts, a fact no engine
computes. No seat here holds the cards of a drawing exercise.
"""

from __future__ import annotations


def seat(name: str, cards: str) -> dict:
    return {"name": name, "cards": cards}


CHECKS: list[dict] = [
    {
        "section": "counted-or-judged",
        "title": "Counted or judged?",
        "game": "badugi",
        "seats": [seat("Ines", "A♠ 4♦ 6♥ Q♥"), seat("Olu", "3♣ 5♦ 8♠ 10♥")],
        "prompt": (
            "Ines throws the queen and draws one card; Olu stands pat. Which of these does "
            "the site work out by exact counting?"
        ),
        "parts": [
            {
                "kind": "choice",
                "question": "Which one is exact counting?",
                "options": [
                    "Whether Olu is bluffing",
                    "Ines's chance of making a Badugi",
                    "How much Ines should bet after the draw",
                ],
                "answer": 1,
            }
        ],
        "explanation": (
            "A chance follows from the cards still unseen, so it can be counted. Reading an "
            "opponent or sizing a bet is judgement."
        ),
    },
    {
        "section": "outs",
        "title": "One suit missing",
        "game": "badugi",
        "seats": [seat("Pavel", "2♠ 5♥ 8♦ Q♦"), seat("Olu", "3♣ 7♣ K♠ 4♥")],
        "prompt": (
            "Pavel throws the queen of diamonds. Olu's cards are face up. How many outs "
            "does Pavel have to a four-card Badugi?"
        ),
        "parts": [{"kind": "outs", "seat": 0, "throw": "Q♦", "target": "badugi"}],
        "explanation": (
            "Take the missing suit, strike the ranks Pavel keeps, then strike the cards of "
            "that suit you can see in Olu's hand."
        ),
    },
    {
        "section": "odds-tables",
        "title": "Eight or better",
        "game": "badugi",
        "seats": [seat("Olu", "3♣ 5♦ 6♥ K♥"), seat("Ines", "2♠ 7♠ 9♣ J♦")],
        "prompt": (
            "Olu throws the king of hearts. Ines's cards are face up. Estimate his chance "
            "of a Badugi of eight or better, within two percentage points."
        ),
        "parts": [
            {
                "kind": "odds",
                "seat": 0,
                "throw": "K♥",
                "target": "badugi",
                "badugi_top": 8,
                "within": 2,
            }
        ],
        "explanation": (
            "Only a spade no higher than an eight, of a rank Olu does not hold, makes the "
            "target. Divide those cards by every card he cannot see."
        ),
    },
    {
        "section": "how-many",
        "title": "Beaten as it stands",
        "game": "badugi",
        "seats": [seat("Ines", "Q♦ 5♣ 3♠ 2♥"), seat("Olu", "8♣ 7♥ 6♠ 4♦")],
        "prompt": (
            "One draw is left, Olu stands pat and nobody bets again. Ines may stand pat or "
            "throw one card. Which choice gives her the best expected share of the pot?"
        ),
        "parts": [{"kind": "discard", "seat": 0, "most": 1, "model": "share"}],
        "explanation": (
            "A made hand is worth keeping only if it can win. When it cannot, a draw that "
            "sometimes wins is worth more than standing pat."
        ),
    },
]
