"""What the table page shows, read from the engine's hand: seats, cards, actions, grades.

Everything comes from ``LiveHand.public_state`` and ``legal_actions``, so the
page can show no card the engine would not put in the public state: an
opponent's cards are face-down backs (named "a face-down card", never the
card) until the showdown shows them. Each seat is drawn once, at its place
on the felt (``templates/play/_felt.html``), with its cards, its bet, its
markers and its last draw; the learner always sits at the bottom.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from evaluator.cards import Card, parse_card
from evaluator.play import PERSONALITIES, Event, LiveHand, card_code
from evaluator.wording import number_word
from lessons.replayer.steps import SHORT_MARKERS, table_place
from play.models import COACH_LIVE, GradedDecision, PlayedHand

# The keys a learner presses at the table (play.js); the page lists them.
# (templates/play/_action_form.html gives the draw's buttons D and P, and cards 1-5;
# the next hand's button N.)
ACTION_KEYS = {"fold": "f", "check": "c", "call": "c", "bet": "r", "raise": "r"}

# Where each clock place (lessons.replayer.steps.table_place) sits on the felt's
# grid: top, top-right, right, bottom-right, the learner at the bottom, and so on.
# No two seats of a 2- to 6-seat table share an area.
AREAS = ("t", "tr", "tr", "r", "br", "br", "you", "bl", "bl", "l", "tl", "tl")
# The events after which a betting round's bets are in the pot.
ROUND_CLOSERS = ("draw", "reshuffle", "show", "win")


@dataclass(frozen=True)
class SeatInfo:
    """One seat as the felt draws it."""

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
    area: str = "you"
    drew_now: bool = False  # the latest draw happened since the learner's last decision
    to_pot: int = 0  # chips this seat's bet moved into the pot since the learner's last decision
    thrown: tuple[Card, ...] = ()  # the learner's own cards just thrown (shown leaving)
    received: tuple[Card, ...] = ()  # the learner's own cards just received (shown arriving)

    @property
    def backs(self) -> range:
        return range(self.card_count)

    @property
    def card_count_words(self) -> str:
        return f"{number_word(self.card_count)} card{'s' if self.card_count != 1 else ''}"

    @property
    def short_markers(self) -> tuple[tuple[str, str], ...]:
        """Each marker as (the chip's letters, the words a screen reader hears)."""
        return tuple((SHORT_MARKERS[m], m) for m in self.markers)

    @property
    def drew_words(self) -> str:
        if self.drew is None:
            return ""
        return f"drew {self.drew}" if self.drew else "stood pat"


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
    choices: list[Choice]
    max_discards: int
    learner_cards: tuple[Card, ...]
    latest_events: list[Event]
    latest_grade: GradedDecision | None
    shows_grades: bool
    state: dict[str, Any]
    pot_moved: bool = False
    to_call: int = 0

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
    def others(self) -> list[SeatInfo]:
        return [s for s in self.seats if not s.is_learner]

    @property
    def live_grade(self) -> GradedDecision | None:
        """The grade shown beside the action bar: the last decision's, in "as you play" mode."""
        if self.hand.coaching == COACH_LIVE and self.shows_grades:
            return self.latest_grade
        return None

    @property
    def price_words(self) -> str:
        """What the learner's turn costs or asks: the line under "Your turn"."""
        if not self.live.learner_to_act():
            return ""
        if self.live.phase == "draw":
            most = self.max_discards
            cards = "card" if most == 1 else "cards"
            return f"Tick up to {most} {cards} on the table to throw, or stand pat."
        pot = self.state["pot"]
        if self.to_call:
            return f"{self.to_call} to call; {pot} in the pot."
        return f"Checking is free; {pot} in the pot."

    @property
    def announcement(self) -> str:
        """The live region's words: the grade in full, what happened, your cards, your turn."""
        parts = []
        if self.live_grade is not None:
            parts.append(self.live_grade.spoken)
        parts += [e.text + "." for e in self.latest_events]
        you = self.learner
        if you.received:
            new = " and ".join(c.name for c in you.received)
            parts.append(f"Your new card{'s' if len(you.received) != 1 else ''}: {new}.")
        if self.live.learner_to_act() or (you.received and not self.live.is_over):
            parts.append("Your cards: " + ", ".join(c.name for c in self.learner_cards) + ".")
        if self.live.is_over:
            parts.append(f"The hand is over. {self.hand.result_words}")
        elif self.live.learner_to_act():
            parts.append(f"Your turn. {self.price_words}")
        return " ".join(p for p in parts if p)


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


def latest_start(live: LiveHand) -> int:
    """The index of the first event since the learner's last decision (0 before any)."""
    step = live.step
    if not step:
        return 0
    return next((i for i, e in enumerate(live.events) if e.step == step), len(live.events))


def bets_moved(events: Sequence[Event], since: int) -> dict[int, int]:
    """Each seat's bet of the betting round that closed since event ``since``, if one did.

    A round's bets stay in front of the seats until a draw, the showdown or
    the payout closes it; the felt then shows them moving to the pot.
    """
    round_bets: dict[int, int] = {}
    moved: dict[int, int] = {}
    for index, event in enumerate(events):
        if event.kind in ("post", "call", "bet", "raise") and event.amount is not None:
            round_bets[event.seat] = event.amount
        elif event.kind in ROUND_CLOSERS and round_bets:
            if index >= since:
                moved = dict(round_bets)
            round_bets = {}
    return moved


def build(hand: PlayedHand, live: LiveHand, grades: Sequence[GradedDecision]) -> TablePage:
    from play.hands import shows_grades

    state = live.public_state()
    markers = markers_of(live)
    count = live.settings.seats
    learner_seat = live.settings.learner_seat
    since = latest_start(live)
    latest = list(live.events[since:])
    drew_now = {e.seat for e in latest if e.kind == "draw"}
    moved = bets_moved(live.events, since)
    last_draw = live.learner_last_draw() if learner_seat in drew_now else None
    seats: list[SeatInfo] = []
    for row in state["seats"]:
        n = row["seat"]
        key = row["personality"]
        personality = PERSONALITIES[key] if key else None
        cards = tuple(parse_card(c["code"]) for c in row["cards"]) if row["cards"] else None
        mine = row["is_learner"] and last_draw is not None
        seats.append(
            SeatInfo(
                seat=n,
                name=row["name"],
                is_learner=row["is_learner"],
                personality=personality.name if personality else "",
                personality_text=personality.description if personality else "",
                stack=row["stack"],
                bet=row["bet"],
                in_pot=row["in_pot"],
                folded=row["folded"],
                all_in=row["all_in"],
                markers=markers.get(n, ()),
                to_act=state["to_act"] == n,
                card_count=row["card_count"],
                cards=cards,
                drew=row["drawn"][-1] if row["drawn"] else None,
                area=AREAS[table_place((n - learner_seat) % count, count)],
                drew_now=n in drew_now,
                to_pot=moved.get(n, 0),
                thrown=last_draw[0] if mine and last_draw else (),
                received=last_draw[1] if mine and last_draw else (),
            )
        )
    legal = live.legal_actions()
    choices = [Choice(a.kind, a.label, ACTION_KEYS[a.kind]) for a in legal if a.kind != "draw"]
    max_discards = next((a.max_discards for a in legal if a.kind == "draw"), 0)
    step = live.step
    graded = {g.step: g for g in grades}
    points = live.decision_points()
    to_call = points[-1].to_call if live.learner_to_act() and points else 0
    return TablePage(
        hand=hand,
        live=live,
        grades=grades,
        seats=seats,
        choices=choices,
        max_discards=max_discards,
        learner_cards=live.learner_cards,
        latest_events=latest,
        latest_grade=graded.get(step - 1) if step else None,
        shows_grades=shows_grades(hand),
        state=state,
        pot_moved=bool(moved),
        to_call=to_call,
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
