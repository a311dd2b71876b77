"""The live table's state shaped for its template: cards as the engine's cards, the
viewer's choices as buttons. Built from ``views_state.state_for`` only, so the page
can show no card that state would not carry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evaluator.cards import Card, parse_card
from evaluator.play import card_code
from play.table_view import ACTION_KEYS, Choice


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    is_you: bool
    is_computer: bool
    stack: int
    bet: int
    folded: bool
    all_in: bool
    is_button: bool
    to_act: bool
    card_count: int
    cards: tuple[Card, ...] | None
    drawn: tuple[int, ...]

    @property
    def backs(self) -> range:
        return range(self.card_count)


@dataclass(frozen=True)
class HandView:
    number: int
    street: str
    pot: int
    draws_left: int
    step: int
    is_over: bool
    seats: list[SeatView]
    learner_cards: tuple[Card, ...]
    choices: list[Choice]
    max_discards: int
    events: list[str]
    net: dict[int, int] | None
    deadline: str | None
    drawing: bool  # the viewer's turn is a draw

    @property
    def your_turn(self) -> bool:
        return bool(self.choices) or self.drawing

    @property
    def throw_choices(self) -> list[tuple[int, str, Card]]:
        """Each of the viewer's cards as a throw box: its key (1-5), its posted code, the card."""
        return [(n + 1, card_code(c), c) for n, c in enumerate(self.learner_cards)]


def _cards(rows: list[dict[str, Any]] | None) -> tuple[Card, ...] | None:
    return tuple(parse_card(r["code"]) for r in rows) if rows else None


def hand_view(state: dict[str, Any] | None) -> HandView | None:
    if not state:
        return None
    legal = state["legal_actions"]
    can_draw = any(a["kind"] == "draw" for a in legal)
    seats = [
        SeatView(
            seat=row["seat"],
            name=row["name"],
            is_you=row["is_learner"] and bool(state["learner_cards"]),
            is_computer=row["personality"] is not None,
            stack=row["stack"],
            bet=row["bet"],
            folded=row["folded"],
            all_in=row["all_in"],
            is_button=row["is_button"],
            to_act=state["to_act"] == row["seat"],
            card_count=row["card_count"],
            cards=_cards(row["cards"]),
            drawn=tuple(row["drawn"]),
        )
        for row in state["seats"]
    ]
    return HandView(
        number=state["number"],
        street=state["street"],
        pot=state["pot"],
        draws_left=state["draws_left"],
        step=state["step"],
        is_over=state["is_over"],
        seats=seats,
        learner_cards=_cards(state["learner_cards"]) or (),
        choices=[
            Choice(a["kind"], a["label"], ACTION_KEYS[a["kind"]])
            for a in legal
            if a["kind"] != "draw"
        ],
        max_discards=next((a["max_discards"] for a in legal if a["kind"] == "draw"), 0),
        events=[e["text"] for e in state["events"]][-8:],
        net={int(k): v for k, v in state["net"].items()} if state["net"] else None,
        deadline=state.get("deadline"),
        drawing=can_draw,
    )


def announcement(view: HandView | None) -> str:
    """The live region's sentence: the latest events, then whose turn it is and the price."""
    if view is None:
        return "Waiting for players."
    parts = [text.rstrip(".") + "." for text in view.events[-3:]]
    if view.is_over:
        parts.append("The hand is over.")
    elif view.your_turn:
        if view.drawing:
            parts.append(f"Your turn to draw. Your cards: {_names(view.learner_cards)}.")
        else:
            call = next((c.label for c in view.choices if c.kind == "call"), None)
            parts.append(f"Your turn{f': {call} to stay in' if call else ''}.")
    else:
        actor = next((s.name for s in view.seats if s.to_act), None)
        if actor:
            parts.append(f"{actor} to act.")
    return " ".join(parts)


def _names(cards: tuple[Card, ...]) -> str:
    return ", ".join(c.name for c in cards)
