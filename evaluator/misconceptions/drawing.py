"""Drawing: outs, chances and throws under each wrong idea about a draw."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from ..cards import Card
from ..odds import Outcome, draw_odds
from ..profiles import GameProfile
from .rules import MISCONCEPTIONS, Misconception, _first


@dataclass(frozen=True)
class Draw:
    """One draw question: the cards kept and thrown, the cards seen elsewhere, the aim."""

    profile: GameProfile
    kept: tuple[Card, ...]
    thrown: tuple[Card, ...]
    dead: tuple[Card, ...]
    outcome: str  # an ``evaluator.odds`` outcome key: "badugi", "badugi_top", "low", "both"
    badugi_top: int | None = None
    low_top: int | None = None

    def hits(
        self, *, thrown: Sequence[Card] | None = None, dead: Sequence[Card] | None = None
    ) -> Outcome:
        odds = draw_odds(
            self.profile,
            self.kept,
            discarded=self.thrown if thrown is None else thrown,
            dead=self.dead if dead is None else dead,
            badugi_top=self.badugi_top,
            low_top=self.low_top,
        )
        return odds.outcome(self.outcome)


def outs_beliefs(draw: Draw) -> dict[str, list[int]]:
    """The count of outs under every wrong belief about which cards can arrive."""
    beliefs = {"seen-cards-counted": [draw.hits(dead=()).hits]}
    if draw.thrown:
        beliefs["thrown-cards-counted"] = [draw.hits(thrown=()).hits]
    return beliefs


def outs_mistake(answer: int, draw: Draw) -> Misconception | None:
    return _first(answer, outs_beliefs(draw).items(), draw.hits().hits, draw.profile)


def chance_beliefs(draw: Draw) -> dict[str, list[Fraction]]:
    """The chance, in percent, under every wrong belief about counting a draw."""
    right = 100 * draw.hits().probability
    return {
        "seen-cards-counted": [100 * draw.hits(dead=()).probability],
        "chance-of-missing": [100 - right],
    }


def chance_mistake(answer: Fraction, within: int, draw: Draw) -> Misconception | None:
    """The belief whose chance is within ``within`` points of a guess that the right one is not."""
    right = 100 * draw.hits().probability
    if abs(answer - right) <= within:
        return None
    for name, chances in chance_beliefs(draw).items():
        if any(abs(answer - c) <= within and abs(c - right) > within for c in chances):
            return MISCONCEPTIONS[name]
    return None


def best_throws(
    profile: GameProfile,
    hand: Sequence[Card],
    dead: Sequence[Card],
    most: int,
    outcome: str,
    *,
    badugi_top: int | None = None,
    low_top: int | None = None,
) -> list[frozenset[Card]]:
    """Every throw of up to ``most`` cards with the best chance of ``outcome``."""
    found: list[tuple[Fraction, frozenset[Card]]] = []
    for size in range(most + 1):
        for throw in combinations(hand, size):
            kept = [c for c in hand if c not in throw]
            chance = (
                draw_odds(
                    profile,
                    kept,
                    discarded=throw,
                    dead=dead,
                    badugi_top=badugi_top,
                    low_top=low_top,
                )
                .outcome(outcome)
                .probability
            )
            found.append((chance, frozenset(throw)))
    best = max(chance for chance, _ in found)
    return [throw for chance, throw in found if chance == best]


def discard_beliefs(
    profile: GameProfile,
    hand: Sequence[Card],
    dead: Sequence[Card],
    most: int,
    *,
    target: str | None,
) -> dict[str, list[frozenset[Card]]]:
    """The throws best for one half alone, when the question weighs both (or the whole pot)."""
    if target not in (None, "both") or not profile.is_split:
        return {}
    halves = [o for o in ("badugi", "low") if o != "low" or len(profile.awards) > 1]
    return {
        "one-half-only": [
            throw for half in halves for throw in best_throws(profile, hand, dead, most, half)
        ]
    }


def discard_mistake(
    chosen: Iterable[Card],
    right: Iterable[Iterable[Card]],
    beliefs: dict[str, list[frozenset[Card]]],
) -> Misconception | None:
    """The misconception a throw follows from; ``right`` are the throws as good as the best."""
    chosen = frozenset(chosen)
    if any(chosen == frozenset(r) for r in right):
        return None
    return _first(chosen, beliefs.items(), None)
