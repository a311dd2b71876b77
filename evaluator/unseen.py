"""The cards a draw can bring, and every draw of them dealt once and counted.

Why one home: the exact draw odds (``evaluator.odds``) and the expected
share of a discard (``evaluator.draw_equity``) start from the same
questions. Is any card named in two places? Which cards could still come
(every card not held, thrown away or seen elsewhere)? How many different
draws are there, and in how many of them does each outcome happen? Asking
them here means the two modules cannot disagree about the pool or the number
of draws for the same cards, and a fix to one is a fix to both.

Every draw is a set of cards, each set equally likely, so a count divided by
``draw_count`` is an exact probability. The pool keeps deck order, so a list
of outs reads the way a test or a page lists cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

from .cards import DECK, Card


@dataclass(frozen=True)
class Clash:
    """A card named a second time, and the two places it was named, in the caller's words."""

    card: Card
    first: str
    second: str


def find_clash(groups: Iterable[tuple[str, Iterable[Card]]]) -> Clash | None:
    """The first card named again, reading the groups (place, cards) in order.

    A card cannot be both held and dead, nor in two hands; the caller turns
    the clash into a sentence in its own words, since only it knows what the
    places mean to the person asking.
    """
    owner: dict[Card, str] = {}
    for place, cards in groups:
        for card in cards:
            if card in owner:
                return Clash(card, owner[card], place)
            owner[card] = place
    return None


def unseen_cards(known: Iterable[Card]) -> tuple[Card, ...]:
    """Every card of the deck not in ``known``, in deck order: the cards a draw can bring."""
    gone = set(known)
    return tuple(card for card in DECK if card not in gone)


def draw_count(unseen: int, size: int) -> int:
    """How many different draws of ``size`` cards ``unseen`` cards allow (one for no draw)."""
    return comb(unseen, size)


@dataclass(frozen=True)
class DrawTally[T, K: Hashable]:
    """How many of the ``total`` draws gave each result, and (if kept) each draw with its result."""

    counts: Counter[K]
    total: int
    dealt: tuple[tuple[tuple[T, ...], K], ...] | None  # in dealing order

    def hits(self, wanted: Callable[[K], bool]) -> int:
        """How many draws gave a result that ``wanted`` accepts."""
        return sum(n for result, n in self.counts.items() if wanted(result))

    def making(self, wanted: Callable[[K], bool]) -> list[tuple[T, ...]]:
        """The draws whose result ``wanted`` accepts, in dealing order (the pool's order)."""
        if self.dealt is None:
            raise ValueError("the draws were not kept: ask tally_draws with keep_draws=True")
        return [arrived for arrived, result in self.dealt if wanted(result)]


def tally_draws[T, K: Hashable](
    pool: Sequence[T],
    size: int,
    result: Callable[[tuple[T, ...]], K],
    *,
    keep_draws: bool = False,
) -> DrawTally[T, K]:
    """Deal every draw of ``size`` cards from ``pool`` once and count the draws giving each result.

    ``result`` reads one draw: a hand's strengths, which outcomes it makes,
    anything hashable. Counting by result rather than by outcome lets a
    caller compare each different result once instead of once per draw
    (hundreds of draws give a few dozen different hands). The pool may hold
    cards or stand-ins for them (card indices for the engine's fast path),
    as long as ``result`` reads the same. ``keep_draws`` also keeps every
    draw with its result, for the outs of a one-card draw; leave it off for
    big draws. A question with millions of draws uses a loop specialised to
    it instead (as ``evaluator.odds`` does from two cards up).
    """
    draws = combinations(pool, size)
    if not keep_draws:
        counts = Counter(map(result, draws))
        return DrawTally(counts, counts.total(), None)
    dealt = tuple((arrived, result(arrived)) for arrived in draws)
    return DrawTally(Counter(r for _, r in dealt), len(dealt), dealt)
