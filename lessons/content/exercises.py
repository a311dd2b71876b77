"""The lesson exercises: six for each lesson, Table basics to drawing.

Only the facts of each exercise are written here: the cards, the pot, which
questions are asked and the teaching note. Winners, the Badugi cards that
count and payouts are computed by the evaluator whenever a page shows or
checks them, so nothing here can go stale. ``lessons.content.loader`` turns
each entry into a ``Deal`` (slug ``<lesson>-<number>``). The Table basics,
Badeucey and drawing exercises are kept in ``lessons/content/table_basics.py``,
``badeucey.py`` and ``drawing.py`` and numbered here.

Badugi exercise 6 also replays Mara's draws: its ``worked_deal`` names the
notation file in ``evaluator/worked_deals`` whose seats, renamed to the ones
below, become the deal's history.
"""

from __future__ import annotations

from lessons.course import LESSONS

from .badeucey import EXERCISES as BADEUCEY
from .drawing import EXERCISES as DRAWING
from .table_basics import EXERCISES as TABLE_BASICS


def seat(name: str, cards: str) -> dict[str, str]:
    return {"name": name, "cards": cards}


def badugi_cards(seat_number: int) -> dict[str, object]:
    return {"kind": "badugi_cards", "seat": seat_number}


WINNERS = {"kind": "winners"}
PAYOUTS = {"kind": "payouts"}

BADACEY: list[dict] = [
    {
        "title": "One set of cards, two games",
        "pot": 80,
        "seats": [seat("A", "A♠ 2♥ 3♦ 4♣ 5♣"), seat("B", "2♣ 3♥ 4♠ 5♦ 7♣")],
        "prompt": (
            "These final hands share an 80-chip Badacey pot. Name the winner of each half. "
            "Then score the very same ten cards as Badeucey, where the ace is high in the "
            "five-card low and in the Badugi, and name the winners of each half again."
        ),
        "parts": [
            {"kind": "winners", "game": "badacey"},
            {"kind": "winners", "game": "badeucey"},
        ],
        "explanation": (
            "Before reading a single card, ask which game is being played. The ace moves "
            "from the bottom to the top of the rank order in Badeucey, so A-2-3-4-5 is not "
            "a straight there but an ace-high hand, while other runs of five in a row and "
            "flushes do count against the low. A hand that looks perfect in one game can "
            "be poor in the other."
        ),
    },
    {
        "title": "Two aces, only one can count",
        "pot": 80,
        "seats": [seat("A", "A♠ 2♠ A♥ 3♦ 4♣"), seat("B", "5♠ 4♥ 3♣ 2♦ A♣")],
        "prompt": (
            "Pick the cards that make each player's best Badugi, then say who takes each "
            "half of the 80-chip pot and how many chips each player collects. Think about "
            "whether A really needs the ace of spades."
        ),
        "parts": [badugi_cards(0), badugi_cards(1), WINNERS, PAYOUTS],
        "explanation": (
            "Holding on to the lowest card of each suit is a tempting habit, and here it "
            "gets in the way: an ace kept for its suit can block the other ace from joining. "
            "Try each way of leaving one card out before you settle for fewer cards. A card "
            "left out of the Badugi still plays its full part in the five-card low."
        ),
    },
    {
        "title": "When nobody reaches four cards",
        "pot": 96,
        "seats": [seat("A", "A♠ 2♥ 3♣ 7♣ 9♥"), seat("B", "A♦ 2♣ 4♥ 6♥ 8♣")],
        "prompt": (
            "Neither hand can line up four cards of different suits and ranks. Pick the cards "
            "that count in each player's Badugi, name the winner of each half, and divide "
            "the 96-chip pot."
        ),
        "parts": [badugi_cards(0), badugi_cards(1), WINNERS, PAYOUTS],
        "explanation": (
            "A Badugi half is still awarded when every selection is short: compare the "
            "three-card selections (or two, or one) exactly as you would compare four. "
            "The cards left over are not tie-breakers."
        ),
    },
    {
        "title": "A split half inside a single pot",
        "pot": 120,
        "seats": [seat("A", "A♠ 2♥ 3♦ 4♣ 5♣"), seat("B", "A♥ 2♦ 3♣ 4♠ 7♠")],
        "prompt": (
            "Both players can make a Badugi from their lowest four cards. Say who takes each "
            "half of the 120-chip pot, then work out each player's payout. Does the card "
            "outside the Badugi decide anything?"
        ),
        "parts": [WINNERS, PAYOUTS],
        "explanation": (
            "Settle the two halves one after the other. A tie in one half only divides that "
            "half; the other half is awarded on its own merits, and the fifth card is read "
            "only for the five-card low."
        ),
    },
    {
        "title": "Three players, different winners per half",
        "pot": 180,
        "seats": [
            seat("A", "A♠ 2♥ 3♦ 4♣ 5♣"),
            seat("B", "A♥ 2♦ 3♣ 4♠ 5♠"),
            seat("C", "A♣ 2♣ 3♠ 4♥ 5♥"),
        ],
        "prompt": (
            "Three hands reach showdown for a 180-chip pot. Pick C's Badugi cards, count how "
            "many players share each half, and only then work out every payout."
        ),
        "parts": [badugi_cards(2), WINNERS, PAYOUTS],
        "explanation": (
            "Give each half its own divisor. Splitting the whole pot by the number of players "
            "only works when the same players share both halves."
        ),
    },
    {
        "title": "Size beats rank, and the bet doubles",
        "pot": 64,
        "seats": [seat("A", "K♠ Q♥ J♦ 10♣ 10♥"), seat("B", "A♦ 2♥ 3♣ 4♣ 5♥")],
        "prompt": (
            "Name the winner of each half of this 64-chip pot and each player's payout. "
            "Then a betting question about fixed-limit 6/12: after the second draw a player "
            "faces a bet of 12. To what total must a full raise go? Nobody is all-in."
        ),
        "parts": [
            WINNERS,
            PAYOUTS,
            {"kind": "raise_to", "round": 2, "facing": 12, "options": [18, 24]},
        ],
        "explanation": (
            "Count the cards in each Badugi before you look at a single rank: more cards "
            "always win, however high they are. For the raise, remember which betting rounds "
            "use the big bet in a triple-draw game."
        ),
    },
]

BADUGI: list[dict] = [
    {
        "title": "A heart too many",
        "seats": [seat("Mara", "A♥ 4♥ 6♣ 9♦"), seat("Juno", "8♠ 7♦ 3♣ K♣")],
        "prompt": (
            "Mara and Juno show their four cards. Pick the cards that count for each of them "
            "and say who wins the showdown."
        ),
        "parts": [badugi_cards(0), badugi_cards(1), WINNERS],
        "explanation": (
            "When two cards share a suit, only one of them can count. Keep whichever leaves "
            "the better selection, and then compare the highest counting card first."
        ),
    },
    {
        "title": "Four suits are not enough",
        "seats": [seat("Mara", "2♣ 2♦ 5♥ 8♠"), seat("Juno", "A♠ 3♣ 6♦ 6♥")],
        "prompt": (
            "Each player holds one card of every suit. Pick the cards that really count for "
            "each of them and name the winner."
        ),
        "parts": [badugi_cards(0), badugi_cards(1), WINNERS],
        "explanation": (
            "A Badugi must pass two tests at once: no suit twice and no rank twice. Four "
            "different suits say nothing about the ranks. When two choices are equally good, "
            "either one is a right answer."
        ),
    },
    {
        "title": "The deuce of clubs earns its place",
        "seats": [seat("Mara", "A♣ 2♣ A♦ 3♥"), seat("Juno", "4♠ 5♦ 7♣ 7♥")],
        "prompt": (
            "Someone in a hurry says Mara has only two cards that count. Test every way of "
            "keeping three of her cards, pick the cards that count for both players, and name "
            "the winner."
        ),
        "parts": [badugi_cards(0), badugi_cards(1), WINNERS],
        "explanation": (
            "With only four cards there are four ways to drop one. Write them all down and "
            "strike out the ones that repeat a suit or a rank; a higher card sometimes "
            "belongs in the answer because it lets a lower card of another suit stay."
        ),
    },
    {
        "title": "A king-high Badugi",
        "seats": [seat("Mara", "K♣ Q♦ J♥ 10♠"), seat("Juno", "A♠ 2♥ 3♦ K♦")],
        "prompt": (
            "Juno is pleased with three very small cards, while Mara's cards are all "
            "pictures and a ten. Pick the cards that count for each and name the winner."
        ),
        "parts": [badugi_cards(0), badugi_cards(1), WINNERS],
        "explanation": (
            "The number of counting cards is compared before any rank. Small ranks only "
            "matter between selections of the same size."
        ),
    },
    {
        "title": "Past two equal ranks",
        "seats": [seat("Mara", "8♣ 6♦ 4♥ A♠"), seat("Juno", "8♦ 6♠ 3♣ 2♥")],
        "prompt": (
            "Both players have four cards of four suits and four ranks. Pick the cards that "
            "count for each and find the winner: which comparison settles it?"
        ),
        "parts": [badugi_cards(0), badugi_cards(1), WINNERS, {"kind": "deciding"}],
        "explanation": (
            "Write both hands from the highest rank down and compare position by position. "
            "The first position that differs decides; nothing after it is read, and ranks are "
            "never added up."
        ),
    },
    {
        "title": "Mara draws to a Badugi",
        "pot": 96,
        "seats": [seat("Mara", "A♣ 3♦ 5♥ 7♠"), seat("Juno", "A♦ 3♥ 5♠ 7♣")],
        "prompt": (
            "Mara was dealt A♣ 3♦ 7♥ K♥. On the first draw she threw K♥ and got 7♠; on the "
            "second she threw 7♥ and got 5♥; on the third she kept all four. Juno kept "
            "A♦ 3♥ 5♠ 7♣ from the deal to the end. The pot is 96 units with no side pot. "
            "Pick the cards that count for each player at showdown and settle the pot."
        ),
        "parts": [badugi_cards(0), badugi_cards(1), PAYOUTS],
        "worked_deal": "mara_badugi",
        "explanation": (
            "Follow the hand one draw at a time: a new card can bring a new suit and still "
            "repeat a rank. Cards thrown away are gone; only the final four are read, and "
            "suits never break a tie."
        ),
    },
]


# Each lesson's exercises and the game they are dealt in; the lessons' order is
# the course's (lessons/course.py), not this table's.
EXERCISES = {
    "table_basics": ("badugi", TABLE_BASICS),
    "badacey": ("badacey", BADACEY),
    "badugi": ("badugi", BADUGI),
    "badeucey": ("badeucey", BADEUCEY),
    "drawing": ("badeucey", DRAWING),  # each drawing exercise names its own game
}


def lesson_entries() -> list[dict]:
    """Every exercise as the fields of its deal, numbered in lesson order."""
    return [
        {"slug": f"{key}-{number}", "lesson": key, "number": number, "game": game, **entry}
        for key, (game, entries) in ((item.key, EXERCISES[item.key]) for item in LESSONS)
        for number, entry in enumerate(entries, start=1)
    ]
