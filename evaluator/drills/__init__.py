"""Endless practice: drill items generated and explained by the engine.

Each kind of drill is one module here with a ``make(rng, game, difficulty)``
function and the ``GAMES`` it applies to; ``KINDS`` lists them in the order
the drills page shows them. ``generate`` is the only entry point the site
needs: it checks the request, seeds ``random.Random`` and returns a
``DrillItem``, so the same kind, game, difficulty and seed always give the
same item. The questions are the lessons' own question parts (plain dicts),
so the site checks and explains drill answers exactly as it does exercises.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..profiles import PROFILES
from . import badugi_cards, better_low, betting, discard, draw_odds, outs, payouts, winners
from .base import DIFFICULTIES, MAX_SEED, DrillError, DrillItem, DrillKind

__all__ = [
    "DIFFICULTIES",
    "KINDS",
    "MAX_SEED",
    "DrillError",
    "DrillItem",
    "DrillKind",
    "generate",
]

KINDS: dict[str, DrillKind] = {
    kind.key: kind
    for kind in (
        DrillKind(
            "better-low",
            "Which low is better?",
            "Two or three five-card hands, read ace-to-five or deuce-to-seven.",
            better_low.GAMES,
            better_low.make,
        ),
        DrillKind(
            "badugi-cards",
            "Pick the best Badugi cards",
            "Four or five cards, the ace low or high: which cards make the Badugi?",
            badugi_cards.GAMES,
            badugi_cards.make,
        ),
        DrillKind(
            "winners",
            "Who wins each half?",
            "Two to six hands shown down: name the winner of every half.",
            winners.GAMES,
            winners.make,
        ),
        DrillKind(
            "payouts",
            "Split this pot",
            "Chips for each seat, with ties, odd chips, folded seats and side pots.",
            payouts.GAMES,
            payouts.make,
        ),
        DrillKind(
            "betting",
            "Full raises and caps",
            "Fixed-limit betting: what a full raise reaches, and when the round is capped.",
            betting.GAMES,
            betting.make,
        ),
        DrillKind(
            "outs",
            "Outs and odds",
            "A one-card draw: count the outs, then estimate the chance.",
            outs.GAMES,
            outs.make,
        ),
        DrillKind(
            "draw-odds",
            "Exact draw odds",
            "One throw of one or two cards: the chance it makes the hand, in percent.",
            draw_odds.GAMES,
            draw_odds.make,
        ),
        DrillKind(
            "discard",
            "Which cards to throw",
            "One hand before the draw: the throw that gives the best chance of the aim.",
            discard.GAMES,
            discard.make,
        ),
    )
}


def generate(kind: str, game: str, difficulty: int, seed: int) -> DrillItem:
    """The item of ``kind`` for these settings; the same arguments always give the same item."""
    drill = KINDS.get(kind)
    if drill is None:
        raise DrillError(
            f"there is no drill called “{kind[:30]}”; choose one of {', '.join(KINDS)}"
        )
    if game not in drill.games:
        names = ", ".join(PROFILES[g].name for g in drill.games)
        raise DrillError(f"the “{drill.title}” drill is played in {names}, not “{game[:30]}”")
    if difficulty not in DIFFICULTIES:
        raise DrillError(f"the difficulty is 1 (easy), 2 (medium) or 3 (hard), not {difficulty}")
    if not 0 <= seed <= MAX_SEED:
        raise DrillError(f"a seed is a whole number from 0 to {MAX_SEED}")
    # The kind, game and difficulty go into the seed too, so one seed shared
    # across drills still deals different cards in each.
    rng = random.Random(f"{kind}:{game}:{difficulty}:{seed}")
    item = drill.make(rng, game, difficulty)
    return replace(item, kind=kind, seed=seed, chosen_game=game)
