"""The fast path: strengths only, from card indices, for bulk work.

Why a separate path: the benchmark evaluates millions of hands, where object
creation would dominate. These functions return the same ``strength`` numbers
as ``lowball`` and ``badugi`` (the tests check that on random hands).
"""

from __future__ import annotations

from collections.abc import Iterable

from .tables import (
    A5_PRIME,
    A5_STRENGTH,
    BADUGI_LANE_HIGH,
    BADUGI_LANE_LOW,
    BADUGI_STRENGTH,
    D27_FLUSH_STRENGTH,
    D27_PRIME,
    D27_STRENGTH,
    SUIT_BIT,
    SUIT_MASK_LABEL,
    learn_badugi,
)


def badacey_strengths(
    a: int,
    b: int,
    c: int,
    d: int,
    e: int,
    _p: tuple[int, ...] = A5_PRIME,
    _low: dict[int, int] = A5_STRENGTH,
    _lane: tuple[int, ...] = BADUGI_LANE_LOW,
    _label: tuple[int, ...] = SUIT_MASK_LABEL,
    _bad: dict[int, int] = BADUGI_STRENGTH,
) -> tuple[int, int]:
    """Ace-to-five strength and ace-low Badugi strength of five card indices.

    The tables arrive as default arguments because local names are the
    fastest lookups CPython has; callers pass only the five indices. A suit
    pattern met for the first time is learned on the spot (see ``tables``).
    """
    m = _lane[a] | _lane[b] | _lane[c] | _lane[d] | _lane[e]
    try:
        bad = _bad[
            _label[m & 0x1FFF]
            + _label[(m >> 16) & 0x1FFF]
            + _label[(m >> 32) & 0x1FFF]
            + _label[m >> 48]
        ]
    except KeyError:
        bad = learn_badugi(m)
    return _low[_p[a] * _p[b] * _p[c] * _p[d] * _p[e]], bad


def badeucey_strengths(
    a: int,
    b: int,
    c: int,
    d: int,
    e: int,
    _p: tuple[int, ...] = D27_PRIME,
    _plain: dict[int, int] = D27_STRENGTH,
    _flush: dict[int, int] = D27_FLUSH_STRENGTH,
    _suit: tuple[int, ...] = SUIT_BIT,
    _lane: tuple[int, ...] = BADUGI_LANE_HIGH,
    _label: tuple[int, ...] = SUIT_MASK_LABEL,
    _bad: dict[int, int] = BADUGI_STRENGTH,
) -> tuple[int, int]:
    """Deuce-to-seven strength and ace-high Badugi strength of five card indices."""
    m = _lane[a] | _lane[b] | _lane[c] | _lane[d] | _lane[e]
    table = _flush if _suit[a] & _suit[b] & _suit[c] & _suit[d] & _suit[e] else _plain
    try:
        bad = _bad[
            _label[m & 0x1FFF]
            + _label[(m >> 16) & 0x1FFF]
            + _label[(m >> 32) & 0x1FFF]
            + _label[m >> 48]
        ]
    except KeyError:
        bad = learn_badugi(m)
    return table[_p[a] * _p[b] * _p[c] * _p[d] * _p[e]], bad


def badugi_strength(indices: Iterable[int], *, ace_high: bool = False) -> int:
    """Badugi strength of one to five card indices."""
    lane = BADUGI_LANE_HIGH if ace_high else BADUGI_LANE_LOW
    m = 0
    for i in indices:
        m |= lane[i]
    label = SUIT_MASK_LABEL
    try:
        return BADUGI_STRENGTH[
            label[m & 0x1FFF]
            + label[(m >> 16) & 0x1FFF]
            + label[(m >> 32) & 0x1FFF]
            + label[m >> 48]
        ]
    except KeyError:
        return learn_badugi(m)


def ace_to_five_strength(
    a: int,
    b: int,
    c: int,
    d: int,
    e: int,
    _p: tuple[int, ...] = A5_PRIME,
    _low: dict[int, int] = A5_STRENGTH,
) -> int:
    """Ace-to-five strength alone, for the games that award only the low."""
    return _low[_p[a] * _p[b] * _p[c] * _p[d] * _p[e]]


def deuce_to_seven_strength(
    a: int,
    b: int,
    c: int,
    d: int,
    e: int,
    _p: tuple[int, ...] = D27_PRIME,
    _plain: dict[int, int] = D27_STRENGTH,
    _flush: dict[int, int] = D27_FLUSH_STRENGTH,
    _suit: tuple[int, ...] = SUIT_BIT,
) -> int:
    """Deuce-to-seven strength alone."""
    table = _flush if _suit[a] & _suit[b] & _suit[c] & _suit[d] & _suit[e] else _plain
    return table[_p[a] * _p[b] * _p[c] * _p[d] * _p[e]]
