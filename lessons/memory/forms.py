"""The retention form on /progress/: each option labelled with its workload before saving."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from crispy_forms.helper import FormHelper
from django import forms

from lessons.memory.retention import CHOICES, Workload


def label(load: Workload) -> str:
    reviews = round(load.reviews_per_day, 1)
    minutes = round(load.minutes_per_day, 1)
    return (
        f"{load.percent}%: about {reviews:g} review{'s' * (reviews != 1)} "
        f"and {minutes:g} minute{'s' * (minutes != 1)} a day"
    )


class RetentionForm(forms.Form):
    retention = forms.TypedChoiceField(
        label="The chance of a right answer your reviews aim for",
        coerce=float,
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose one of the retentions offered.",
            "invalid_choice": "Choose one of the retentions offered (80%%, 85%%, 90%% or 95%%).",
        },
    )

    def __init__(self, *args: Any, workloads: Sequence[Workload] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        labels = {round(w.retention, 2): label(w) for w in workloads}
        field = self.fields["retention"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [
            (f"{value:.2f}", labels.get(round(value, 2), f"{round(value * 100)}%"))
            for value in CHOICES
        ]
        self.helper = FormHelper()
        self.helper.form_tag = False
