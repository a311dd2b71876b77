"""Which comparison settles a showdown: the step at which the best hand pulls ahead.

Two hands of a Badugi are compared by their number of cards, then card by
card from the highest down; two five-card lows by their kind (no pair, a
pair, a straight...), then rank by rank in reading order. Knowing *where*
the decision falls is what the lessons ask a reader to find ("which
comparison settles it?"), and a hint can point at that step without saying
who wins. Plain Python, computed from the engine's values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .values import BadugiValue, LowValue
from .wording import number_word

ORDINALS = ("first", "second", "third", "fourth", "fifth")


@dataclass(frozen=True)
class Step:
    """One comparison: ``"tie"``, ``"size"`` (Badugi cards), ``"kind"`` (low) or ``"card"``.

    ``position`` counts from 1, the highest card, for a ``"card"`` step.
    """

    what: str
    position: int = 0

    @property
    def words(self) -> str:
        if self.what == "tie":
            return "nothing: the best hands tie"
        if self.what == "size":
            return "the number of cards in each Badugi"
        if self.what == "kind":
            return "the kind of hand (no pair, a pair, a straight and so on)"
        return f"the {ORDINALS[self.position - 1]} card from the top"


def deciding_step(values: Sequence[LowValue | BadugiValue]) -> Step:
    """Where the best of ``values`` first differs from the best of the rest.

    Every value must be of one kind. When the best value is shared by every
    hand, nothing separates them: a tie.
    """
    best = max(values)
    rest = [v for v in values if v != best]
    if not rest:
        return Step("tie")
    runner = max(rest)
    if isinstance(best, BadugiValue) and isinstance(runner, BadugiValue):
        if best.size != runner.size:
            return Step("size")
    elif (
        isinstance(best, LowValue)
        and isinstance(runner, LowValue)
        and best.category != runner.category
    ):
        return Step("kind")
    for position, (a, b) in enumerate(zip(best.ranks, runner.ranks, strict=False), start=1):
        if a != b:
            return Step("card", position)
    raise AssertionError("different values must differ somewhere")  # pragma: no cover


def count_words(count: int, noun: str) -> str:
    """ "one card", "three cards"."""
    return f"{number_word(count)} {noun}{'s' if count != 1 else ''}"
