"""The site's forms: an exercise's answer, the Practice filter, the replayer's step.

The answer form is built from the deal's question parts. Each part becomes a
fieldset whose legend asks the question: card toggles are real checkboxes
(Space toggles them, the label is the card's name), winners are checkboxes of
seat names, payouts are whole numbers, and raise or choice questions are
radio buttons. ``clean()`` hands a complete answer to
``lessons.checking``, which asks the evaluator.
"""

from __future__ import annotations

from dataclasses import dataclass

from crispy_forms.bootstrap import FieldWithButtons, StrictButton
from crispy_forms.helper import FormHelper
from crispy_forms.layout import Layout
from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse

from evaluator import EvaluatorError, parse_card
from evaluator.replay import Replay

from .checking import (
    PartResult,
    answer_key,
    award_title,
    check,
    payouts_legend,
    raise_legend,
    winners_legend,
)
from .models import Deal, game_choices
from .replayer import replay_history


@dataclass(frozen=True)
class Fieldset:
    """One question of the form: a legend and the fields that answer it."""

    id: str
    kind: str
    legend: str
    fields: list[forms.BoundField]


def card_value(card) -> str:
    """ASCII form values ("10s"), so a post never depends on suit symbols surviving."""
    return f"{card.rank_text}{card.suit}"


class DistinctChoicesField(forms.TypedMultipleChoiceField):
    """Checkboxes whose values may each be sent once.

    The form as served cannot send a value twice, so a repeat is a tampered
    post (a 400), not a learner's mistake to explain.
    """

    def validate(self, value: list) -> None:
        super().validate(value)
        if len(set(value)) != len(value):
            raise forms.ValidationError(
                "The same choice was sent twice; reload the page and answer again.",
                code="repeated",
            )


class AnswerForm(forms.Form):
    def __init__(self, *args, deal: Deal, **kwargs):
        # The slug prefix keeps ids unique when a lesson page shows six forms.
        kwargs.setdefault("prefix", deal.slug)
        super().__init__(*args, **kwargs)
        self.deal = deal
        self.results: list[PartResult] = []
        self._fieldsets: list[tuple[str, str, str, list[str]]] = []
        profile = deal.profile
        hands = deal.hands
        for index, part in enumerate(deal.parts):
            add = getattr(self, f"_add_{part['kind']}")
            add(index, part, profile, hands)

    # Building the fields --------------------------------------------------------

    def _fieldset(self, index: int, kind: str, legend: str, names: list[str]) -> None:
        self._fieldsets.append((f"{self.prefix}-{answer_key(index)}", kind, legend, names))

    def _add_badugi_cards(self, index, part, profile, hands) -> None:
        seat = part["seat"]
        name = self.deal.names[seat]
        key = answer_key(index, "cards")
        self.fields[key] = DistinctChoicesField(
            choices=[(card_value(card), card) for card in hands[seat]],
            coerce=parse_card,
            widget=forms.CheckboxSelectMultiple,
            label=f"{name}'s Badugi cards",
            error_messages={
                "required": f"Choose the cards that count in {name}'s Badugi.",
                "invalid_choice": f"%(value)s is not one of {name}'s cards.",
            },
        )
        self._fieldset(index, "cards", f"Which of {name}'s cards count in the Badugi?", [key])

    def _add_winners(self, index, part, profile, hands) -> None:
        game = part.get("game")
        reading = self.deal.profile_for(game)
        seats = [(str(s), name) for s, name in enumerate(self.deal.names)]
        for kind in reading.awards:
            key = answer_key(index, kind)
            title = award_title(reading, kind, self.deal.pot, game)
            self.fields[key] = DistinctChoicesField(
                choices=seats,
                coerce=int,
                widget=forms.CheckboxSelectMultiple,
                label=winners_legend(title),
                error_messages={
                    "required": f"Choose who wins {title} (tick every player who shares it).",
                    "invalid_choice": "%(value)s is not a player in this deal.",
                },
            )
            fieldset_id = f"{self.prefix}-{key}"
            self._fieldsets.append((fieldset_id, "winners", winners_legend(title), [key]))

    def _add_payouts(self, index, part, profile, hands) -> None:
        names = []
        for seat, name in enumerate(self.deal.names):
            key = answer_key(index, "seat", seat)
            self.fields[key] = forms.IntegerField(
                min_value=0,
                label=f"{name}'s payout",
                error_messages={
                    "required": f"Enter {name}'s payout (0 if {name} receives nothing).",
                    "invalid": f"Enter a whole number of chips for {name}.",
                    "min_value": f"{name}'s payout cannot be negative.",
                },
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "form-control"}),
            )
            names.append(key)
        self._fieldset(index, "payouts", payouts_legend(self.deal, part), names)

    def _add_raise_to(self, index, part, profile, hands) -> None:
        key = answer_key(index)
        self.fields[key] = forms.TypedChoiceField(
            choices=[(str(chips), f"To {chips}") for chips in part["options"]],
            coerce=int,
            widget=forms.RadioSelect,
            label=raise_legend(part),
            error_messages={
                "required": "Choose the total a full raise reaches.",
                "invalid_choice": "%(value)s is not one of the raise options.",
            },
        )
        self._fieldset(index, "raise_to", raise_legend(part), [key])

    def _add_choice(self, index, part, profile, hands) -> None:
        key = answer_key(index)
        self.fields[key] = forms.TypedChoiceField(
            choices=[(str(n), option) for n, option in enumerate(part["options"])],
            coerce=int,
            widget=forms.RadioSelect,
            label=part["question"],
            error_messages={
                "required": f"Choose an answer to “{part['question']}”.",
                "invalid_choice": "%(value)s is not one of the options.",
            },
        )
        self._fieldset(index, "choice", part["question"], [key])

    # Using the form -----------------------------------------------------------

    @property
    def fieldsets(self) -> list[Fieldset]:
        return [
            Fieldset(fid, kind, legend, [self[name] for name in names])
            for fid, kind, legend, names in self._fieldsets
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

        A missing answer is an ordinary learner mistake; letters in a payout
        or a card that is not in the hand cannot come from the form as served.
        """
        return any(
            error.code != "required"
            for errors in self.errors.as_data().values()
            for error in errors
        )

    def error_items(self) -> list[tuple[str, str, str]]:
        """(fieldset id, question, message) for every problem, for the feedback list."""
        items = []
        for fid, _kind, legend, names in self._fieldsets:
            for name in names:
                for message in self.errors.get(name, []):
                    items.append((fid, legend, message))
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
