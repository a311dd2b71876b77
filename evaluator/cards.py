"""Cards: parsing what people type, printing what people read.

A card is an immutable value drawn from one shared 52-card deck, so two
parsed copies of "A♠" are the very same object and can be compared or
hashed cheaply. Every card carries its accessible name ("ace of spades") so
templates never have to build one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from .errors import EvaluatorError
from .wording import excerpt

SUITS = ("s", "h", "d", "c")
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
RANK_TEXT = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 10)}
RANK_NAMES = {
    1: "ace",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
}
RANK_PLURALS = {r: name + "s" for r, name in RANK_NAMES.items()} | {6: "sixes"}

_RANK_INPUT = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13} | {
    str(r): r for r in range(2, 10)
}
_SUIT_INPUT = {"S": "s", "H": "h", "D": "d", "C": "c"} | {v: k for k, v in SUIT_SYMBOLS.items()}
# Alternative glyphs people paste: outlined suits and emoji presentation selectors.
_SUIT_INPUT |= {"♤": "s", "♡": "h", "♢": "d", "♧": "c"}
_SEPARATORS = re.compile(r"[\s,]+")


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card; ``rank`` runs 1 (ace) to 13 (king).

    ``index`` is the card's position 0..51 in the deck, rank-major, as the
    fast tables use it; it is stored rather than computed because the
    showdown batch reads it for every card of every hand.
    """

    rank: int
    suit: str
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", (self.rank - 1) * 4 + SUITS.index(self.suit))

    @property
    def rank_text(self) -> str:
        return RANK_TEXT[self.rank]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]

    @property
    def suit_name(self) -> str:
        return SUIT_NAMES[self.suit]

    @property
    def text(self) -> str:
        return self.rank_text + self.symbol

    @property
    def name(self) -> str:
        return f"{RANK_NAMES[self.rank]} of {self.suit_name}"

    @property
    def is_red(self) -> bool:
        return self.suit in ("h", "d")

    def __hash__(self) -> int:
        """The deck index: equal cards share it, and it is far cheaper than hashing the
        rank and suit (the coach's rollouts hash cards millions of times)."""
        return self.index

    def __eq__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.index == other.index

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text})"


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(1, 14) for suit in SUITS)
_BY_KEY = {(c.rank, c.suit): c for c in DECK}

# Every plain spelling of every card ("As", "a♠", "10s", "Ts"...) to its deck
# index: the showdown batch reads tens of thousands of hands, and one
# dictionary look-up per card is many times cheaper than ``parse_card``.
_RANK_SPELLINGS = {text: rank for key, rank in _RANK_INPUT.items() for text in (key, key.lower())}
_SUIT_SPELLINGS = {text: suit for key, suit in _SUIT_INPUT.items() for text in (key, key.lower())}
PLAIN_SPELLINGS: dict[str, int] = {
    rank_text + suit_text: (rank - 1) * 4 + SUITS.index(suit)
    for rank_text, rank in _RANK_SPELLINGS.items()
    for suit_text, suit in _SUIT_SPELLINGS.items()
}


def parse_card(token: str) -> Card:
    """Read one card written as ``A♠``, ``As``, ``aS``, ``10♠`` or ``Ts``."""
    raw = token.strip().replace("\ufe0f", "")
    if len(raw) < 2:
        raise EvaluatorError(
            f"'{excerpt(token)}' is not a card: write a rank and a suit, for example A♠ or As"
        )
    rank_part, suit_part = raw[:-1].upper(), raw[-1].upper()
    rank = _RANK_INPUT.get(rank_part)
    if rank is None:
        raise EvaluatorError(
            f"'{excerpt(token)}' is not a card: the rank must be A, 2-10, J, Q or K"
        )
    suit = _SUIT_INPUT.get(suit_part)
    if suit is None:
        raise EvaluatorError(
            f"'{excerpt(token)}' is not a card: the suit must be ♠, ♥, ♦ or ♣ (or s, h, d, c)"
        )
    return _BY_KEY[(rank, suit)]


def parse_cards(
    text: str | Iterable[str | Card],
    *,
    count: int | None = None,
    game_name: str | None = None,
) -> tuple[Card, ...]:
    """Read a list of distinct cards separated by spaces or commas.

    ``count`` and ``game_name`` let the message say what kind of hand was
    expected ("a Badacey hand has 5 cards, got 6").
    """
    if isinstance(text, str):
        return _parse_text(text, count, game_name)
    return _parse_tokens(list(text), count, game_name)


@lru_cache(maxsize=4096)
def _parse_text(text: str, count: int | None, game_name: str | None) -> tuple[Card, ...]:
    """``parse_cards`` of a string, remembered: the answer is a tuple of immutable cards.

    Why: a lesson page reads each stored deal's seats a few dozen times while
    it is built (the form, the hints, the checks, the templates), and parsing
    was a fifth of that work. A refused string raises each time, as before.
    """
    return _parse_tokens([t for t in _SEPARATORS.split(text.strip()) if t], count, game_name)


def _parse_tokens(
    tokens: Iterable[str | Card], count: int | None, game_name: str | None
) -> tuple[Card, ...]:
    cards = tuple(t if isinstance(t, Card) else parse_card(t) for t in tokens)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise EvaluatorError(f"{card} appears twice")
        seen.add(card)
    if count is not None and len(cards) != count:
        what = f"a {game_name} hand" if game_name else "a hand"
        if not cards:
            raise EvaluatorError(f"{what} has {count} cards, got none")
        raise EvaluatorError(f"{what} has {count} cards, got {len(cards)}")
    return cards


def quick_indices(text: str) -> tuple[int, ...] | None:
    """Deck indices of a hand written plainly with spaces, or None to read it in full.

    A fast path for the common case only: a comma, a variation selector, a
    typo or anything else unusual gives None, and the caller then uses
    ``parse_cards``, which reads every accepted form and explains every
    mistake. Duplicates and the card count are the caller's to check.
    """
    try:
        return tuple(map(PLAIN_SPELLINGS.__getitem__, text.split()))
    except KeyError:
        return None


def format_cards(cards: Iterable[Card]) -> str:
    """The one way a hand is written as text, so pages, records and messages agree."""
    return " ".join(card.text for card in cards)
