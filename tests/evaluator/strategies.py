"""Hypothesis strategies shared by the evaluator's property tests."""

from __future__ import annotations

from hypothesis import strategies as st

from evaluator import DECK

SUIT_ORDER = ("s", "h", "d", "c")


def hands(size: int = 5, count: int = 1):
    """``count`` disjoint hands of ``size`` distinct cards from one deck."""
    return st.lists(
        st.sampled_from(DECK), min_size=size * count, max_size=size * count, unique=True
    ).map(lambda cards: [tuple(cards[i * size : (i + 1) * size]) for i in range(count)])


def five_cards():
    return hands(5).map(lambda hs: hs[0])


suit_permutations = st.permutations(SUIT_ORDER).map(lambda p: dict(zip(SUIT_ORDER, p, strict=True)))


def relabel(cards, mapping):
    """The same ranks with every suit renamed through ``mapping``."""
    return tuple(
        next(c for c in DECK if c.rank == card.rank and c.suit == mapping[card.suit])
        for card in cards
    )
