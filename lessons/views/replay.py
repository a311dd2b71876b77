"""The replayer: one deal, one step at a time, every step at its own URL.

``?step=N`` picks the step, so a learner can bookmark or share any moment of
a deal and the page works without JavaScript; htmx only swaps the table.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from evaluator import EvaluatorError
from evaluator.replay import Replay

from .models import Deal
from .replayer import ReplayPage, replay_history


class ReplayStepForm(forms.Form):
    """Reads ``?step=N`` and replays the deal's history through the engine.

    A history the engine refuses becomes a non-field error naming the
    illegal step and its line; a step that is not a number or not in the deal
    becomes an error on ``step``, and the page falls back to the first step.
    """

    step = forms.IntegerField(
        min_value=0,
        required=False,
        error_messages={
            "invalid": "The step must be a whole number, such as ?step=3.",
            "min_value": "Steps are numbered from 0, the deal itself.",
        },
    )

    def __init__(self, data, *, history: str) -> None:
        super().__init__(data)
        self.history = history
        self.replay: Replay | None = None

    def clean(self):
        cleaned = super().clean()
        try:
            self.replay = replay_history(self.history)
        except EvaluatorError as error:
            raise ValidationError(_refusal(error)) from None
        step = cleaned.get("step")
        last = len(self.replay.steps) - 1
        if step is not None and step > last:
            self.add_error("step", f"This deal has no step {step}: its steps run from 0 to {last}.")
        return cleaned

    @property
    def step_index(self) -> int:
        step = self.cleaned_data.get("step") if "step" not in self.errors else None
        return step or 0


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


@require_safe
def replay_deal(request: HttpRequest, slug: str) -> HttpResponse:
    deal = get_object_or_404(Deal.objects.published().exclude(history=""), slug=slug)
    form = ReplayStepForm(request.GET, history=deal.history)
    valid = form.is_valid()
    context = {"deal": deal, "form": form}
    if form.replay is not None:
        context["page"] = ReplayPage(form.replay, form.step_index)
    template = "lessons/replay.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#table"
        context["swap_status"] = True  # the partial also refreshes the live sentence
    return render(request, template, context, status=200 if valid or form.replay is None else 400)
