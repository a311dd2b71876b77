"""The two tables a finished replay prints beside a deal: chips per round, and stacks.

Kept apart from the step engine: they read the betting table once the hand
is over and check that every chip is accounted for, which is bookkeeping,
not the order of the deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..betting import Table
from ..deal import DealError, DealRecord, round_name
from .results import ContributionRow, ContributionTable, Ledger, LedgerRow


def contribution_table(record: DealRecord, table: Table, names: Sequence[str]) -> ContributionTable:
    """Each seat's chips by betting round (one column when the room wrote only the pot)."""
    t = table
    if record.showdown_pot is not None:
        columns: tuple[str, ...] = ("betting not recorded",)
        per_round: Sequence[tuple[int, ...]] = (tuple(t.total_in),)
    else:
        columns = tuple(round_name(r) for r in range(len(t.history)))
        per_round = t.history
    rows = tuple(
        ContributionRow(name, tuple(r[s] for r in per_round), t.total_in[s])
        for s, name in enumerate(names)
    )
    totals = tuple(sum(r) for r in per_round)
    return ContributionTable(columns, rows, totals, sum(t.total_in))


def ledger(record: DealRecord, table: Table, payouts: Sequence[int]) -> Ledger:
    """Stacks before and after; ``DealError`` if the chips do not balance (an engine bug)."""
    t = table
    rows = []
    for s, seat in enumerate(record.seats):
        end = None if seat.stack is None else seat.stack - t.total_in[s] + payouts[s]
        if end is not None and end != t.stack[s]:  # pragma: no cover - an engine bug
            raise DealError(f"the chips do not balance for {seat.name}")
        rows.append(LedgerRow(seat.name, seat.stack, t.total_in[s], payouts[s], end))
    starts = _total_of(seat.stack for seat in record.seats)
    ends = _total_of(row.end for row in rows)
    total = LedgerRow("Total", starts, sum(t.total_in), sum(payouts), ends)
    if starts is not None and ends is not None and starts != ends + record.rake:  # pragma: no cover
        raise DealError(f"the chips do not balance: {starts} at the start, {ends} at the end")
    return Ledger(tuple(rows), total)


def _total_of(values: Iterable[int | None]) -> int | None:
    total = 0
    for value in values:
        if value is None:
            return None
        total += value
    return total
