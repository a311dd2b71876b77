"""Guess before reveal: the replayer stops at chosen steps and asks first.

A learner studying one seat is asked, before the table shows it, what the
pot is after each bet, how many cards the engine would throw before the
seat's draw, which of the seat's cards count once it has drawn, and at the
showdown who wins each half and what every seat receives. Every answer is
checked against the engine: the pot is the replay's own state, the throw is
``evaluator.draw_equity`` through the discard part's own ``choices``, and
the reading, winners and payouts are the exercises' question parts asked of
the table as it stands at that step (``ReplayTable``), settled through
``SeatReadings.settle_table`` from the chips each seat put in, exactly as the
replay settles them. Each answer, or "Show me", is recorded as an
``Attempt`` of the drill kind ``replay`` and moves the skills
``lessons.skills.skills_for`` gives its part kind.

Where the learner is lives in the URL (``?step=N&study=K&guess=1&q=J``:
``J`` questions of step ``N`` are behind them), so reload and Back land on
the same question; only the verdict of the last answer is kept in the
session, to show it again after the redirect that follows a plain post.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.http import HttpRequest, QueryDict

from badacey_site.whole_numbers import read_whole_number
from evaluator import Card, EvaluatorError, GameProfile, Settlement, format_cards
from evaluator.deal import DealError
from evaluator.draw_equity import MAX_DRAW
from evaluator.replay import Replay, Step
from evaluator.replay.rake import take_rake
from evaluator.replay.sentences import unseen_showdown_text
from lessons.deals.parts import _drawing as drawing
from lessons.deals.parts.base import PartResult, SeatReadings
from lessons.exercises.forms import AnswerForm
from lessons.learners import progress
from lessons.models import Attempt

__all__ = ["DRILL_KIND", "GuessForm", "GuessState", "Question", "ReplayTable", "questions_at"]

DRILL_KIND = Attempt.REPLAY_QUIZ  # the Attempt.drill_kind of an answer given in the replayer
PREFIX = "guess"
FEEDBACK_KEY = "replay_guess_feedback"
# The pot question counts towards the fixed-limit bet sizes: working out the
# pot after a bet is adding the sizes the schedule allows, which is what the
# raise_to questions exercise (skills_for maps that kind to "raise-sizes").
POT_SKILL_PART = {"kind": "raise_to"}
POT, DISCARD, READING, SHOWDOWN = "pot", "discard", "reading", "showdown"
NUMBER_DIGITS = 9  # a pot of a billion chips is no answer to a replayed deal


@dataclass(frozen=True)
class Question:
    """One question the replayer asks at a step, before showing what the step did."""

    kind: str  # POT, DISCARD, READING or SHOWDOWN
    step: int
    seat: int | None = None  # the seat it is about, for the draw questions

    @property
    def shows_step_before(self) -> bool:
        """A pot or discard question is asked with the table as it was before the step."""
        return self.kind in (POT, DISCARD)


@dataclass
class ReplayTable(SeatReadings):
    """The table at one replay step dressed as a deal, so the question parts can be asked of it.

    Nothing is stored; the cards, folds and chips are the replay's own, and
    a settlement comes from ``settle_table`` with the chips put in, as the
    replayer's own results do.
    """

    replay: Replay
    cards: list[tuple[Card, ...]]
    seat_names: list[str]
    seat_folded: list[bool]
    parts: list[dict[str, Any]] = field(default_factory=list)
    put_in: list[int] | None = None
    slug: str = "replay"
    pot: int | None = None
    button: int = 0
    title: str = ""
    prompt: str = ""
    rake: int = 0  # what a card room kept before paying the showdown

    @property
    def game(self) -> str:  # type: ignore[override]
        return self.replay.profile.key

    @property
    def seats(self) -> list[dict[str, str]]:  # type: ignore[override]
        return [
            {"name": name, "cards": format_cards(cards)}
            for name, cards in zip(self.seat_names, self.cards, strict=True)
        ]

    @property
    def profile(self) -> GameProfile:
        return self.replay.profile

    @property
    def hands(self) -> list[tuple[Card, ...]]:
        # A folded seat whose cards nobody saw holds no hand; settle skips it.
        return [
            None if folded and not cards else cards  # type: ignore[misc]
            for cards, folded in zip(self.cards, self.seat_folded, strict=True)
        ]

    @property
    def folded(self) -> list[bool]:
        return self.seat_folded

    @property
    def chips_put_in(self) -> list[int] | None:
        return self.put_in

    @cached_property
    def _settled(self) -> Settlement:
        """The table's settlement after the room's rake, as the replay paid it."""
        settled = self.settle_table()
        if not self.rake:
            return settled
        raked, _ = take_rake(self.profile, settled, self.rake, DealError)
        return raked

    def settlement(self, game: str | None = None) -> Settlement:
        return self._settled if game in (None, self.game) else self.settle_table(game)


def _known(step: Step) -> bool:
    """Every hand still in at this step is face up (a folded seat's cards never count)."""
    return not any(seat.hidden and not seat.folded for seat in step.state.seats)


def questions_at(replay: Replay, index: int, study: int) -> list[Question]:
    """What the replayer asks at step ``index`` for a learner studying seat ``study``.

    Nothing asked may depend on a card nobody saw: the draw question needs
    only the studied seat's own cards (its chances, when the others are face
    down), and the showdown needs every hand still in, paid as the replay paid.
    """
    step = replay.steps[index]
    if step.kind == "action" and step.amount:
        return [Question(POT, index)]
    if step.kind == "draw" and step.actor == study and index > 0:
        before = replay.steps[index - 1]
        own = before.state.seats[study]
        asked = []
        if not own.hidden and sum(not s.folded for s in before.state.seats) >= 2:
            asked.append(Question(DISCARD, index, study))
        if "badugi" in replay.profile.awards and not step.state.seats[study].hidden:
            asked.append(Question(READING, index, study))
        return asked
    if step.kind == "showdown" and _known(step):
        question = Question(SHOWDOWN, index)
        try:
            paid = table_for(replay, question).settlement().payouts
        except EvaluatorError:
            return []
        # Dead money or a room's side pots the table alone cannot rebuild: not asked.
        return [question] if paid == replay.settlement.payouts else []
    return []


def own_chances_target(profile: GameProfile) -> str:
    """What a draw aims at when only the drawer's cards are known: every half of the game."""
    if len(profile.awards) > 1:
        return "both"
    return "badugi" if "badugi" in profile.awards else "low"


def table_for(replay: Replay, question: Question) -> ReplayTable:
    """The table a question is asked of, with the parts that check its answer."""
    step = replay.steps[question.step]
    button = replay.record.button
    if question.kind == DISCARD:
        # The hand before the draw against the others still in, as they stand.
        before = replay.steps[question.step - 1].state.seats
        assert question.seat is not None
        order = [question.seat] + [
            i for i, s in enumerate(before) if i != question.seat and not s.folded
        ]
        most = min(replay.profile.max_discard, MAX_DRAW)
        part: dict[str, Any] = {"kind": "discard", "seat": 0, "most": most, "model": "share"}
        if any(before[i].hidden for i in order):
            # The others' cards are face down: rate the throw by the drawer's own chances.
            order = [question.seat]
            part = {"kind": "discard", "seat": 0, "most": most}
            part["target"] = own_chances_target(replay.profile)
        return ReplayTable(
            replay,
            [before[i].cards for i in order],
            [before[i].name for i in order],
            [False] * len(order),
            parts=[part],
        )
    seats = step.state.seats
    table = ReplayTable(
        replay,
        [s.cards for s in seats],
        [s.name for s in seats],
        [s.folded for s in seats],
        button=button,
    )
    if question.kind == POT:
        # Only a fixed-limit pot is the schedule's sizes added up; a big-bet
        # hand's pot is table reading, which the pot_at kind counts towards.
        fixed = replay.profile.is_fixed_limit
        table.parts = [dict(POT_SKILL_PART) if fixed else {"kind": "pot_at"}]
    elif question.kind == READING:
        table.parts = [{"kind": "badugi_cards", "seat": question.seat}]
    else:
        table.parts = [{"kind": "winners"}, {"kind": "payouts"}]
        table.put_in = [row.total for row in replay.contributions.rows]
        table.rake = replay.rake
    return table


# The answer -------------------------------------------------------------------------


class GuessForm(forms.Form):
    """A number answer (the pot, or how many cards to throw), read as ASCII digits only."""

    # CharField refuses a NUL itself ("Null characters are not allowed.").
    answer = forms.CharField(
        required=False,
        max_length=40,
        strip=True,
        error_messages={"max_length": "That is far too long for a number of chips or cards."},
    )

    def __init__(self, *args: Any, highest: int, what: str, **kwargs: Any) -> None:
        kwargs["prefix"] = PREFIX
        super().__init__(*args, **kwargs)
        self.highest = highest
        self.what = what
        field = self.fields["answer"]
        field.label = what
        field.widget.attrs.update(
            {"inputmode": "numeric", "autocomplete": "off", "class": "form-control guess__number"}
        )

    def clean_answer(self) -> int:
        text = self.cleaned_data.get("answer", "")
        if not text:
            raise forms.ValidationError(
                "Type a whole number, or choose “Show me” to see the answer.", code="required"
            )
        value = read_whole_number(text, 0, 10**NUMBER_DIGITS)
        if value is None:
            raise forms.ValidationError(f"“{text[:12]}” is not a whole number of chips or cards.")
        if value > self.highest:
            raise forms.ValidationError(
                f"{value} is more than this answer can be: it is at most {self.highest}."
            )
        return value


@dataclass(frozen=True)
class Verdict:
    """What the learner is told about one answer: right or not, and why."""

    ok: bool
    heading: str
    message: str


@dataclass
class Asked:
    """A question as the page draws it: the form, and anything the learner got wrong."""

    question: Question
    table: ReplayTable
    legend: str
    number: GuessForm | None = None
    parts_form: AnswerForm | None = None
    problems: list[str] = field(default_factory=list)
    status: int = 200

    @property
    def typed(self) -> str:
        """What was typed in the number box, to show it again beside the problem."""
        if self.number is None or not self.number.is_bound:
            return ""
        text = self.number.data.get(self.number.add_prefix("answer"), "")
        return text.replace("\x00", "")[:40] if isinstance(text, str) else ""


def _pot_answer(replay: Replay, question: Question) -> int:
    return replay.steps[question.step].state.pot


def _pot_words(replay: Replay, pot: int) -> str:
    """The pot as the room wrote it, with the cents typed as the answer ("$3.36, 336 cents")."""
    money = replay.record.money
    if money is None:
        return str(pot)
    return f"{money.amount(pot)} ({pot} cents)" if money.cents else money.amount(pot)


def _discard_options(table: ReplayTable) -> tuple[tuple[tuple[Card, ...], Any], ...]:
    return drawing.choices(table.parts[0], table)


def right_counts(table: ReplayTable) -> set[int]:
    """How many cards the engine's best-share choices throw (ties may differ in count)."""
    options = _discard_options(table)
    best = options[0][1]
    return {len(throw) for throw, value in options if value == best}


def ask(replay: Replay, question: Question, data: QueryDict | None = None) -> Asked:
    """The question's form, bound to ``data`` when the learner has answered."""
    table = table_for(replay, question)
    step = replay.steps[question.step]
    if question.kind == POT:
        name = step.state.seats[step.actor].name if step.actor is not None else "The seat"
        money = replay.record.money
        in_cents = money is not None and money.cents
        legend = f"{name} has just put chips in. What is the pot now" + (
            f" (in cents: {money.amount(100)} is 100)?" if in_cents and money else "?"
        )
        top = sum(seat.stack or 0 for seat in step.state.seats) + sum(
            seat.in_total for seat in step.state.seats
        )
        unit = "cents" if in_cents else "chips"
        number = GuessForm(data, highest=max(top, step.state.pot), what=f"The pot, in {unit}")
        return Asked(question, table, legend, number=number)
    if question.kind == DISCARD:
        name = table.names[0]
        part = table.parts[0]
        most = part["most"]
        if part.get("model") == "share":
            legend = (
                f"Before {name} draws: how many cards (0 to {most}) would the engine throw for "
                f"{name}'s best expected share of the pot, if the others stood pat?"
            )
        else:
            aim = drawing.target_words(part, table)
            legend = (
                f"Before {name} draws (the other hands are face down): how many cards "
                f"(0 to {most}) would the engine throw for {name}'s best chance of {aim}?"
            )
        number = GuessForm(data, highest=most, what="Cards to throw")
        return Asked(question, table, legend, number=number)
    form = AnswerForm(data, deal=table, prefix=PREFIX)
    if question.kind == READING:
        name = table.names[question.seat or 0]
        legend = f"{name} has drawn. How does the hand read now?"
    else:
        legend = "Showdown: who wins each half, and what does each seat receive?"
    return Asked(question, table, legend, parts_form=form)


def check(asked: Asked) -> list[PartResult] | None:
    """The verdicts on a bound answer, or None when it cannot be checked (problems say why)."""
    question, table = asked.question, asked.table
    if asked.number is not None:
        form = asked.number
        if not form.is_valid():
            asked.problems = [str(e) for e in form.errors.get("answer", [])]
            # Letters or a huge number are a learner's typing; a NUL is no keyboard's.
            typed = str(form.data.get(form.add_prefix("answer"), ""))
            asked.status = 400 if "\x00" in typed else 200
            return None
        given = form.cleaned_data["answer"]
        part = table.parts[0]
        if question.kind == POT:
            pot = _pot_answer(table.replay, question)
            ok = given == pot
            said = _pot_words(table.replay, pot)
            message = (
                f"right: the pot is {said}."
                if ok
                else f"the pot is {said}, not {given}: add what every seat has put in so far."
            )
            return [PartResult(part, ok, message, "The pot", ("answer",), index=0)]
        counts = right_counts(table)
        options = _discard_options(table)
        best_throw, best = options[0]
        words = f"{drawing.throw_words(best_throw)} gives {drawing.value_words(part, best)}"
        if given in counts:
            message = f"right: the engine throws {given}; {words}."
        else:
            message = f"the engine throws {min(counts)}, not {given}: {words}."
        return [
            PartResult(part, given in counts, message, "The engine's throw", ("answer",), index=0)
        ]
    parts_form = asked.parts_form
    assert parts_form is not None
    parts_form.checked = True
    if not parts_form.is_valid():
        asked.problems = [message for _, _, message in parts_form.error_items()]
        asked.status = 400 if parts_form.is_malformed() else 200
        return None
    return list(parts_form.results)


def shown_results(table: ReplayTable) -> list[PartResult]:
    """ "Show me": every part counts as not answered right."""
    return [
        PartResult(
            part, False, "you chose “Show me”, so this counts as not yet known.", index=index
        )
        for index, part in enumerate(table.parts)
    ]


def right_answer(asked: Asked) -> str:
    """The engine's answer in words, shown after a wrong answer or "Show me"."""
    question, table = asked.question, asked.table
    if question.kind == POT:
        return f"The pot is {_pot_words(table.replay, _pot_answer(table.replay, question))}."
    if question.kind == DISCARD:
        options = _discard_options(table)
        throw, value = options[0]
        count = len(throw)
        return (
            f"The engine throws {count} ({drawing.throw_words(throw)}), for "
            f"{drawing.value_words(table.parts[0], value)}."
        )
    if question.kind == READING:
        seat = question.seat or 0
        value = table.profile.evaluator("badugi")(table.hands[seat])
        return f"The cards that count are {format_cards(value.cards)}: a {value.description}."
    settled = table.settlement()
    paid = ", ".join(
        f"{name} {chips}" for name, chips in zip(table.names, settled.payouts, strict=True)
    )
    return f"The table below shows each half's winner; the payouts are {paid}."


def record(
    request: HttpRequest, slug: str, asked: Asked, results: list[PartResult]
) -> list[Verdict]:
    """Store the answer as an Attempt (moving its skills) and say how it went."""
    question = asked.question
    correct = bool(results) and all(r.ok for r in results)
    progress.record_drill_attempt(
        request,
        DRILL_KIND,
        f"{slug}/{question.step}/{question.kind}"[:300],
        correct,
        parts=[r.ok for r in results],
        answer=progress.answer_data(request),
        table=asked.table,
        results=results,
    )
    return [Verdict(r.ok, r.heading, r.message) for r in results]


# Where the learner is ----------------------------------------------------------------


@dataclass
class GuessState:
    """Step ``index`` of a replay with ``done`` of its questions behind the learner."""

    replay: Replay
    path: str
    index: int
    study: int
    done: int

    @cached_property
    def questions(self) -> list[Question]:
        return questions_at(self.replay, self.index, self.study)

    @property
    def pending(self) -> Question | None:
        return self.questions[self.done] if self.done < len(self.questions) else None

    @property
    def display_index(self) -> int:
        """The step whose table is drawn: the one before, while its result is the question."""
        pending = self.pending
        return self.index - 1 if pending and pending.shows_step_before else self.index

    def url(self, index: int, done: int = 0) -> str:
        query = {"step": index, "study": self.study, "guess": 1}
        if done:
            query["q"] = done
        return f"{self.path}?{urlencode(query)}"

    @property
    def here(self) -> str:
        return self.url(self.index, self.done)

    @property
    def next_url(self) -> str | None:
        if self.pending is not None:
            return None
        last = len(self.replay.steps) - 1
        return self.url(self.index + 1) if self.index < last else None

    @property
    def previous_url(self) -> str | None:
        if self.index == 0:
            return None
        before = self.index - 1
        return self.url(before, len(questions_at(self.replay, before, self.study)))

    @property
    def after_answer_url(self) -> str:
        return self.url(self.index, self.done + 1)

    @property
    def leave_url(self) -> str:
        return f"{self.path}?{urlencode({'step': self.index, 'study': self.study})}"

    def text(self, step_text: str) -> str:
        """The live sentence while a question waits: nothing that gives its answer away."""
        pending = self.pending
        if pending is None:
            return step_text
        step = self.replay.steps[self.index]
        if pending.kind == POT:
            said = step.text.split(" The pot is ", 1)[0]
            return said if said.endswith(".") else f"{said}."
        if pending.kind == DISCARD:
            return f"{step.state.seats[self.study].name} is about to draw."
        if pending.kind == SHOWDOWN:
            return unseen_showdown_text()
        return step_text


def default_seat(replay: Replay) -> int:
    """The seat a guess link studies.

    A card room's hand shows one seat's cards from the start (the player the
    file belongs to): that seat. A deal with every hand known: the first
    seat still in at the end.
    """
    first = replay.steps[0].state.seats
    known = [i for i, seat in enumerate(first) if not seat.hidden]
    if known and len(known) < len(first):
        return known[0]
    last = replay.steps[-1].state.seats
    return next((i for i, seat in enumerate(last) if not seat.folded), 0)


@dataclass(frozen=True)
class PracticeLink:
    """A "practise this moment" link: guess mode opened at one step's question."""

    kind: str
    label: str
    url: str


_PRACTICE_LABELS = {
    POT: "Practise this bet: what is the pot once it is in?",
    DISCARD: "Practise this draw: how many cards would you throw?",
    READING: "Practise reading this hand after the draw",
    SHOWDOWN: "Practise this showdown: who wins each half, and the payouts",
}


def practice_links(replay: Replay, index: int, study: int, path: str) -> list[PracticeLink]:
    """The moments this step offers the learner's seat: only questions the quiz can ask.

    A bet asks the pot (the question ``questions_at`` asks after a bet), so
    the link opens the quiz at this step; each of them is built from what
    the studied seat could see, so every link offered works.
    """
    state = GuessState(replay, path, index, study, 0)
    return [
        PracticeLink(q.kind, _PRACTICE_LABELS[q.kind], state.url(index, done))
        for done, q in enumerate(state.questions)
    ]


def quiz_url(path: str, study: int) -> str:
    return f"{path}?{urlencode({'step': 0, 'study': study, 'guess': 1})}"


def keep_feedback(request: HttpRequest, url: str, verdicts: list[Verdict], answer: str) -> None:
    request.session[FEEDBACK_KEY] = {
        "url": url,
        "verdicts": [[v.ok, v.heading, v.message] for v in verdicts],
        "answer": answer,
    }


def feedback_for(request: HttpRequest, url: str) -> dict[str, Any] | None:
    """The last answer's verdict, when the page is the one that answer led to."""
    kept = request.session.get(FEEDBACK_KEY)
    if not isinstance(kept, dict) or kept.get("url") != url:
        return None
    try:
        verdicts = [Verdict(bool(ok), str(h), str(m)) for ok, h, m in kept.get("verdicts", [])]
    except (TypeError, ValueError):
        return None
    return {
        "verdicts": verdicts,
        "ok": bool(verdicts) and all(v.ok for v in verdicts),
        "answer": str(kept.get("answer", "")),
    }


class PlaceForm(forms.Form):
    """Reads ``?guess=1&q=J``: whether the replayer asks, and how many questions are done."""

    guess = forms.BooleanField(required=False)
    q = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=9,
        error_messages={
            "invalid": "The question number must be a whole number, such as &q=1.",
            "min_value": "Questions are counted from 0.",
            "max_value": "No step asks that many questions.",
        },
    )

    @property
    def on(self) -> bool:
        return bool(self.is_valid() and self.cleaned_data.get("guess")) or (
            not self.is_valid() and self.data.get("guess") in ("1", "on", "true")
        )

    @property
    def done(self) -> int:
        if not self.is_valid():
            return 0
        return self.cleaned_data.get("q") or 0
