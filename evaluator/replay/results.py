"""What a finished replay hands back: the steps, the settlement and the tables
the lessons print beside a deal (chips per round, stacks before and after).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..deal import DealRecord
from ..profiles import GameProfile
from ..settlement import Settlement
from ..values import BadugiValue, LowValue
from .snapshots import Step


@dataclass(frozen=True)
class ContributionRow:
    name: str
    rounds: tuple[int, ...]
    total: int


@dataclass(frozen=True)
class ContributionTable:
    """Chips each seat put in per betting round, the way the lessons tabulate them."""

    columns: tuple[str, ...]
    rows: tuple[ContributionRow, ...]
    totals: tuple[int, ...]
    total: int


@dataclass(frozen=True)
class LedgerRow:
    name: str
    start: int | None
    contributed: int
    received: int
    end: int | None


@dataclass(frozen=True)
class Ledger:
    """Start, contributed, received and end per seat; the totals must balance."""

    rows: tuple[LedgerRow, ...]
    total: LedgerRow


@dataclass(frozen=True)
class Replay:
    record: DealRecord
    profile: GameProfile
    steps: tuple[Step, ...]
    settlement: Settlement
    contributions: ContributionTable
    ledger: Ledger
    cards_used: int  # distinct physical cards seen in the deal
    cards_dealt: int  # cards dealt, counting a card again when a reshuffle reused it
    rake: int = 0  # chips the room kept; ``settlement`` pays what is left

    @property
    def round_pots(self) -> tuple[int, ...]:
        """The pot at the end of each betting round, as the lessons quote it."""
        return tuple(
            s.state.pot for s in self.steps if s.kind == "round_end" and s.action == "betting"
        )

    def reads(self, step: Step | int) -> tuple[dict[str, LowValue | BadugiValue] | None, ...]:
        """Every live seat's hand values at a step, for "read the hand at every stage"."""
        state = (self.steps[step] if isinstance(step, int) else step).state
        return tuple(
            None if seat.folded else self.profile.evaluate(seat.cards) for seat in state.seats
        )
