"""The drawing lesson's six exercises, as facts only.

Each names the seat whose draw is asked about; every other seat's cards are
on the page, so they count as seen and never arrive in a draw. The outs,
chances and best choices are computed by the engine (``evaluator.odds`` and
``evaluator.draw_equity``) when a page shows or checks them. Each entry
names its own game; ``lessons.content.exercises`` numbers them
(``drawing-1`` to ``drawing-6``).
"""

from __future__ import annotations


def seat(name: str, cards: str) -> dict:
    return {"name": name, "cards": cards}


EXERCISES: list[dict] = [
    {
        "title": "Outs you can see are not outs",
        "game": "badugi",
        "seats": [seat("Ines", "A♣ 2♦ 3♥ K♥"), seat("Olu", "4♠ 9♠ 6♦ 7♣")],
        "prompt": (
            "Ines keeps her three-card Badugi and throws the king of hearts. Olu has turned "
            "his cards face up, so none of them can come to Ines. Count her outs to any "
            "four-card Badugi, then her outs to a Badugi of seven or better."
        ),
        "parts": [
            {"kind": "outs", "seat": 0, "throw": "K♥", "target": "badugi"},
            {"kind": "outs", "seat": 0, "throw": "K♥", "target": "badugi", "badugi_top": 7},
        ],
        "explanation": (
            "Start from the suit Ines is missing, strike the ranks she already holds, then "
            "strike every card you can see elsewhere. A stricter target strikes the high "
            "cards of what is left."
        ),
    },
    {
        "title": "Two cards to find",
        "game": "badugi",
        "seats": [seat("Pavel", "A♣ 2♦ 9♥ K♥"), seat("Olu", "3♠ 5♠ 8♦ Q♣")],
        "prompt": (
            "Pavel keeps the ace of clubs and the deuce of diamonds and draws two. Olu's "
            "cards are face up. Estimate the chance that Pavel ends with any four-card "
            "Badugi, within two percentage points."
        ),
        "parts": [
            {
                "kind": "odds",
                "seat": 0,
                "throw": "9♥ K♥",
                "target": "badugi",
                "within": 2,
            }
        ],
        "explanation": (
            "Pavel needs one heart and one spade, and the two may not share a rank or "
            "repeat his ace or deuce. Count the hearts and the spades that qualify, multiply, "
            "take away the pairs of equal rank, and divide by every pair of unseen cards."
        ),
    },
    {
        "title": "One card, two jobs",
        "game": "badeucey",
        "seats": [seat("Ines", "2♠ 3♥ 4♥ 7♣ K♦"), seat("Olu", "6♦ 9♠ 9♣ Q♥ J♥")],
        "prompt": (
            "Ines throws the king of diamonds and keeps a three-card Badugi that is also a "
            "smooth low draw. Olu's cards are face up. Count her outs to an eight-high "
            "deuce-to-seven low or better, then her outs to make that low and a four-card "
            "Badugi with the same card."
        ),
        "parts": [
            {"kind": "outs", "seat": 0, "throw": "K♦", "target": "low", "low_top": 8},
            {"kind": "outs", "seat": 0, "throw": "K♦", "target": "both", "low_top": 8},
        ],
        "explanation": (
            "List the outs for each half separately; the cards that serve both are the ones "
            "on both lists. A card in an opponent's hand comes off every list at once."
        ),
    },
    {
        "title": "Which deuce goes?",
        "game": "badeucey",
        "seats": [seat("Ines", "2♠ 4♥ 8♠ 3♦ 2♣"), seat("Olu", "A♠ A♣ 10♦ 6♥ 2♦")],
        "prompt": (
            "Ines may throw up to two cards. Olu's cards are face up. Choose the cards that "
            "give her the best chance, after one draw, of holding both a nine-high "
            "deuce-to-seven low or better and a four-card Badugi."
        ),
        "parts": [
            {"kind": "discard", "seat": 0, "most": 2, "target": "both", "low_top": 9},
        ],
        "explanation": (
            "A pair spoils the low, and only one of the two deuces can sit in the Badugi, "
            "so one of them has to go. Which one depends on the suits of the cards that stay."
        ),
    },
    {
        "title": "A pair of fives",
        "game": "badeucey",
        "seats": [seat("Olu", "8♦ 5♠ 5♣ 9♠ 6♥"), seat("Pavel", "3♣ 6♦ 10♠ 2♠ 4♣")],
        "prompt": (
            "One draw is left, Pavel stands pat and nobody bets again. Olu may stand pat or "
            "throw one card. Which choice gives him the best expected share of the pot?"
        ),
        "parts": [{"kind": "discard", "seat": 0, "most": 1, "model": "share"}],
        "explanation": (
            "Read both halves before the draw: which half does Olu win now, and which does "
            "he lose? A card that can go without touching the half he is winning turns the "
            "draw into a free shot at the other."
        ),
    },
    {
        "title": "A king-high hand worth keeping",
        "game": "badeucey",
        "seats": [seat("Ines", "3♣ 6♦ K♥ 8♠ 5♦"), seat("Pavel", "8♥ 3♦ 2♠ 6♣ A♣")],
        "prompt": (
            "One draw is left, Pavel stands pat and nobody bets again. Ines may stand pat or "
            "throw one card. Which choice gives her the best expected share of the pot?"
        ),
        "parts": [{"kind": "discard", "seat": 0, "most": 1, "model": "share"}],
        "explanation": (
            "A hand that looks rough can still be winning one half: in deuce-to-seven the "
            "ace is the highest card there is. Breaking a hand that already wins a half "
            "only pays if the draw wins more than it risks."
        ),
    },
]
