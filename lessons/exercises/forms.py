"""The site's forms: an exercise's answer, the Practice filter, the replayer's step.

The answer form is built from the deal's question parts: each kind in
``lessons.deals.parts`` supplies its questions (a fieldset whose legend asks the
question, and its fields), and each fieldset is drawn by its kind's
template. Card toggles are real checkboxes (Space toggles them, the label is
the card's name), winners are checkboxes of seat names, payouts are whole
numbers from 0 to the pot, and raise or choice questions are radio buttons.
``clean()`` hands a complete answer to ``lessons.deals.parts``, which asks the
evaluator.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from crispy_forms.bootstrap import FieldWithButtons, StrictButton
from crispy_forms.helper import FormHelper
from crispy_forms.layout import Layout
from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.urls import reverse

from badacey_site.storable_text import refusal, unstorable_in_post
from badacey_site.whole_numbers import read_whole_number
from evaluator import EvaluatorError
from evaluator.drills import KINDS as DRILLS
from evaluator.replay import Replay
from lessons.deals import parts
from lessons.deals.histories import replay_history
from lessons.deals.parts import PartResult, check
from lessons.exercises.drill_links import DrillLink, drill_links
from lessons.models import Deal, game_choices

# Re-exported: the tests and the page benchmark build posts with it.
card_value = parts.card_value


@dataclass(frozen=True)
class Hint:
    number: int
    text: str


@dataclass(frozen=True)
class HintBox:
    """A part's hints: those shown so far, and the button for the next.

    ``field_name`` is the hidden input that carries the count into the
    answer's post, so the check knows how many hints were taken.
    """

    id: str
    part: int
    field_name: str
    about: str  # what the hints are for, for the button's spoken name
    shown: list[Hint]
    total: int

    @property
    def next(self) -> int | None:
        return len(self.shown) + 1 if len(self.shown) < self.total else None


@dataclass(frozen=True)
class Fieldset:
    """One question of the form: a legend, the fields that answer it, the template drawing them.

    After a check, ``messages`` are what is wrong with this question (shown
    beside it, under the legend) and ``invalid`` the names of the inputs to
    mark ``aria-invalid``; ``hints`` is set on the last fieldset of a part
    that has hints.
    """

    id: str
    kind: str
    legend: str
    fields: list[forms.BoundField]
    template: str
    messages: list[str] = field(default_factory=list)
    invalid: frozenset[str] = frozenset()
    hints: HintBox | None = None

    @property
    def error_id(self) -> str:
        return f"{self.id}-error"


def hint_key(index: int) -> str:
    return f"p{index}_hints"


class AnswerForm(forms.Form):
    """The answer to every part of a deal, plus how many hints each part took.

    ``checked`` is set by the view that checks the answer: only then are
    problems shown beside the questions. A form built to show a hint is
    unbound, filled with the learner's answer so far as ``initial``.
    """

    def __init__(self, *args, deal: parts.base.Table, **kwargs):
        # The slug prefix keeps ids unique when a lesson page shows six forms.
        kwargs.setdefault("prefix", deal.slug)
        super().__init__(*args, **kwargs)
        self.deal = deal
        self.checked = False
        self.results: list[PartResult] = []
        self.questions = parts.questions(deal)
        for question in self.questions:
            self.fields.update(question.fields)
        for index, hints in enumerate(self.part_hints):
            if hints:
                self.fields[hint_key(index)] = forms.IntegerField(
                    required=False,
                    min_value=0,
                    max_value=len(hints),
                    widget=forms.HiddenInput,
                    error_messages={
                        "invalid": "The count of hints taken was changed; reload the page.",
                        "min_value": "The count of hints taken was changed; reload the page.",
                        "max_value": "The count of hints taken was changed; reload the page.",
                    },
                )

    @cached_property
    def part_hints(self) -> list[list[str]]:
        return parts.hints(self.deal)

    # Using the form -----------------------------------------------------------

    def hints_shown(self, index: int) -> int:
        """How many of part ``index``'s hints the learner has seen (tampering reads as none)."""
        total = len(self.part_hints[index])
        raw = (
            self.data.get(self.add_prefix(hint_key(index)))
            if self.is_bound
            else self.initial.get(hint_key(index))
        )
        count = read_whole_number(raw or "0", 0, total) if isinstance(raw, str) else raw
        return count if isinstance(count, int) and 0 <= count <= total else 0

    def hint_box(self, index: int, legend: str = "") -> HintBox | None:
        hints = self.part_hints[index]
        if not hints:
            return None
        shown = [Hint(n, text) for n, text in enumerate(hints[: self.hints_shown(index)], 1)]
        return HintBox(
            f"{self.prefix}-p{index}-hints",
            index,
            self.add_prefix(hint_key(index)),
            legend,
            shown,
            len(hints),
        )

    @property
    def hints_taken(self) -> int:
        """Every hint the learner took before this answer, over all parts."""
        return sum(self.hints_shown(i) for i in range(len(self.deal.parts)))

    @property
    def fieldsets(self) -> list[Fieldset]:
        problems: dict[str, list[str]] = {}
        invalid: set[str] = set()
        if self.checked:
            for name, errors in self.errors.items():
                if name in self.fields:
                    problems.setdefault(name, []).extend(str(e) for e in errors)
                    invalid.add(name)
            for result in self.results:
                if not result.ok:
                    invalid.update(result.fields)
        last_of_part = {q.part: q.key for q in self.questions}
        fieldsets = []
        for q in self.questions:
            fieldset_id = f"{self.prefix}-{q.key}"
            messages = [m for name in q.fields for m in problems.get(name, [])]
            messages += [
                r.message[:1].upper() + r.message[1:]
                for r in self.results
                if self.checked and not r.ok and set(r.fields) & set(q.fields)
            ]
            marked = frozenset(self.add_prefix(n) for n in q.fields if n in invalid)
            for name in q.fields:
                if name in invalid:
                    self.fields[name].widget.attrs.update(
                        {"aria-invalid": "true", "aria-describedby": f"{fieldset_id}-error"}
                    )
            hints = self.hint_box(q.part, q.legend) if last_of_part[q.part] == q.key else None
            fieldsets.append(
                Fieldset(
                    fieldset_id,
                    q.kind,
                    q.legend,
                    [self[name] for name in q.fields],
                    q.template,
                    messages,
                    marked,
                    hints,
                )
            )
        return fieldsets

    def clean(self):
        cleaned = super().clean()
        if problem := unstorable_in_post(self.data):  # the whole post is stored with the attempt
            raise ValidationError(refusal(problem, "Your answer"), code="unstorable")
        if self._errors:
            return cleaned  # check a complete answer only; the errors say what is missing
        try:
            results = check(self.deal, cleaned)
        except EvaluatorError as error:
            raise ValidationError(str(error)) from None
        self.results = [replace(r, hints=cleaned.get(hint_key(r.index)) or 0) for r in results]
        return cleaned

    def is_malformed(self) -> bool:
        """True when the post is not just incomplete but unreadable or tampered with.

        A missing answer is an ordinary learner mistake; letters in a payout,
        a payout larger than the pot or a card that is not in the hand cannot
        come from the form as served.
        """
        return any(
            error.code != "required"
            for errors in self.errors.as_data().values()
            for error in errors
        )

    def error_items(self) -> list[tuple[str, str, str]]:
        """(input id, question, message) for every problem, for the error summary.

        Each link goes to the first input of its question, as the GOV.UK
        error summary does, so following it puts the learner on the field.
        """
        items = []
        for q in self.questions:
            for name in q.fields:
                for message in self.errors.get(name, []):
                    items.append((self.first_input_id(name), q.legend, message))
        for index, hints in enumerate(self.part_hints):
            for message in self.errors.get(hint_key(index), []) if hints else []:
                items.append(("", "", message))
        for message in self.non_field_errors():
            items.append(("", "", message))
        return items

    def first_input_id(self, name: str) -> str:
        """The id of a field's first input: a group of options starts at its "_0"."""
        bound = self[name]
        widget = self.fields[name].widget
        if isinstance(widget, forms.RadioSelect | forms.CheckboxSelectMultiple):
            return f"{bound.auto_id}_0"
        return bound.auto_id

    def wrong_items(self) -> list[tuple[PartResult, str]]:
        """Each verdict with the id of the first input it marks (none when right)."""
        return [
            (r, self.first_input_id(r.fields[0]) if r.fields and not r.ok else "")
            for r in self.results
        ]

    def feedback_items(self) -> list[tuple[PartResult, str, DrillLink | None]]:
        """``wrong_items`` with the drill for each skill the wrong verdicts missed, once each."""
        links = drill_links(self.deal, self.results)
        return [
            (r, input_id, link)
            for (r, input_id), link in zip(self.wrong_items(), links, strict=True)
        ]

    @property
    def right_count(self) -> int:
        return sum(1 for r in self.results if r.ok)

    @property
    def all_right(self) -> bool:
        return bool(self.results) and all(r.ok for r in self.results)


class HintRequestForm(forms.Form):
    """A hint button's post: which part, and the answer so far to keep on the page.

    Reads the part asked about and the count already shown, bounded by the
    part's hints; the answer's own fields are passed through as they were
    typed (they are not checked until the learner asks for a check).
    """

    hint = forms.IntegerField(
        min_value=0,
        error_messages={
            "required": "Say which question the hint is for.",
            "invalid": "The hint must name a question by its number.",
            "min_value": "The hint must name a question by its number.",
        },
    )

    def __init__(self, data, *, deal: parts.base.Table, prefix: str = "") -> None:
        # An exercise's answer is prefixed by its slug; a drill item's by "drill".
        super().__init__(data)
        self.deal = deal
        self.answer = AnswerForm(data, deal=deal, prefix=prefix or deal.slug)

    def clean(self):
        cleaned = super().clean()
        index = cleaned.get("hint")
        if index is None:
            return cleaned
        if index >= len(self.deal.parts) or not self.answer.part_hints[index]:
            raise ValidationError("There are no hints for that question.")
        name = self.answer.add_prefix(hint_key(index))
        raw = self.data.get(name, "0") or "0"
        total = len(self.answer.part_hints[index])
        shown = read_whole_number(raw, 0, total)
        if shown is None:
            raise ValidationError("The count of hints taken was changed; reload the page.")
        cleaned["shown"] = min(shown + 1, total)
        return cleaned

    def answer_so_far(self) -> dict:
        """The answer's fields as ``initial`` for an unbound form, with one more hint shown."""
        answer = self.answer
        initial: dict = {}
        for name, form_field in answer.fields.items():
            key = answer.add_prefix(name)
            if isinstance(form_field, forms.MultipleChoiceField):
                initial[name] = self.data.getlist(key)
            elif key in self.data:
                initial[name] = self.data.get(key)
        initial[hint_key(self.cleaned_data["hint"])] = self.cleaned_data["shown"]
        return initial

    def answer_with_hint(self) -> tuple[AnswerForm, HintBox]:
        """The answer form to show again (the answer so far, one more hint) and that part's box.

        Exercises and drills both draw the page, or the htmx reply, from these.
        """
        index = self.cleaned_data["hint"]
        form = AnswerForm(deal=self.deal, initial=self.answer_so_far(), prefix=self.answer.prefix)
        box = form.hint_box(index, next(q.legend for q in form.questions if q.part == index))
        assert box is not None  # clean() has checked that the part has hints
        return form, box

    def refusal(self) -> str:
        """Every reason the request was refused, as one message for the 400."""
        return " ".join(str(e) for errors in self.errors.values() for e in errors)


def offered_games() -> list[tuple[str, str]]:
    """The games with something to practise: a published practice deal or a drill."""
    with_deals = set(Deal.objects.published().practice().values_list("game", flat=True))
    with_drills = {game for drill in DRILLS.values() for game in drill.games}
    return [(key, name) for key, name in game_choices() if key in with_deals | with_drills]


class PracticeFilterForm(forms.Form):
    """``?game=...&page=N`` for the Practice list; crispy lays out the game filter.

    The page number is read here but not shown as a box: the list's page links
    set it, and choosing a game starts again from the first page.
    """

    game = forms.ChoiceField(
        required=False, choices=lambda: [("", "All games"), *offered_games()], label="Game"
    )
    page = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=100_000,
        error_messages={
            "invalid": "The page must be a whole number, such as ?page=2.",
            "min_value": "Pages are numbered from 1.",
            "max_value": "There is no page that far on.",
        },
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        url = reverse("lessons:practice")
        self.helper = FormHelper()
        self.helper.form_method = "get"
        self.helper.form_action = url
        self.helper.form_class = "practice__filter"
        # Errors go in the list below (the part htmx swaps), not beside the select.
        self.helper.form_show_errors = False
        self.helper.attrs = {
            # hx-get: refilter in place; without JavaScript the form is a plain GET.
            "hx-get": url,
            # hx-target: only the list changes, so focus stays on the select.
            "hx-target": "#deal-list",
            # hx-push-url: the filtered list keeps a URL that can be shared or reloaded.
            "hx-push-url": "true",
        }
        self.helper.layout = Layout(
            FieldWithButtons("game", StrictButton("Show", type="submit", css_class="btn-primary"))
        )


class ReplayStepForm(forms.Form):
    """Reads ``?step=N`` and replays the deal's history through the engine.

    A history the engine refuses becomes a non-field error naming the
    illegal step and its line; a step that is not a number or not in the deal
    becomes an error on ``step``, and the page falls back to the first step.
    The step is bounded by the deal's step count before anything reads it.
    """

    step = forms.IntegerField(
        min_value=0,
        required=False,
        error_messages={
            "invalid": "The step must be a whole number, such as ?step=3.",
            "min_value": "Steps are numbered from 0, the deal itself.",
        },
    )

    study = forms.IntegerField(
        min_value=0,
        required=False,
        error_messages={
            "invalid": "The seat to study from must be a seat number, such as ?study=0.",
            "min_value": "Seats are numbered from 0.",
        },
    )

    def __init__(self, data, *, history: str) -> None:
        super().__init__(data)
        self.history = history
        self.replay: Replay | None = None
        self.refusal: str | None = None
        try:
            self.replay = replay_history(history)
        except EvaluatorError as error:
            self.refusal = _refusal(error)
            return
        last = len(self.replay.steps) - 1
        step = self.fields["step"]
        step.max_value = last
        step.validators.append(
            MaxValueValidator(last, f"This deal has no such step: its steps run from 0 to {last}.")
        )
        seats = len(self.replay.record.seats)
        self.fields["study"].validators.append(
            MaxValueValidator(
                seats - 1, f"This deal has no such seat: its seats run from 0 to {seats - 1}."
            )
        )

    def clean(self):
        cleaned = super().clean()
        if self.refusal is not None:
            raise ValidationError(self.refusal)
        return cleaned

    @property
    def step_index(self) -> int:
        step = self.cleaned_data.get("step") if "step" not in self.errors else None
        return step or 0

    @property
    def study_seat(self) -> int | None:
        """The seat whose cards stay face up in study mode; None shows every hand."""
        return _study_seat(self)


def _refusal(error: EvaluatorError) -> str:
    """Which step is illegal and why, with the history line a teacher should fix."""
    step, line = getattr(error, "step", None), getattr(error, "line", None)
    problem = getattr(error, "problem", str(error)).rstrip(".")
    where = []
    if step is not None:
        where.append(f"step {step} is illegal")
    if line is not None:
        where.append(f"line {line} of the history")
    place = " (".join(where) + (")" if len(where) == 2 else "")
    place = place[:1].upper() + place[1:]
    return f"{place}: {problem}." if place else f"{problem[:1].upper()}{problem[1:]}."


def _study_seat(form: ReplayStepForm) -> int | None:
    """The seat a learner studies from, or None to see every hand (and when it is bad)."""
    if "study" in form.errors or not hasattr(form, "cleaned_data"):
        return None
    return form.cleaned_data.get("study")
