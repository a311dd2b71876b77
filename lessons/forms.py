"""The site's forms: an exercise's answer, the Practice filter, the replayer's step.

The answer form is built from the deal's question parts: each kind in
``lessons.parts`` supplies its questions (a fieldset whose legend asks the
question, and its fields), and each fieldset is drawn by its kind's
template. Card toggles are real checkboxes (Space toggles them, the label is
the card's name), winners are checkboxes of seat names, payouts are whole
numbers from 0 to the pot, and raise or choice questions are radio buttons.
``clean()`` hands a complete answer to ``lessons.checking``, which asks the
evaluator.
"""

from __future__ import annotations

from dataclasses import dataclass

from crispy_forms.bootstrap import FieldWithButtons, StrictButton
from crispy_forms.helper import FormHelper
from crispy_forms.layout import Layout
from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.urls import reverse

from evaluator import EvaluatorError
from evaluator.replay import Replay

from . import parts
from .checking import PartResult, check
from .histories import replay_history
from .models import Deal, game_choices

# Re-exported: the tests and the page benchmark build posts with it.
card_value = parts.card_value


@dataclass(frozen=True)
class Fieldset:
    """One question of the form: a legend, the fields that answer it, the template drawing them."""

    id: str
    kind: str
    legend: str
    fields: list[forms.BoundField]
    template: str


class AnswerForm(forms.Form):
    def __init__(self, *args, deal: Deal, **kwargs):
        # The slug prefix keeps ids unique when a lesson page shows six forms.
        kwargs.setdefault("prefix", deal.slug)
        super().__init__(*args, **kwargs)
        self.deal = deal
        self.results: list[PartResult] = []
        self.questions = parts.questions(deal)
        for question in self.questions:
            self.fields.update(question.fields)

    # Using the form -----------------------------------------------------------

    @property
    def fieldsets(self) -> list[Fieldset]:
        return [
            Fieldset(
                f"{self.prefix}-{q.key}",
                q.kind,
                q.legend,
                [self[name] for name in q.fields],
                q.template,
            )
            for q in self.questions
        ]

    def clean(self):
        cleaned = super().clean()
        if self._errors:
            return cleaned  # check a complete answer only; the errors say what is missing
        try:
            self.results = check(self.deal, cleaned)
        except EvaluatorError as error:
            raise ValidationError(str(error)) from None
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
        """(fieldset id, question, message) for every problem, for the feedback list."""
        items = []
        for q in self.questions:
            for name in q.fields:
                for message in self.errors.get(name, []):
                    items.append((f"{self.prefix}-{q.key}", q.legend, message))
        for message in self.non_field_errors():
            items.append(("", "", message))
        return items

    @property
    def right_count(self) -> int:
        return sum(1 for r in self.results if r.ok)

    @property
    def all_right(self) -> bool:
        return bool(self.results) and all(r.ok for r in self.results)


class PracticeFilterForm(forms.Form):
    """``?game=...&page=N`` for the Practice list; crispy lays out the game filter.

    The page number is read here but not shown as a box: the list's page links
    set it, and choosing a game starts again from the first page.
    """

    game = forms.ChoiceField(
        required=False, choices=lambda: [("", "All games"), *game_choices()], label="Game"
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
