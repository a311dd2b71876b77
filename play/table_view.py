"""What the table page shows, read from the engine's hand: seats, cards, actions, grades.

Everything comes from ``LiveHand.public_state`` and ``legal_actions``, so the
page can show no card the engine would not put in the public state: an
opponent's cards are only a count until the showdown shows them. The drawn
table reuses the replayer's partial (``lessons/_poker_table.html``), which
reads the few attributes ``Felt`` and ``FeltSeat`` give it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from evaluator.cards import Card, parse_card
from evaluator.play import PERSONALITIES, Event, LiveHand, card_code
from evaluator.wording import number_word
from lessons.replayer.steps import SHORT_MARKERS, table_place
from play.models import GradedDecision, PlayedHand

# The keys a learner presses at the table (play.js); the page lists them.
# (templates/play/_action_form.html gives the draw's buttons D and P, and cards 1-5.)
ACTION_KEYS = {"fold": "f", "check": "c", "call": "c", "bet": "r", "raise": "r"}


@dataclass(frozen=True)
class FeltSeat:
    """One seat as the replayer's drawn table reads it."""

    name: str
    place: int
    stack: int
    in_round: int
    folded: bool
    to_act: bool
    markers: tuple[str, ...]
    acted: bool = False
    moved: bool = False

    @property
    def short_markers(self) -> tuple[str, ...]:
        return tuple(SHORT_MARKERS[m] for m in self.markers)


@dataclass(frozen=True)
class FeltState:
    pot: int
    street: str


@dataclass(frozen=True)
class FeltStep:
    kind: str = ""


@dataclass(frozen=True)
class Felt:
    state: FeltState
    seats: list[FeltSeat]
    step: FeltStep = field(default_factory=FeltStep)
    # The shared felt template writes amounts in a card room's units when a
    # real hand has them; the study table deals plain chips.
    money: None = None


@dataclass(frozen=True)
class SeatInfo:
    """One seat in words: the list under the drawn table."""

    seat: int
    name: str
    is_learner: bool
    personality: str
    personality_text: str
    stack: int
    bet: int
    in_pot: int
    folded: bool
    all_in: bool
    markers: tuple[str, ...]
    to_act: bool
    card_count: int
    cards: tuple[Card, ...] | None  # None while face down
    drew: int | None  # cards taken in the latest draw, None before any

    @property
    def backs(self) -> range:
        return range(self.card_count)

    @property
    def card_count_words(self) -> str:
        return f"{number_word(self.card_count)} card{'s' if self.card_count != 1 else ''}"


@dataclass(frozen=True)
class Choice:
    """A button of the action form."""

    kind: str
    label: str
    key: str


@dataclass
class TablePage:
    hand: PlayedHand
    live: LiveHand
    grades: Sequence[GradedDecision]
    seats: list[SeatInfo]
    felt: Felt
    choices: list[Choice]
    max_discards: int
    learner_cards: tuple[Card, ...]
    latest_events: list[Event]
    latest_grade: GradedDecision | None
    shows_grades: bool
    state: dict[str, Any]

    @property
    def drawing(self) -> bool:
        return self.live.learner_to_act() and self.live.phase == "draw"

    @property
    def throw_choices(self) -> list[tuple[int, str, Card]]:
        """Each of the learner's cards as a throw box: its key (1-5), its posted code, the card."""
        return [(n + 1, card_code(c), c) for n, c in enumerate(self.learner_cards)]

    @property
    def learner(self) -> SeatInfo:
        return self.seats[self.live.settings.learner_seat]

    @property
    def announcement(self) -> str:
        """The live region's sentence: the grade first (as you play), then what happened."""
        parts = []
        if self.latest_grade is not None and self.shows_grades and not self.hand.is_over:
            g = self.latest_grade
            parts.append(f"Coach: {g.get_grade_display()}.")
        parts += [e.text + "." for e in self.latest_events]
        if self.live.learner_to_act():
            parts.append("Your turn.")
        elif self.hand.is_over:
            parts.append("The hand is over.")
        return " ".join(parts)

    @property
    def learner_net(self) -> int | None:
        return self.hand.net


def markers_of(live: LiveHand) -> dict[int, tuple[str, ...]]:
    """Button and blinds per seat, as the replayer words them."""
    found: dict[int, list[str]] = {live.settings.button: ["button"]}
    for event in live.events:
        if event.kind != "post":
            continue
        for blind in ("small blind", "big blind"):
            if blind in event.text:
                found.setdefault(event.seat, []).append(blind)
    return {seat: tuple(m) for seat, m in found.items()}


def build(hand: PlayedHand, live: LiveHand, grades: Sequence[GradedDecision]) -> TablePage:
    from play.hands import shows_grades

    state = live.public_state()
    markers = markers_of(live)
    # Once the hand is over each stack includes what the seat was paid.
    stacks = live.final_stacks() if live.is_over else tuple(r["stack"] for r in state["seats"])
    count = live.settings.seats
    seats: list[SeatInfo] = []
    felt: list[FeltSeat] = []
    for row in state["seats"]:
        n = row["seat"]
        key = row["personality"]
        personality = PERSONALITIES[key] if key else None
        cards = tuple(parse_card(c["code"]) for c in row["cards"]) if row["cards"] else None
        seats.append(
            SeatInfo(
                seat=n,
                name=row["name"],
                is_learner=row["is_learner"],
                personality=personality.name if personality else "",
                personality_text=personality.description if personality else "",
                stack=stacks[n],
                bet=row["bet"],
                in_pot=row["in_pot"],
                folded=row["folded"],
                all_in=row["all_in"],
                markers=markers.get(n, ()),
                to_act=state["to_act"] == n,
                card_count=row["card_count"],
                cards=cards,
                drew=row["drawn"][-1] if row["drawn"] else None,
            )
        )
        felt.append(
            FeltSeat(
                name=row["name"],
                place=table_place(n, count),
                stack=stacks[n],
                in_round=row["bet"],
                folded=row["folded"],
                to_act=state["to_act"] == n,
                markers=markers.get(n, ()),
            )
        )
    legal = live.legal_actions()
    choices = [Choice(a.kind, a.label, ACTION_KEYS[a.kind]) for a in legal if a.kind != "draw"]
    max_discards = next((a.max_discards for a in legal if a.kind == "draw"), 0)
    step = live.step
    latest = [e for e in live.events if e.step == step] if step else list(live.events)
    graded = {g.step: g for g in grades}
    return TablePage(
        hand=hand,
        live=live,
        grades=grades,
        seats=seats,
        felt=Felt(FeltState(state["pot"], state["street"]), felt),
        choices=choices,
        max_discards=max_discards,
        learner_cards=live.learner_cards,
        latest_events=latest,
        latest_grade=graded.get(step - 1) if step else None,
        shows_grades=shows_grades(hand),
        state=state,
    )


def grade_json(grade: GradedDecision) -> dict[str, Any]:
    return {
        "step": grade.step,
        "decision": grade.decision,
        "kind": grade.skill_kind,
        "grade": grade.grade,
        "reason_code": grade.reason_code,
        "reason": grade.reason,
        "better_play": grade.better_play or None,
        "size": grade.size,
    }
