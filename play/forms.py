"""The study table's forms: choosing a table, and one action at it.

The forms only read what was posted; whether an action is allowed is the
engine's question (``IllegalAction`` says why), asked in ``play.hands``.
"""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.urls import reverse

from evaluator import PROFILES, EvaluatorError
from evaluator.cards import Card, parse_card
from evaluator.play import PERSONALITIES, Action, TableSettings
from evaluator.play.table import DEFAULT_SEATS, MAX_SEATS, MIN_SEATS, SEAT_NAMES
from play.models import COACH_LIVE, COACHING_CHOICES

DEFAULT_STYLES = ("solid", "caller", "aggressor")
MOST_THROWN = 5  # no game throws more; the engine checks the game's own limit


def _default_style(seat: int) -> str:
    return DEFAULT_STYLES[(seat - 1) % len(DEFAULT_STYLES)]


def personality_choices() -> list[tuple[str, str]]:
    return [(p.key, f"{p.name}: {p.description}") for p in PERSONALITIES.values()]


class StartForm(forms.Form):
    """A table: the game, how many seats, each computer player's style, the coaching."""

    game = forms.ChoiceField(
        label="Game",
        choices=[(key, profile.name) for key, profile in PROFILES.items()],
        initial="badacey",
    )
    seats = forms.TypedChoiceField(
        label="Players at the table, you included",
        choices=[(n, str(n)) for n in range(MIN_SEATS, MAX_SEATS + 1)],
        coerce=int,
        initial=DEFAULT_SEATS,
    )
    coaching = forms.ChoiceField(
        label="Coaching",
        choices=COACHING_CHOICES,
        initial=COACH_LIVE,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for n in range(1, MAX_SEATS):
            self.fields[f"seat_{n}"] = forms.ChoiceField(
                label=f"{SEAT_NAMES[n]} (seat {n + 1}) plays as",
                choices=personality_choices(),
                initial=_default_style(n),
                required=False,  # a seat the table does not have needs no answer
                help_text="Used when the table has this many seats." if n >= 2 else "",
            )
        self.helper = FormHelper()
        self.helper.form_method = "post"
        self.helper.form_action = reverse("play:start")
        self.helper.add_input(Submit("start", "Deal me in"))

    def table(self, seed: int) -> TableSettings:
        """The settings of the chosen table; call after ``is_valid``."""
        data = self.cleaned_data
        count = data["seats"]
        styles = tuple(data.get(f"seat_{n}") or _default_style(n) for n in range(1, count))
        return TableSettings.default(data["game"], seed, personalities=styles)


class ActForm(forms.Form):
    """One post from the table: the step it answers, the action and any cards thrown."""

    step = forms.IntegerField(
        min_value=0,
        error_messages={
            "required": "The form lost track of the hand: reload the table and act again.",
            "invalid": "The step must be a whole number.",
        },
    )
    action = forms.ChoiceField(
        choices=[(k, k) for k in ("fold", "check", "call", "bet", "raise", "draw", "pat")],
        error_messages={
            "required": "Choose an action: fold, check, call, bet, raise, or draw.",
            "invalid_choice": "'%(value)s' is not an action at this table: "
            "fold, check, call, bet, raise or draw.",
        },
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        codes = self.data.getlist("throw") if hasattr(self.data, "getlist") else []
        if len(codes) > MOST_THROWN:
            raise forms.ValidationError(f"No game throws more than {MOST_THROWN} cards.")
        cards: list[Card] = []
        for code in codes:
            try:
                cards.append(parse_card(str(code)[:10]))
            except EvaluatorError as error:
                raise forms.ValidationError(f"{str(error)[:1].upper()}{str(error)[1:]}.") from None
        data["throw"] = tuple(cards)
        return data

    def play_action(self) -> Action:
        """The engine's action; "pat" is a draw of no cards, whatever was ticked."""
        kind = self.cleaned_data["action"]
        if kind == "pat":
            return Action("draw", ())
        if kind == "draw":
            return Action("draw", self.cleaned_data["throw"])
        return Action(kind, self.cleaned_data["throw"])


def first_error(form: forms.Form) -> str:
    for errors in form.errors.values():
        for error in errors:
            return str(error)
    return "That post could not be read."


class QueueForm(forms.Form):
    """Add a decision to the review queue, or take it out again."""

    remove = forms.BooleanField(required=False)
