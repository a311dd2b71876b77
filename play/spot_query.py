"""A spot written back out: as the line ``coach --jsonl`` reads, and as the page's query.

The page's form reads a query into a ``Spot`` through the same line
(``play.forms.SpotForm``); these are the way back, so a spot can be queued
for the worker (which rebuilds it with ``spot_from_json``) and linked to
from elsewhere ("ask the coach about this spot" in a hand's review).
"""

from __future__ import annotations

from typing import Any

from evaluator.play import card_code
from evaluator.play.spot import Spot


def spot_line(spot: Spot) -> dict[str, Any]:
    """The spot as one input line of ``manage.py coach --jsonl`` (docs/play.md)."""
    line: dict[str, Any] = {
        "game": spot.game,
        "decision": spot.decision,
        "cards": " ".join(card_code(c) for c in spot.cards),
        "dead": " ".join(card_code(c) for c in spot.dead),
        "draws_left": spot.draws_left,
        "pot": spot.pot,
        "bet": spot.bet,
        "raises_left": spot.raises_left,
        "opponents": [{"drew": list(o.drew), "acts_after": o.acts_after} for o in spot.opponents],
    }
    if spot.decision == "bet":
        line["to_call"] = spot.to_call
    if spot.stacks is not None:
        line["stacks"] = list(spot.stacks)
    return line


def spot_query(spot: Spot) -> dict[str, str]:
    """The page's query parameters for the spot (``play.forms.SpotForm`` reads them back)."""
    query = {
        "game": spot.game,
        "decision": spot.decision,
        "cards": " ".join(card_code(c) for c in spot.cards),
        "draws_left": str(spot.draws_left),
        "pot": str(spot.pot),
        "bet": str(spot.bet),
        "raises_left": str(spot.raises_left),
        "opponents": str(len(spot.opponents)),
    }
    if spot.dead:
        query["dead"] = " ".join(card_code(c) for c in spot.dead)
    if spot.decision == "bet":
        query["to_call"] = str(spot.to_call)
    for n, opponent in enumerate(spot.opponents, start=1):
        query[f"o{n}_drew"] = " ".join(str(count) for count in opponent.drew)
        if opponent.acts_after:
            query[f"o{n}_after"] = "on"
    return query
