"""Hand values: what a five-card low or a Badugi is worth, and how to say it.

Values are ordered by strength, so ``a > b`` always means "a beats b" and
``max()`` finds a winner, whatever the game; the low games simply map lower
cards to higher strength.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import total_ordering

from .cards import RANK_NAMES, RANK_PLURALS, RANK_TEXT, Card
from .wording import number_word


@total_ordering
@dataclass(frozen=True)
class _Ordered:
    strength: int

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, _Ordered) or type(other) is not type(self):
            return NotImplemented
        return self.strength < other.strength

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Ordered) or type(other) is not type(self):
            return NotImplemented
        return self.strength == other.strength

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.strength))


@dataclass(frozen=True, eq=False)
class LowValue(_Ordered):
    """A five-card low (ace-to-five or deuce-to-seven)."""

    kind: str
    category: str
    ranks: tuple[int, ...]  # in comparison order: grouped ranks first, then highest down
    cards: tuple[Card, ...] = field(default=())

    @property
    def text(self) -> str:
        """Short form: "7-6-4-2-A", "pair of aces, 5-3-2", "six-high straight"."""
        r = self.ranks
        dashes = "-".join(RANK_TEXT[x] for x in r)
        match self.category:
            case "no pair":
                return dashes
            case "one pair":
                return f"pair of {RANK_PLURALS[r[0]]}, " + "-".join(RANK_TEXT[x] for x in r[1:])
            case "two pair":
                return f"two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]}, {RANK_TEXT[r[2]]}"
            case "three of a kind":
                rest = "-".join(RANK_TEXT[x] for x in r[1:])
                return f"three {RANK_PLURALS[r[0]]}, {rest}"
            case "full house":
                return f"full house, {RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[1]]}"
            case "four of a kind":
                return f"four {RANK_PLURALS[r[0]]}, {RANK_TEXT[r[1]]}"
            case "straight":  # only deuce-to-seven has these, so the top card is six or more
                return f"{RANK_NAMES[r[0]]}-high straight"
            case "flush":
                return f"flush, {dashes}"
            case "straight flush":
                return f"{RANK_NAMES[r[0]]}-high straight flush"
        raise AssertionError(self.category)  # pragma: no cover

    @property
    def description(self) -> str:
        """The words a sentence uses for this value; a low reads as its short form."""
        return self.text

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False)
class BadugiValue(_Ordered):
    """The best Badugi selection of a hand.

    ``selections`` lists every selection that is exactly as good, because the
    lessons point out when a hand can be read more than one way.
    """

    ace_high: bool
    size: int
    ranks: tuple[int, ...]  # highest first in the game's ace order
    cards: tuple[Card, ...]  # one best selection, highest first
    selections: tuple[tuple[Card, ...], ...] = field(default=())

    @property
    def kind(self) -> str:
        return "badugi"

    @property
    def text(self) -> str:
        return "-".join(RANK_TEXT[r] for r in self.ranks)

    @property
    def description(self) -> str:
        """Size first, because size decides before any rank is read."""
        if self.size == 4:
            return f"four-card {self.text} Badugi"
        return f"{number_word(self.size)}-card {self.text}"

    def __str__(self) -> str:
        return self.description
