"""The Table basics lesson's quick checks: one short question per section.

Each entry is in the exercise entry format (``lessons.content.exercises``)
plus the ``"section"`` anchor it checks. The cards are their own, never an
exercise's: most checks ask about one step of their own short deal
(``evaluator/worked_deals/table_basics_checks.txt``), so whose turn it is,
the pot and the payouts all come from the engine's replay of it.
"""

from __future__ import annotations


def seat(name: str, cards: str) -> dict[str, str]:
    return {"name": name, "cards": cards}


# Two plain hands for the raise question, which needs a table and no history.
TABLE = [seat("Ivy", "2♣ 5♦ 8♥ J♠"), seat("Jon", "3♦ 6♣ 9♠ Q♥")]
DEAL = "table_basics_checks"  # Kim has the button; Max is all-in before the draw

CHECKS: list[dict] = [
    {
        "section": "seats",
        "title": "Left of the button",
        "worked_deal": DEAL,
        "prompt": (
            "Kim has the button, and a new round is about to begin. A new round starts with "
            "the first player to the button's left. Whose turn is it?"
        ),
        "parts": [{"kind": "next_to_act", "step": 6}],
        "explanation": "Play moves to the left, so the seat just left of the button starts.",
    },
    {
        "section": "forced-bets",
        "title": "The blinds make the first pot",
        "worked_deal": DEAL,
        "prompt": "Both blinds are in and nobody has acted yet. How many chips are in the pot?",
        "parts": [{"kind": "pot_at", "step": 2}],
        "explanation": "Before anyone acts, the pot holds the two blinds and nothing else.",
    },
    {
        "section": "acting",
        "title": "The first free choice",
        "worked_deal": DEAL,
        "prompt": "The blinds are in. Who makes the first choice of the hand?",
        "parts": [{"kind": "next_to_act", "step": 2}],
        "explanation": "The big blind counts as a bet, so the seat to its left acts first.",
    },
    {
        "section": "actions",
        "title": "A check, a bet and a call",
        "worked_deal": DEAL,
        "prompt": "After the first draw Lou checks, Kim bets and Lou calls. What is the pot now?",
        "parts": [{"kind": "pot_at", "step": 13}],
        "explanation": "A check adds nothing; a bet and a call each add chips to what was there.",
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
        "title": "The draw goes round",
        "worked_deal": DEAL,
        "prompt": "Lou has just drawn a card. Max is all-in. Whose turn is it to draw?",
        "parts": [{"kind": "next_to_act", "step": 7}],
        "explanation": "Every player still in draws in turn, an all-in player too.",
    },
    {
        "section": "showdown",
        "title": "Nobody left to show",
        "worked_deal": "table_basics_fold",
        "prompt": "Nia and Oli both fold before the draw. How many chips does each player get?",
        "parts": [{"kind": "payouts"}],
        "explanation": "When everyone else folds, the last player left takes the pot unseen.",
    },
    {
        "section": "side-pots",
        "title": "What Max can win",
        "worked_deal": DEAL,
        "prompt": "Max went all-in before the draw; Kim and Lou bet on. Settle the pots.",
        "parts": [{"kind": "payouts"}],
        "explanation": "Max can win only the main pot; chips bet after that are for Kim and Lou.",
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
