"""What every drill kind produces: one item, as plain facts a question can be asked of.

A drill item is a small deal built on the fly: the game and its settings,
the seats and their cards, the pot (or each seat's contributions, for side
pots), folded seats, and the question parts to ask. The parts are the same
small dicts the lessons store (``{"kind": "winners"}``), so the site asks,
checks and explains a drill item with the very code that handles exercises.

Items are made from ``random.Random(seed)`` only, so the same seed and
settings always deal the same cards, and a shared link shows the same item.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import DECK, Card, format_cards
from ..errors import EvaluatorError

# Seeds are shared in URLs; 32 bits is plenty of items and keeps the URL short.
MAX_SEED = 2**32 - 1
DIFFICULTIES = {1: "easy", 2: "medium", 3: "hard"}
# Rejection sampling looks for a teaching case this many times before it
# settles for the last deal drawn, so an item never takes long to make.
TRIES = 30
NAMES = ("Ana", "Bram", "Chiara", "Dev", "Elif", "Femi")


class DrillError(EvaluatorError):
    """A drill request that cannot be dealt (an unknown kind, game or setting)."""


@dataclass(frozen=True)
class DrillItem:
    """One generated question: the facts of a deal plus the parts to ask of it."""

    kind: str
    game: str
    seed: int
    difficulty: int
    title: str
    prompt: str
    parts: list[dict[str, Any]]
    seats: list[dict[str, str]] = field(default_factory=list)
    pot: int | None = None
    button: int = 0
    settings: dict[str, Any] = field(default_factory=dict)
    contributions: list[int] | None = None  # each seat's chips in, for side pots
    folded: list[bool] | None = None
    # Facts a question was built from that its parts do not hold (a betting
    # round and the bet faced), so tests can recompute the answer.
    facts: dict[str, int] = field(default_factory=dict)
    # The game the learner picked; ``game`` is the one the cards are read in
    # (a Badacey "which low" item is read as ace-to-five).
    chosen_game: str = ""


@dataclass(frozen=True)
class DrillKind:
    """One kind of drill: its URL key, its title, the games it applies to, its generator."""

    key: str
    title: str
    summary: str
    games: tuple[str, ...]
    make: Callable[[random.Random, str, int], DrillItem]


def seats_of(hands: Sequence[Sequence[Card]]) -> list[dict[str, str]]:
    return [{"name": NAMES[i], "cards": format_cards(h)} for i, h in enumerate(hands)]


def deal_hands(rng: random.Random, count: int, size: int) -> list[tuple[Card, ...]]:
    cards = rng.sample(DECK, count * size)
    return [tuple(cards[i * size : (i + 1) * size]) for i in range(count)]


def best_of(
    rng: random.Random,
    difficulty: int,
    make: Callable[[], Any],
    score: Callable[[Any], int],
    tries: int = TRIES,
) -> Any:
    """Draw candidates and keep one whose teaching score reaches the difficulty.

    ``score`` rates a candidate 1 (plain), 2 (close) or 3 (a near miss: a tie
    to the last card, the greedy trap, an odd chip). Easy items take the first
    draw; harder ones keep drawing until a candidate scores at least the
    difficulty, and otherwise keep the best seen.
    """
    best, best_score = None, -1
    for _ in range(tries if difficulty > 1 else 1):
        candidate = make()
        value = score(candidate)
        if value > best_score:
            best, best_score = candidate, value
        if value >= difficulty:
            break
    return best
