"""The Table basics lesson's six exercises, as facts only.

Five of them replay the lesson's worked deal (``evaluator/worked_deals/
table_basics.txt``): the loader gives each the history, seats, button and
pot, and every answer (whose turn, the pot, the raise, the payouts) is
computed from the engine's replay of it. The sixth is a tied pot that does
not divide evenly. ``lessons.content.exercises`` numbers them
(``table_basics-1`` to ``table_basics-6``).
"""

from __future__ import annotations

WORKED = "table_basics"
PLAYERS = (
    "Ada, Ben, Cal and Dee play Badugi at a fixed-limit table. Replay the deal step by "
    "step if you like; each question says what has happened so far."
)

EXERCISES: list[dict] = [
    {
        "title": "Who speaks first",
        "worked_deal": WORKED,
        "prompt": f"{PLAYERS} The blinds are in. Who acts next, and after Ben folds, who then?",
        "parts": [{"kind": "next_to_act", "step": 2}, {"kind": "next_to_act", "step": 5}],
        "explanation": (
            "The small and big blinds have already put chips in, so the first free choice "
            "falls to the seat to the left of the big blind. From there the turn moves left "
            "one seat at a time."
        ),
    },
    {
        "title": "Counting the pot",
        "worked_deal": WORKED,
        "prompt": f"{PLAYERS} Count the chips in the middle at the end of two betting rounds.",
        "parts": [{"kind": "pot_at", "step": 7}, {"kind": "pot_at", "step": 17}],
        "explanation": (
            "Every chip put in stays in the pot until the showdown, folded players' chips "
            "included. Add each call, bet and raise to what was there when the round began."
        ),
    },
    {
        "title": "Raise to how much?",
        "worked_deal": WORKED,
        "prompt": (
            f"{PLAYERS} Three raises at this table: one before the draw, one after the first "
            "draw close to the cap, and one after the second draw, when the bets get bigger."
        ),
        "parts": [
            {"kind": "raise_to", "round": 0, "facing": 2, "options": [3, 4]},
            {"kind": "raise_to", "round": 1, "facing": 6, "options": [7, 8]},
            {"kind": "raise_to", "round": 2, "facing": 4, "options": [6, 8]},
        ],
        "explanation": (
            "In fixed limit a raise always adds exactly one bet of the round's size. The "
            "small bet is used before the draw and after the first draw, the big bet after "
            "that, and a round stops growing at the cap."
        ),
    },
    {
        "title": "A fold, a draw and an all-in",
        "worked_deal": WORKED,
        "prompt": (
            f"{PLAYERS} Ben has folded and Dee runs out of chips. Whose turn is it after the "
            "first draw, and after the last bet? How big is the pot once the betting after "
            "the second draw ends?"
        ),
        "parts": [
            {"kind": "next_to_act", "step": 12},
            {"kind": "next_to_act", "step": 32},
            {"kind": "pot_at", "step": 26},
        ],
        "explanation": (
            "After every draw the first seat still in to the left of the button starts. A "
            "seat that is all-in keeps its cards and still draws, but is skipped in the "
            "betting because it has nothing left to bet."
        ),
    },
    {
        "title": "Which pot can Dee win?",
        "worked_deal": WORKED,
        "prompt": (
            f"{PLAYERS} Dee went all-in, so the chips are split into a main pot and a side "
            "pot. Settle the whole deal: how many chips does each player collect?"
        ),
        "parts": [{"kind": "payouts"}],
        "explanation": (
            "An all-in seat can only win the chips it matched from each opponent: the main "
            "pot. The chips the others bet after that form a side pot that only they can win."
        ),
    },
    {
        "title": "The odd chip",
        "pot": 25,
        "button": 0,
        "seats": [
            {"name": "Eva", "cards": "A♣ 2♦ 3♥ 4♠"},
            {"name": "Finn", "cards": "A♦ 2♣ 3♠ 4♥"},
            {"name": "Gus", "cards": "K♣ Q♦ J♥ 10♠"},
        ],
        "prompt": (
            "Eva has the button. Eva and Finn hold the same four ranks in different suits, "
            "and a suit never breaks a tie. Their pot of 25 chips cannot be cut into two "
            "equal piles: how many chips does each player get?"
        ),
        "parts": [{"kind": "payouts"}],
        "explanation": (
            "Tied hands share the pot equally. A chip left over goes to the first of the "
            "tied players to the left of the button."
        ),
    },
]
