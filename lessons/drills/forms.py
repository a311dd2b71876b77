"""The drill page's settings: game, difficulty and seed, read from the URL.

The settings are the whole of an item's identity, so they travel in the
query string (``?game=badacey&difficulty=2&seed=7``) and the same URL always
deals the same cards. A setting left out (or left blank) takes its default:
the drill's first game, easy, and for a page (not an answer) a fresh seed,
so a shortened link still deals an item. A tampered link (a seed out of
range, a game the drill does not use, a field sent twice, bytes that are not
UTF-8) gets a message beside the field and a 400, never an item made up from
a guess.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from functools import cached_property
from typing import Any
from urllib.parse import urlencode

from crispy_forms.bootstrap import StrictButton
from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Layout, Row
from django import forms
from django.http import QueryDict
from django.urls import reverse

from evaluator import PROFILES
from evaluator.drills import DIFFICULTIES, MAX_SEED, DrillKind
from evaluator.drills.payouts import drill_payout_mistake
from lessons.deals import parts
from lessons.deals.parts.base import PartResult
from lessons.exercises.forms import AnswerForm
from lessons.tools.forms import ToolForm


class DrillSettingsForm(ToolForm):
    game = forms.ChoiceField(
        label="Game",
        error_messages={
            "invalid_choice": "This drill is not played in that game; pick one.",
            "required": "Pick the game to play the drill in.",
        },
    )
    difficulty = forms.TypedChoiceField(
        label="Difficulty",
        choices=[(str(k), v.capitalize()) for k, v in DIFFICULTIES.items()],
        coerce=int,
        initial="1",
        error_messages={
            "invalid_choice": "Pick easy, medium or hard.",
            "required": "Pick easy, medium or hard.",
        },
    )
    seed = forms.IntegerField(
        label="Item number",
        min_value=0,
        max_value=MAX_SEED,
        help_text="The same number deals the same item again.",
        error_messages={
            "required": f"Give the item number, a whole number from 0 to {MAX_SEED}.",
            "invalid": f"The item number is a whole number from 0 to {MAX_SEED}.",
            "min_value": f"The item number is a whole number from 0 to {MAX_SEED}.",
            "max_value": f"The item number is a whole number from 0 to {MAX_SEED}.",
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "form-control"}),
    )

    def __init__(self, *args: Any, drill: DrillKind, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.drill = drill
        game = self.fields["game"]
        assert isinstance(game, forms.ChoiceField)
        game.choices = [(g, PROFILES[g].name) for g in drill.games]
        self.fields["game"].initial = drill.games[0]

    @cached_property
    def helper(self) -> FormHelper:
        """Built when crispy first asks: an htmx answer never draws the form, so never pays."""
        helper = FormHelper()
        helper.form_method = "get"
        helper.form_action = reverse("lessons:drill", args=[self.drill.key])
        helper.form_class = "drill-settings"
        helper.layout = Layout(
            Row(
                Column("game", css_class="col-sm-4"),
                Column("difficulty", css_class="col-sm-3"),
                Column("seed", css_class="col-sm-5"),
            ),
            StrictButton("Deal this item", type="submit", css_class="btn-secondary"),
        )
        return helper


def with_defaults(query: QueryDict, drill: DrillKind, *, fresh_seed: bool) -> QueryDict | None:
    """The settings with every missing one filled in, or None when none was missing.

    A setting counts as missing when it is absent or sent once and blank; one
    sent twice is left alone, so the form can still refuse it. ``fresh_seed``
    deals a new item for a page link without a seed; an answer without one
    has no item to be about, so its seed stays missing and the form says so.
    """
    defaults = {"game": drill.games[0], "difficulty": "1"}
    if fresh_seed:
        defaults["seed"] = str(secrets.randbelow(MAX_SEED + 1))
    missing = [key for key in defaults if query.getlist(key) in ([], [""])]
    if not missing:
        return None
    filled = query.copy()
    for key in missing:
        filled[key] = defaults[key]
    return filled


def drill_url(kind: str, game: str, difficulty: int, seed: int) -> str:
    query = urlencode({"game": game, "difficulty": difficulty, "seed": seed})
    return f"{reverse('lessons:drill', args=[kind])}?{query}"


def drill_hint_url(kind: str, game: str, difficulty: int, seed: int) -> str:
    """Where an item's hint button posts: the item's identity travels with the request."""
    query = urlencode({"game": game, "difficulty": difficulty, "seed": seed})
    return f"{reverse('lessons:drill_hint', args=[kind])}?{query}"


class DrillAnswerForm(AnswerForm):
    """The exercises' answer form, naming one more slip that drill items bring out.

    Sharing the pot out by the number of players is the misconception the
    lesson's exercise names ("each half has its own divisor"); an exercise
    is written so that belief gives that answer, while in a drill the losing
    hands are anyone's, so the drill asks the evaluator for that answer too.
    """

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        self.results = [self._named(result, cleaned) for result in self.results]
        return cleaned

    def _named(self, result: PartResult, cleaned: dict[str, Any]) -> PartResult:
        if result.ok or result.misconception or result.part.get("kind") != "payouts":
            return result
        keys = [parts.answer_key(result.index, "seat", s) for s in range(len(self.deal.names))]
        answer = [cleaned[key] for key in keys]
        mistake = drill_payout_mistake(answer, self.deal.settlement(result.part.get("game")))
        if mistake is None:
            return result
        return replace(result, message=f"{mistake.correction}.", misconception=mistake)
