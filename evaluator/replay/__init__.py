"""Replay a deal record step by step, refusing the first thing that cannot happen.

The replayer page shows one step at a time, so every step carries a complete
snapshot of the table: a page never has to recompute anything to show where
the cards and chips are. A record that breaks a rule is never shown half
replayed: ``replay`` raises ``DealError`` at the first illegal step, naming
the line (when the record came from text), the step and the rule.

The package is split by what a reader comes for:

- ``engine``: the order of a deal and the checks at each step (``replay``);
- ``record_checks``: what a record must satisfy before its first step;
- ``snapshots``: the frozen table state after each step (``Step``, ``State``);
- ``results``: what a finished replay returns (``Replay``, its tables);
- ``sentences``: the words a learner reads under each step.

Import from ``evaluator.replay`` itself; the modules behind it may move.
"""

from __future__ import annotations

from .engine import replay
from .results import ContributionRow, ContributionTable, Ledger, LedgerRow, Replay
from .snapshots import SeatState, State, Step

__all__ = [
    "ContributionRow",
    "ContributionTable",
    "Ledger",
    "LedgerRow",
    "Replay",
    "SeatState",
    "State",
    "Step",
    "replay",
]
