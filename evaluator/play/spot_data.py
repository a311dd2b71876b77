"""The plain data of "ask the coach": a spot, its legal choices, and the verdicts.

Apart from ``spot`` (which reads and judges spots) so that the model
(``values``, ``grading``) can use these types without importing the module
that calls it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ..cards import Card
from ..errors import EvaluatorError
from ..profiles import PROFILES, GameProfile
from .table import Action


class SpotError(EvaluatorError):
    """A spot the coach cannot read; the message is one sentence, shown to the user as is."""


@dataclass(frozen=True)
class OpponentInSpot:
    """What the learner saw one opponent do: cards taken at each draw (0 = stood pat)."""

    drew: tuple[int, ...]
    acts_after: bool = False


@dataclass(frozen=True)
class Spot:
    """One decision of the learner, as much as the learner can know of it."""

    game: str
    decision: str
    cards: tuple[Card, ...]
    dead: tuple[Card, ...]
    draws_left: int
    pot: int
    to_call: int
    bet: int
    raises_left: int
    opponents: tuple[OpponentInSpot, ...]
    stacks: tuple[int, ...] | None = None

    @property
    def profile(self) -> GameProfile:
        return PROFILES[self.game]

    @property
    def big_bet(self) -> int:
        """The size of a bet in the rounds after the second draw, the unit grades are in.

        The rounds before it bet half as much, so ``bet`` is doubled there.
        """
        done = self.profile.draws - self.draws_left + (1 if self.decision == "draw" else 0)
        return self.bet if done >= self.profile.big_bet_from_round else 2 * self.bet


@dataclass(frozen=True)
class ChoiceVerdict:
    """One legal choice, its value from the model, and the grade the table would give it."""

    action: Action
    label: str
    value: float
    loss_bb: float
    grade: str
    reason_code: str
    reason: str


@dataclass(frozen=True)
class SpotVerdict:
    """Every legal choice of a spot, best first, and what the values were computed against."""

    spot: Spot
    choices: tuple[ChoiceVerdict, ...]
    best: ChoiceVerdict
    model: str
    error_bb: float


# -- the choices --------------------------------------------------------------------


def legal_choices(spot: Spot) -> tuple[Action, ...]:
    """Every choice the rules allow in the spot, in a stable order."""
    if spot.decision == "draw":
        most = min(spot.profile.max_discard, len(spot.cards))
        return tuple(
            Action("draw", thrown)
            for size in range(most + 1)
            for thrown in combinations(spot.cards, size)
        )
    # No fold when checking is free: the table does not offer one either (it would only
    # throw away a hand that costs nothing to keep).
    found = [Action("check")] if spot.to_call == 0 else [Action("fold"), Action("call")]
    if spot.raises_left > 0 and _can_raise(spot):
        found.append(Action("bet") if spot.to_call == 0 else Action("raise"))
    return tuple(found)


def _can_raise(spot: Spot) -> bool:
    return spot.stacks is None or spot.stacks[0] > spot.to_call


def choice_label(spot: Spot, action: Action) -> str:
    """Words for a choice: "Call 4", "Throw K♣ 7♥", "Stand pat"."""
    if action.kind == "draw":
        if not action.discards:
            return "Stand pat"
        return "Throw " + " ".join(c.text for c in action.discards)
    if action.kind == "call":
        return f"Call {spot.to_call}"
    if action.kind == "bet":
        return f"Bet {spot.bet}"
    if action.kind == "raise":
        return f"Raise {spot.bet}"
    return action.kind.capitalize()
