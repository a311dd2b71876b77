"""Seeded drill items for the drill tests, and the engine's own settlement of their side pots.

Shared by the drill hint and drill side-pot tests, which both need a hard
payouts item whose chips make more than one pot. Every answer is asked of
the engine (``settle`` with the item's contributions), never typed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from evaluator import settle
from evaluator.drills import generate
from evaluator.settlement import Settlement
from lessons.drills.items import DrillTable


def table_of(kind: str, game: str, difficulty: int, seed: int) -> DrillTable:
    """The drill item the URL with these four values deals, as its page shows it."""
    return DrillTable.of(generate(kind, game, difficulty, seed))


def side_pots(table: DrillTable) -> Settlement:
    """The engine's settlement of the item's contributions, asked directly."""
    return settle(
        table.profile,
        table.hands,
        contributions=table.item.contributions,
        folded=table.folded,
        button=table.item.button,
        names=table.names,
    )


def side_pot_items(game: str) -> Iterator[tuple[int, DrillTable, Settlement]]:
    """Each seeded hard payouts item (of the first 300) whose chips make more than one pot,
    with the engine's settlement of them."""
    for seed in range(300):
        table = table_of("payouts", game, 3, seed)
        if not table.item.contributions:
            continue
        outcome = side_pots(table)
        if len(outcome.pots) > 1:
            yield seed, table, outcome


def side_pot_item(
    game: str, when: Callable[[DrillTable, Settlement], bool] = lambda table, outcome: True
) -> tuple[int, DrillTable]:
    """The first seeded hard payouts item with more than one pot (and whatever ``when`` asks)."""
    for seed, table, outcome in side_pot_items(game):
        if when(table, outcome):
            return seed, table
    raise AssertionError(f"no seeded {game} payouts item has side pots")
