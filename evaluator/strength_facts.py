"""What a strength reads as, worked out once per strength and remembered.

The fast path (``evaluator.fast``) ranks a hand in about a microsecond but
gives only a number. Every word about a value depends on that number alone:
a low's text and category, a Badugi's size, ranks and description. So a
settlement compares strengths, and its sentences and the showdown output
look the words up here. They are built from the strength through the same
value classes the readable functions return (``lowball.low_value``,
``BadugiValue``), so the two paths cannot word a hand differently; there
are 7,462 low strengths and 1,092 Badugi ones per ace order, so the memory
stays small without any eviction.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import tables
from .lowball import low_value
from .values import BadugiValue


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


def low_facts(kind: str, strength: int) -> LowFacts:
    """The words of a five-card low of this strength."""
    known = _LOWS[kind]
    facts = known.get(strength)
    if facts is None:
        value = low_value(kind, strength)
        facts = known[strength] = LowFacts(value.text, value.category, value.ranks)
    return facts


def badugi_facts(ace_high: bool, strength: int) -> BadugiFacts:
    """The words of a Badugi of this strength."""
    known = _BADUGIS[ace_high]
    facts = known.get(strength)
    if facts is None:
        mask = tables.badugi_mask_of_strength(strength)
        ranks = tuple(
            tables.rank_at(p, ace_high=ace_high) for p in range(12, -1, -1) if mask >> p & 1
        )
        value = BadugiValue(
            strength=strength, ace_high=ace_high, size=len(ranks), ranks=ranks, cards=()
        )
        facts = known[strength] = BadugiFacts(value.size, value.ranks, value.description)
    return facts


def description(kind: str, ace_high: bool, strength: int) -> str:
    """How a sentence names the value of one award: "7-5-4-3-2", "four-card 5-4-3-2 Badugi"."""
    known = _DESCRIPTIONS[kind, ace_high]
    text = known.get(strength)
    if text is None:
        if kind == "badugi":
            text = badugi_facts(ace_high, strength).description
        else:
            text = low_facts(kind, strength).text
        known[strength] = text
    return text


def known_descriptions(kind: str, ace_high: bool) -> dict[int, str]:
    """The descriptions met so far, by strength: a look-up that skips a call when it hits.

    Read-only for callers; ``description`` fills it.
    """
    return _DESCRIPTIONS[kind, ace_high]
