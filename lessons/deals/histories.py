"""A stored history, parsed and replayed: the one place the app does both.

A deal's history is deal notation (``docs/deal-notation.md``). The model's
validation, the admin form, the lesson content loader, the replayer and the
lesson pages all need it played through the engine, and they all come here,
so a history is read one way and each text is replayed once per process.

``history_facts()`` is what a history says about the deal it belongs to: its
game and table settings, its seats with their final cards, the button, the
pot and who folded. A deal with a history takes these from it, or is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from evaluator import DealError, EvaluatorError, format_cards, format_deal, parse_deal, replay
from evaluator.deal import DrawLine, full_settings
from evaluator.replay import Replay


@lru_cache(maxsize=64)
def replay_history(history: str) -> Replay:
    """Parse and replay a stored history once per text.

    A record and its replay are frozen, so every request for the same deal can
    share them; a history that fails raises ``DealError`` and is not cached.
    """
    try:
        return replay(parse_deal(history))
    except ValueError as error:  # a bare ValueError from int(): never a 500 for stored text
        if isinstance(error, EvaluatorError):
            raise
        raise DealError("a number in the history is far too large to read") from None


@dataclass(frozen=True)
class HistoryFacts:
    game: str
    settings: dict[str, Any]  # only those that differ from the game's defaults
    seats: list[dict[str, str]]  # names and final cards, as Deal.seats holds them
    button: int
    pot: int
    folded: list[bool]

    @property
    def names(self) -> list[str]:
        return [seat["name"] for seat in self.seats]

    def full_settings(self) -> dict[str, Any]:
        return full_settings(self.game, self.settings)


def differing_settings(game: str, settings: Mapping[str, Any]) -> dict[str, Any]:
    """Only the table settings that differ from the game's defaults, as a Deal stores them.

    A room's structure or draw count has no lesson default, so it is always kept.
    """
    defaults = full_settings(game, {})
    return {k: v for k, v in settings.items() if v != defaults.get(k)}


def history_facts(history: str) -> HistoryFacts:
    """What the history says about its deal; raises the engine's ``DealError`` if it cannot."""
    played = replay_history(history)
    record = played.record
    final = played.steps[-1].state.seats
    return HistoryFacts(
        game=record.profile_key,
        settings=differing_settings(record.profile_key, record.settings),
        seats=[{"name": seat.name, "cards": format_cards(seat.cards)} for seat in final],
        button=record.button,
        pot=played.settlement.total,
        folded=[seat.folded for seat in final],
    )


def rename_seats(history: str, names: list[str]) -> str:
    """The same history with its seats renamed in order, written out in canonical form.

    A worked deal from ``evaluator/worked_deals`` can then belong to a stored
    deal whose seats the lesson names differently.
    """
    record = parse_deal(history)
    new = dict(zip((seat.name for seat in record.seats), names, strict=True))
    streets = tuple(
        replace(s, entries=tuple(replace(e, seat=new[e.seat]) for e in s.entries))
        if isinstance(s, DrawLine)
        else replace(s, actions=tuple(replace(a, seat=new[a.seat]) for a in s.actions))
        for s in record.streets
    )
    seats = tuple(replace(seat, name=new[seat.name]) for seat in record.seats)
    return format_deal(replace(record, seats=seats, streets=streets))
