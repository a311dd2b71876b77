"""The Table basics lesson's quick checks: one short question per section.

Each entry is in the exercise entry format (``lessons.content.exercises``)
plus the ``"section"`` anchor it checks. The cards are their own, never an
exercise's. A rule the section states in words is a ``choice``; anything
the engine can work out (whose turn, the pot, a raise, a split pot) is asked
through the part kind that computes it.
"""

from __future__ import annotations


def seat(name: str, cards: str) -> dict[str, str]:
    return {"name": name, "cards": cards}


# Two plain hands for the questions that only need a table to be asked at.
TABLE = [seat("Ivy", "2♣ 5♦ 8♥ J♠"), seat("Jon", "3♦ 6♣ 9♠ Q♥")]

CHECKS: list[dict] = [
    {
        "section": "seats",
        "title": "Which way the button moves",
        "game": "badugi",
        "seats": TABLE,
        "prompt": "One hand is over. Where does the button go for the next one?",
        "parts": [
            {
                "kind": "choice",
                "question": "The button moves",
                "options": ["one seat to the left", "one seat to the right", "nowhere"],
                "answer": 0,
            }
        ],
        "explanation": "Play and the button both move to the left, so every seat gets its turn.",
    },
    {
        "section": "forced-bets",
        "title": "Who posts the small blind",
        "game": "badugi",
        "seats": TABLE,
        "prompt": "A table plays with blinds. Which seat posts the small blind?",
        "parts": [
            {
                "kind": "choice",
                "question": "The small blind is posted by",
                "options": [
                    "the button",
                    "the first seat left of the button",
                    "every seat",
                ],
                "answer": 1,
            }
        ],
        "explanation": "With blinds, the two seats left of the button pay; an ante is paid by all.",
    },
    {
        "section": "acting",
        "title": "The first free choice",
        "game": "badugi",
        "seats": TABLE,
        "prompt": "The blinds are in and nobody has acted yet. Who makes the first choice?",
        "parts": [
            {
                "kind": "choice",
                "question": "Before the draw, the first to act is",
                "options": [
                    "the small blind",
                    "the big blind",
                    "the seat left of the big blind",
                ],
                "answer": 2,
            }
        ],
        "explanation": "The big blind counts as a bet, so the turn starts with the seat after it.",
    },
    {
        "section": "actions",
        "title": "Nothing has been bet yet",
        "game": "badugi",
        "seats": TABLE,
        "prompt": "It is your turn after a draw and nobody has bet. Which of these can you do?",
        "parts": [
            {
                "kind": "choice",
                "question": "With no bet in front of you, you may",
                "options": ["check", "call", "raise"],
                "answer": 0,
            }
        ],
        "explanation": "Calling and raising need a bet to answer; with none, you check or bet.",
    },
    {
        "section": "limits",
        "title": "A raise with the big bet",
        "game": "badugi",
        "seats": TABLE,
        "prompt": "After the second draw someone bets. To what total does a full raise go?",
        "parts": [{"kind": "raise_to", "round": 2, "facing": 4, "options": [6, 8]}],
        "explanation": "A raise adds exactly one bet of the round's size to the bet it faces.",
    },
    {
        "section": "draw",
        "title": "Standing pat",
        "game": "badugi",
        "seats": TABLE,
        "prompt": "Ivy says she stands pat. What does she do at the draw?",
        "parts": [
            {
                "kind": "choice",
                "question": "A player who stands pat",
                "options": ["throws every card", "keeps every card", "leaves the hand"],
                "answer": 1,
            }
        ],
        "explanation": "Standing pat means taking no new cards at that draw.",
    },
    {
        "section": "showdown",
        "title": "Which hands are shown",
        "game": "badugi",
        "seats": TABLE,
        "prompt": "The last betting round is over. Whose cards are compared?",
        "parts": [
            {
                "kind": "choice",
                "question": "At the showdown the hands compared are",
                "options": [
                    "every hand that was dealt",
                    "the hands of the players still in",
                    "only the button's hand",
                ],
                "answer": 1,
            }
        ],
        "explanation": "A folded hand has given up the pot; only the players still in show.",
    },
    {
        "section": "side-pots",
        "title": "What an all-in player can win",
        "game": "badugi",
        "seats": TABLE,
        "prompt": "Jon is all-in, and the others keep betting. Which chips can Jon win?",
        "parts": [
            {
                "kind": "choice",
                "question": "An all-in player can win",
                "options": [
                    "every chip on the table",
                    "only the pot they matched",
                    "nothing at all",
                ],
                "answer": 1,
            }
        ],
        "explanation": "Bets made after someone is all-in go into a side pot they cannot win.",
    },
    {
        "section": "odd-chip",
        "title": "One chip too many",
        "game": "badugi",
        "pot": 9,
        "button": 1,
        "seats": [seat("Kai", "A♥ 4♣ 6♦ 9♠"), seat("Lea", "A♣ 4♦ 6♠ 9♥")],
        "prompt": "Lea has the button, and the two hands tie. Split the 9-chip pot.",
        "parts": [{"kind": "payouts"}],
        "explanation": "The chip left over goes to the first tied player left of the button.",
    },
]
