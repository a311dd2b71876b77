"""What a strength reads as, worked out once per strength and remembered.

The fast path (``evaluator.fast``) ranks a hand in about a microsecond but
gives only a number; the readable functions (``lowball``, ``badugi``) give
the words but work through the hand to find them. Every word depends on the
strength alone: a low's text and category, a Badugi's size, ranks and
description. So a settlement compares strengths, and its sentences and the
showdown output look the words up here. The first hand met with a strength
is read by the readable function, which keeps the two paths from ever
disagreeing; there are 7,462 low strengths and 1,092 Badugi ones per ace
order, so the memory stays small without any eviction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .badugi import badugi
from .cards import Card
from .lowball import ace_to_five, deuce_to_seven


@dataclass(frozen=True, slots=True)
class LowFacts:
    text: str
    category: str
    ranks: tuple[int, ...]  # in comparison order, as ``LowValue.ranks``


@dataclass(frozen=True, slots=True)
class BadugiFacts:
    size: int
    ranks: tuple[int, ...]  # highest first in the game's ace order
    description: str


_LOWS: dict[str, dict[int, LowFacts]] = {"ace_to_five": {}, "deuce_to_seven": {}}
_BADUGIS: dict[bool, dict[int, BadugiFacts]] = {False: {}, True: {}}
_DESCRIPTIONS: dict[tuple[str, bool], dict[int, str]] = {
    (kind, ace_high): {}
    for kind in ("ace_to_five", "deuce_to_seven", "badugi")
    for ace_high in (False, True)
}


def low_facts(kind: str, strength: int, cards: Sequence[Card]) -> LowFacts:
    """The words of a five-card low; ``cards`` is any hand with that strength."""
    known = _LOWS[kind]
    facts = known.get(strength)
    if facts is None:
        value = (ace_to_five if kind == "ace_to_five" else deuce_to_seven)(cards)
        _check(value.strength, strength)
        facts = known[strength] = LowFacts(value.text, value.category, value.ranks)
    return facts


def badugi_facts(ace_high: bool, strength: int, cards: Sequence[Card]) -> BadugiFacts:
    """The words of a Badugi; ``cards`` is any hand with that strength."""
    known = _BADUGIS[ace_high]
    facts = known.get(strength)
    if facts is None:
        value = badugi(cards, ace_high=ace_high)
        _check(value.strength, strength)
        facts = known[strength] = BadugiFacts(value.size, value.ranks, value.description)
    return facts


def description(kind: str, ace_high: bool, strength: int, cards: Sequence[Card]) -> str:
    """How a sentence names the value of one award: "7-5-4-3-2", "four-card 5-4-3-2 Badugi"."""
    known = _DESCRIPTIONS[kind, ace_high]
    text = known.get(strength)
    if text is None:
        if kind == "badugi":
            text = badugi_facts(ace_high, strength, cards).description
        else:
            text = low_facts(kind, strength, cards).text
        known[strength] = text
    return text


def known_descriptions(kind: str, ace_high: bool) -> dict[int, str]:
    """The descriptions met so far, by strength: a look-up that skips a call when it hits.

    Read-only for callers; ``description`` fills it.
    """
    return _DESCRIPTIONS[kind, ace_high]


def _check(readable: int, fast: int) -> None:
    if readable != fast:  # pragma: no cover - the tests hold the two paths together
        raise RuntimeError(f"fast strength {fast} but readable strength {readable}")
