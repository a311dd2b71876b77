"""The Badeucey lesson's six exercises, as facts only.

Cards, pots and which questions are asked; every winner, Badugi selection
and payout is computed by the evaluator when a page shows or checks them.
The ace is high in both halves of every deal here. ``lessons.content.exercises``
numbers them (slugs ``badeucey-1`` to ``badeucey-6``) with the other lessons'.
"""

from __future__ import annotations


def seat(name: str, cards: str) -> dict:
    return {"name": name, "cards": cards}


def badugi_cards(seat_number: int) -> dict:
    return {"kind": "badugi_cards", "seat": seat_number}


WINNERS = {"kind": "winners"}
PAYOUTS = {"kind": "payouts"}

EXERCISES: list[dict] = [
    {
        "title": "Reading three deuce-to-seven lows",
        "pot": 120,
        "seats": [
            seat("Ines", "8♣ 6♦ 5♥ 4♠ 2♣"),
            seat("Olu", "8♥ 6♥ 4♥ 3♣ 2♠"),
            seat("Pavel", "7♠ 7♦ 5♣ 3♥ 2♦"),
        ],
        "prompt": (
            "Three Badeucey hands meet at the showdown of a 120-chip pot. Read each low from "
            "its highest card down, then read each Badugi with the ace high. Name the winner "
            "of each half and each player's payout."
        ),
        "parts": [WINNERS, PAYOUTS],
        "explanation": (
            "Two hands with the same top cards are compared one place at a time until they "
            "differ; the lowest seven on the table is no help when it is one of a pair. The "
            "Badugi half is judged on its own, so a smooth low with three cards of one suit "
            "can still come up short there."
        ),
    },
    {
        "title": "Straight or not?",
        "pot": 120,
        "seats": [
            seat("Ines", "7♦ 6♣ 5♠ 4♥ 3♦"),
            seat("Olu", "A♣ 2♥ 3♠ 4♦ 5♣"),
            seat("Pavel", "K♥ J♠ 10♦ 8♣ 6♥"),
        ],
        "prompt": (
            "One of these hands is a straight and one only looks like one. Decide which is "
            "which, then name the winner of each half of the 120-chip pot and each payout."
        ),
        "parts": [WINNERS, PAYOUTS],
        "explanation": (
            "With the ace at the top, five cards from the ace to the five do not connect; "
            "they make an ace-high hand. Five cards that do run in order count as a straight, "
            "which sinks below every hand without a pair. Neither fact touches the Badugi half, "
            "where only repeated ranks and suits matter."
        ),
    },
    {
        "title": "The ace in both halves",
        "pot": 80,
        "seats": [seat("Ines", "A♠ 2♥ 3♦ 4♣ 7♠"), seat("Olu", "2♣ 3♥ 5♦ 6♠ 7♣")],
        "prompt": (
            "Pick the cards that count in Ines's Badeucey Badugi and name the winner of each "
            "half of this 80-chip Badeucey pot. Then read the very same cards as Badacey, "
            "where the ace is low in both halves, and name the winners again."
        ),
        "parts": [badugi_cards(0), WINNERS, {"kind": "winners", "game": "badacey"}],
        "explanation": (
            "Moving the ace from the bottom to the top changes both halves at once: the low "
            "gains an ace for its top card, and the Badugi would rather do without it. Ask "
            "which game is being played before you read a single card."
        ),
    },
    {
        "title": "Keep the ace, or let it go?",
        "pot": 80,
        "seats": [seat("Ines", "A♠ 2♠ 3♥ 4♦ 6♣"), seat("Olu", "A♣ 9♦ 5♥ 3♠ 3♣")],
        "prompt": (
            "Both players hold an ace. Pick the cards that count in each player's Badugi, "
            "reading the ace high, and name the winner of each half of the 80-chip pot."
        ),
        "parts": [badugi_cards(0), badugi_cards(1), WINNERS],
        "explanation": (
            "An ace-high Badugi drops its ace whenever a card of another rank can take that "
            "suit's place without costing a card. When no such card exists, the ace stays: "
            "four cards with an ace on top still beat any three."
        ),
    },
    {
        "title": "Three players, two halves",
        "pot": 180,
        "seats": [
            seat("Ines", "9♠ 7♥ 5♦ 3♥ 2♣"),
            seat("Olu", "8♥ 6♠ 4♣ 3♣ 2♦"),
            seat("Pavel", "K♥ 5♣ 4♠ 3♦ 2♥"),
        ],
        "prompt": (
            "Three players reach the showdown of a 180-chip pot. Pick the cards that count in "
            "Olu's Badugi, name the winner of each half, and work out every payout."
        ),
        "parts": [badugi_cards(1), WINNERS, PAYOUTS],
        "explanation": (
            "Settle the low half first with all five cards, then start again for the Badugi "
            "half as if the first result did not exist. A king in the hand is a disaster for "
            "the low and may not matter at all to the Badugi."
        ),
    },
    {
        "title": "A tie in one half",
        "pot": 120,
        "seats": [
            seat("Ines", "9♠ 5♥ 4♦ 3♣ 2♠"),
            seat("Olu", "7♦ 6♣ 4♥ 3♠ 2♦"),
            seat("Pavel", "K♥ 5♠ 4♣ 3♦ 2♥"),
        ],
        "prompt": (
            "Name the winners of each half of this 120-chip pot; more than one player may "
            "share a half. Then give each player's payout."
        ),
        "parts": [WINNERS, PAYOUTS],
        "explanation": (
            "A tie divides only the half it happens in. Share that half among the tied "
            "players, give the other half to its own winner, and check that the payouts add "
            "back up to the pot. Suits never break a tie."
        ),
    },
]
