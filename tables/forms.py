"""The forms of live tables: opening one, joining a friend's with its code."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms

from evaluator import PROFILES
from lessons.classes.codes import normalise
from tables.models import MAX_SEATS
from tables.service import TableSpec


class OpenTableForm(forms.Form):
    """A new table: the game, the seats, the clock and whether the coach speaks during play."""

    name = forms.CharField(max_length=60, initial="Table 1")
    game = forms.ChoiceField(choices=[(k, p.name) for k, p in PROFILES.items()])
    seats = forms.IntegerField(
        min_value=2,
        max_value=MAX_SEATS,
        initial=4,
        help_text=f"2 to {MAX_SEATS} chairs.",
    )
    fill_with_computers = forms.BooleanField(
        required=False, label="Fill empty chairs with computer players"
    )
    clock_seconds = forms.IntegerField(
        min_value=5,
        max_value=600,
        initial=30,
        label="Seconds for each decision",
    )
    time_bank_seconds = forms.IntegerField(
        min_value=0,
        max_value=3600,
        initial=60,
        label="Time bank in seconds",
        help_text="Extra time each player may spend over the clock during a session.",
    )
    coach_live = forms.BooleanField(
        required=False,
        label="Coach as they play",
        help_text="Otherwise each player sees the coach's grades after the hand, privately.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.add_input(Submit("open", "Open the table"))

    def spec(self) -> TableSpec:
        d = self.cleaned_data
        return TableSpec(
            name=d["name"].strip() or "Table",
            game=d["game"],
            seats=d["seats"],
            fill_with_computers=d["fill_with_computers"],
            clock_seconds=d["clock_seconds"],
            time_bank_seconds=d["time_bank_seconds"],
            coach_live=d["coach_live"],
        )


class TableCodeForm(forms.Form):
    code = forms.CharField(
        max_length=20,
        label="The table's code",
        help_text="Eight letters and digits, from the friend who opened the table.",
        error_messages={"required": "Type the code your friend gave you."},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.add_input(Submit("join", "Join the table"))

    def clean_code(self) -> str:
        return normalise(self.cleaned_data["code"])


class MatchForm(OpenTableForm):
    """A same-deals match: several tables dealt the same hands, the chairs rotated."""

    tables = forms.IntegerField(
        min_value=2, max_value=10, initial=2, label="Tables", help_text="2 to 10 tables."
    )
    hands = forms.IntegerField(
        min_value=1, max_value=60, initial=6, label="Hands at each table", help_text="1 to 60."
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, prefix="match", **kwargs)
        self.fields["name"].initial = "Match 1"
        self.helper = FormHelper()
        self.helper.add_input(Submit("start", "Start the match"))
