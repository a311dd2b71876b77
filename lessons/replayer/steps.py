"""What the replayer page shows at one step, shaped from the engine's own replay.

The engine already snapshots the whole table at every step, so this module
only chooses what a learner should see: who holds the button and blinds,
which seat just drew what, how each live hand reads right now and, at the
end, the lesson's tables. Nothing here adds or compares chips or cards
itself; every number and verdict is read off ``Replay``. The history is
parsed and replayed by ``lessons.deals.histories`` (``replay_history`` is
re-exported here for the page benchmark).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from evaluator import Card
from evaluator.money import Money
from evaluator.replay import Replay, Step
from evaluator.replay.sentences import unseen_draw_text, unseen_showdown_text
from evaluator.values import BadugiValue, LowValue
from lessons.deals.histories import replay_history
from lessons.deals.readings import Reading, ValueCell, read, value_cell
from lessons.replayer.replay_chart import Chart, contribution_chart
from lessons.templatetags.cards import spoken

__all__ = ["FINAL_KINDS", "ReplayPage", "SeatView", "replay_history"]

FINAL_KINDS = ("showdown", "payout")

# The table is drawn with twelve places around the oval, numbered like a
# clock face; seat 0 sits at six o'clock and the rest follow clockwise.
TABLE_PLACES = 12
SHORT_MARKERS = {"button": "D", "small blind": "SB", "big blind": "BB"}


def table_place(seat: int, seats: int) -> int:
    """The clock position (0-11) of a seat, spreading any number of seats evenly."""
    return (TABLE_PLACES // 2 + round(seat * TABLE_PLACES / seats)) % TABLE_PLACES


def _read(values: dict[str, LowValue | BadugiValue]) -> tuple[list[ValueCell], tuple]:
    """Each award's reading of a live hand, and the Badugi cards that count."""
    cells = [value_cell(kind, value) for kind, value in values.items()]
    return cells, next((cell.counting for cell in cells if cell.counting), ())


@dataclass(frozen=True)
class SeatView:
    name: str
    markers: tuple[str, ...]  # "button", "small blind", "big blind", as words
    stack: int | None
    in_round: int
    in_total: int
    cards: tuple[Card, ...]
    folded: bool
    to_act: bool
    acted: bool  # the seat this step is about
    drew: int | None  # cards replaced in the current draw, None before the seat draws
    drawn: tuple[Card, ...]
    discarded: tuple[Card, ...]
    reads: list[ValueCell]
    counting: tuple[Card, ...]
    place: int = 0  # clock position at the drawn table
    face_down: bool = False  # study mode hides this seat's cards until the showdown
    moved: bool = False  # this seat's chips changed at this step
    cards_changed: bool = False  # this seat's cards changed at this step
    hidden: int = 0  # cards nobody saw (a card room's history): shown as card backs

    @property
    def backs(self) -> range:
        return range(self.hidden)

    @property
    def short_markers(self) -> tuple[str, ...]:
        return tuple(SHORT_MARKERS[m] for m in self.markers)


class ReplayPage:
    """One step of a replay, with everything the table partial reads."""

    def __init__(self, result: Replay, index: int, study: int | None = None) -> None:
        self.replay = result
        self.index = index
        self.step: Step = result.steps[index]
        self.last = len(result.steps) - 1
        self.study = study
        # Guess mode (lessons.replayer.guess) hides what a waiting question asks about.
        self.concealed: frozenset[int] = frozenset()  # seats whose reads wait for an answer
        self.results_hidden = False  # the showdown's tables wait for the showdown question
        self.guess_text: str | None = None  # the live sentence, without the answer in it

    @property
    def query(self) -> str:
        """What every step link carries besides ``step``, so study mode survives a click."""
        return "" if self.study is None else f"&study={self.study}"

    def text_for(self, step: Step) -> str:
        """The step's sentence; in study mode, until the showdown, another seat's
        draw says how many cards and the showdown's own sentence waits."""
        if self.study is None or self.is_final:
            return step.text
        if step.kind == "showdown":
            return unseen_showdown_text()
        if step.kind == "draw" and step.actor is not None and step.actor != self.study:
            seat = step.state.seats[step.actor]
            return unseen_draw_text(seat.name, len(seat.discarded))
        return step.text

    @property
    def text(self) -> str:
        return self.guess_text if self.guess_text is not None else self.text_for(self.step)

    @property
    def shows_results(self) -> bool:
        return self.is_final and not self.results_hidden

    @cached_property
    def step_texts(self) -> list[tuple[int, str]]:
        return [(step.index, self.text_for(step)) for step in self.steps]

    def step_list(self, path: str) -> SafeString:
        """The "every step" list's items, built here rather than by a template loop:
        it is most of a step's markup and the replayer step has a 30 ms budget."""
        items = []
        for index, text in self.step_texts:
            url = f"{path}?step={index}{self.query}"
            current = mark_safe(' aria-current="step"') if index == self.index else ""
            items.append(
                format_html(
                    '<li><a href="{}" hx-get="{}" data-replay-control="step-{}"{}>{}</a></li>',
                    url,
                    url,
                    index,
                    current,
                    spoken(text),
                )
            )
        return mark_safe("\n".join(items))

    @property
    def money(self) -> Money | None:
        """A card room's units for the amounts (cents shown as dollars), or None for chips."""
        return self.replay.record.money

    @property
    def study_name(self) -> str | None:
        return None if self.study is None else self.state.seats[self.study].name

    @property
    def draws_to_come(self) -> int:
        """Draws not yet begun: a draw under way no longer counts as still to come."""
        return self.state.draws_left - (1 if self.draw_number is not None else 0)

    @cached_property
    def jumps(self) -> list[tuple[str, int, bool]]:
        """(label, first step, whether this step is in it) for every round and draw."""
        starts: list[tuple[str, int]] = []
        for step in self.steps:
            if not starts or step.state.street != self.steps[starts[-1][1]].state.street:
                starts.append((step.state.street, step.index))
        spans = []
        for n, (street, first) in enumerate(starts):
            end = starts[n + 1][1] if n + 1 < len(starts) else self.last + 1
            spans.append((street[:1].upper() + street[1:], first, first <= self.index < end))
        return spans

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.replay.steps

    @property
    def previous(self) -> int | None:
        return self.index - 1 if self.index > 0 else None

    @property
    def next(self) -> int | None:
        return self.index + 1 if self.index < self.last else None

    @property
    def is_final(self) -> bool:
        return self.step.kind in FINAL_KINDS

    @property
    def state(self):
        return self.step.state

    @property
    def to_act_name(self) -> str | None:
        to_act = self.state.to_act
        return None if to_act is None else self.state.seats[to_act].name

    @cached_property
    def draw_number(self) -> int | None:
        """Which draw is under way (or just ended) at this step, if any."""
        if not self.state.street.startswith("draw"):
            return None
        ended = sum(
            1
            for step in self.steps[: self.index]
            if step.kind == "round_end" and step.action == "draw"
        )
        return ended + 1

    @cached_property
    def blinds(self) -> dict[int, str]:
        return {
            step.actor: step.action
            for step in self.steps
            if step.kind == "post" and step.action in ("small blind", "big blind")
        }

    @cached_property
    def seats(self) -> list[SeatView]:
        reads = self._reads()
        button = self.replay.record.button
        draw = self.draw_number
        before = self.steps[self.index - 1].state.seats if self.index else None
        hiding = self.study is not None and not self.is_final
        count = len(self.state.seats)
        views = []
        for i, seat in enumerate(self.state.seats):
            markers = (["button"] if i == button else []) + (
                [self.blinds[i]] if i in self.blinds else []
            )
            drew_now = draw is not None and len(seat.draws) == draw
            unseen = seat.hidden_draws[-1] if drew_now and seat.hidden_draws else 0
            rows, counting = _read(reads[i]) if reads[i] is not None else ([], ())
            views.append(
                SeatView(
                    name=seat.name,
                    markers=tuple(markers),
                    stack=seat.stack,
                    in_round=seat.in_round,
                    in_total=seat.in_total,
                    cards=seat.cards,
                    folded=seat.folded,
                    to_act=i == self.state.to_act,
                    acted=i == self.step.actor,
                    drew=(unseen or len(seat.discarded)) if drew_now else None,
                    drawn=seat.received if drew_now else (),
                    discarded=seat.discarded if drew_now else (),
                    reads=[] if (hiding and i != self.study) or i in self.concealed else rows,
                    counting=()
                    if (hiding and i != self.study) or i in self.concealed
                    else counting,
                    place=table_place(i, count),
                    face_down=hiding and i != self.study,
                    moved=before is not None and before[i].in_total != seat.in_total,
                    cards_changed=before is not None and before[i].cards != seat.cards,
                    hidden=seat.hidden,
                )
            )
        return views

    def _reads(self) -> list:
        """Each live hand's values; a hand with a card nobody saw has none yet.

        ``Replay.reads`` reads every live seat, and a card room's history
        leaves most seats face down until the showdown, so those are skipped.
        """
        seats = self.state.seats
        if not any(seat.hidden for seat in seats):
            return list(self.replay.reads(self.step))
        profile = self.replay.profile
        return [
            None if seat.folded or seat.hidden else profile.evaluate(seat.cards) for seat in seats
        ]

    @cached_property
    def round_pots(self) -> list[tuple[str, int]]:
        """The pot at the end of each betting round reached so far."""
        return [
            (step.state.street, step.state.pot)
            for step in self.steps[: self.index + 1]
            if step.kind == "round_end" and step.action == "betting"
        ]

    # The lesson's tables, shown from the showdown on --------------------------

    @cached_property
    def reading(self) -> Reading:
        """Each remaining hand's values, who takes each award, and the payouts."""
        return replace(read(self.replay.settlement), money=self.money)

    @property
    def contributions(self):
        return self.replay.contributions

    @property
    def ledger(self):
        return self.replay.ledger

    @cached_property
    def chart(self) -> Chart:
        return contribution_chart(self.replay.contributions)
