"""A generated drill item as a deal the question parts can be asked of.

``evaluator.drills`` makes an item as plain facts; ``DrillTable`` gives it
the attributes ``lessons.deals.parts.base.Table`` lists, so the answer form, the
checker and the worked answer are the exercises' own. Nothing is stored:
the item is dealt again from its seed whenever it is needed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from evaluator import Card, GameProfile, Settlement, get_profile, parse_cards
from evaluator.drills import DrillItem
from lessons.deals import parts
from lessons.deals.parts.base import SeatReadings
from lessons.deals.readings import read
from lessons.drills.forms import drill_hint_url
from lessons.exercises.blocks import WorkedAnswer
from lessons.models import Deal


@dataclass
class DrillTable(SeatReadings):
    """A drill item dressed as a deal: everything a question part reads, and no database row."""

    item: DrillItem
    slug: str = "drill"
    game: str = ""
    parts: list[dict[str, Any]] = field(default_factory=list)
    pot: int | None = None
    button: int = 0
    seats: list[dict[str, str]] = field(default_factory=list)
    title: str = ""
    prompt: str = ""
    settings: dict[str, Any] = field(default_factory=dict)
    _settlements: dict[str | None, Settlement] = field(
        default_factory=dict, repr=False, compare=False
    )

    @classmethod
    def of(cls, item: DrillItem) -> DrillTable:
        return cls(
            item,
            game=item.game,
            parts=item.parts,
            pot=item.pot,
            button=item.button,
            seats=item.seats,
            title=item.title,
            prompt=item.prompt,
            settings=item.settings,
        )

    @cached_property
    def profile(self) -> GameProfile:
        return get_profile(self.game, **self.settings)

    @cached_property
    def hands(self) -> list[tuple[Card, ...]]:
        return [parse_cards(seat["cards"]) for seat in self.seats]

    @property
    def folded(self) -> list[bool]:
        return list(self.item.folded or [False] * len(self.seats))

    def settlement(self, game: str | None = None) -> Settlement:
        """The engine's settlement, from contributions when the item has side pots.

        Kept per game: one answer asks for it from the legend, the box
        limits, the checker, the hints and the worked answer, and an item
        never changes once dealt.
        """
        known = self._settlements.get(game)
        if known is None:
            known = self._settlements[game] = self.settle_table(game)
        return known

    def games(self) -> list[str]:
        return [self.game, *(g for g in parts.games(self.parts) if g != self.game)]

    @property
    def chips_put_in(self) -> list[int] | None:
        return list(self.item.contributions) if self.item.contributions else None

    @property
    def hint_url(self) -> str:
        """The hint button's target: the hint view deals this same item again from its seed."""
        item = self.item
        return drill_hint_url(item.kind, item.chosen_game, item.difficulty, item.seed)

    @property
    def can_be_a_deal(self) -> bool:
        return not self.why_not_a_deal

    @property
    def why_not_a_deal(self) -> str:
        """Why this item cannot be kept as a practice deal ("" when it can).

        A practice deal holds seats, a pot and a button: a question without
        cards at a table (a betting item) has nothing to keep, and side pots
        and folds need a hand history, which only the admin can write.
        """
        if len(self.seats) < 2:
            return (
                "This item asks about the betting, not about hands at a table, so there is "
                "no deal to keep; write a practice deal with a hand history in the admin instead."
            )
        if self.item.contributions or any(self.folded):
            return (
                "This item has side pots or folded seats, which a practice deal can only hold "
                "through a hand history; write it in the admin instead."
            )
        return ""

    @property
    def folded_names(self) -> list[str]:
        return [n for n, f in zip(self.names, self.folded, strict=True) if f]


def drill_worked_answer(table: DrillTable) -> WorkedAnswer:
    """The exercises' worked answer; an item without cards (a betting question) has no readings."""
    before = any(parts.kind_of(part).before_the_draw for part in table.parts)
    readings = [read(table.settlement(game)) for game in table.games()] if table.seats else []
    return WorkedAnswer(readings, parts.worked_pieces(table), "", before_the_draw=before)


def deal_from_item(table: DrillTable) -> Deal:
    """An unsaved draft practice deal holding the item's facts; its slug names the item."""
    item = table.item
    return Deal(
        title=f"{item.title} (drill item {item.seed})"[:120],
        slug=f"drill-{item.kind}-{item.chosen_game}-{item.difficulty}-{item.seed}".replace(
            "_", "-"
        ),
        lesson="",
        game=item.game,
        settings=dict(item.settings),
        seats=[dict(seat) for seat in item.seats],
        button=item.button,
        pot=item.pot,
        prompt=item.prompt,
        parts=[dict(part) for part in item.parts],
        published=False,
    )
