"""The forms of the two tool pages: draw odds (``/odds/``) and the showdown calculator.

Both are GET forms, so every answer has a URL a learner can share. Each
form reads what was typed, places each problem beside the field that caused
it, and hands the rest to the evaluator in ``clean()``; what the evaluator
still refuses becomes a message above the form. Nothing a learner can send
(a repeated field, bytes that are not UTF-8, a huge number) gets past as
anything but a message.
"""

from __future__ import annotations

import re
from math import comb
from typing import Any

from crispy_forms.bootstrap import StrictButton
from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Column, Div, Field, Fieldset, Layout, Row
from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.urls import reverse

from badacey_site.whole_numbers import read_whole_number
from evaluator import PROFILES, EvaluatorError, get_profile, parse_cards, settle
from evaluator.cards import RANK_NAMES, Card
from evaluator.odds import DrawOdds, DrawTooLarge, target_ranks
from evaluator.profiles import GameProfile
from evaluator.settlement import Settlement
from lessons.tools.odds_answers import TooManyCostlyQuestions, draw_odds_for

# The spec of ``showdown --jsonl`` asks that chip amounts up to 10^12 be
# accepted; anything larger is not a pot anyone plays for.
MAX_CHIPS = 10**12
MAX_SEATS = 9
# Every draw of up to four cards (four from 51 unseen is the most there can
# be) costs a fraction of a second; a five-card draw costs about a second of
# a worker's time and keeps no card, so the page refuses it (see README).
ODDS_PAGE_LIMIT = comb(51, 4)

_CARD_INPUT = {
    "autocomplete": "off",
    "autocapitalize": "off",
    "spellcheck": "false",
    "class": "form-control card-input",
}


def _game_choices() -> list[tuple[str, str]]:
    return [(key, profile.name) for key, profile in PROFILES.items()]


class ToolForm(forms.Form):
    """A GET form that refuses a field sent twice or bytes that were not UTF-8.

    A browser never sends either, so they mean a tampered or broken link;
    each gets one plain message beside its field instead of whatever the
    field would have made of the mangled value.
    """

    # Fields a browser sends once per ticked box (a multiple choice), so never "twice".
    repeatable: tuple[str, ...] = ()

    def clean(self) -> dict[str, Any]:
        """Runs first in every tool form's ``clean()``, so nothing is computed from such data."""
        cleaned = super().clean()
        for name in self.fields:
            values = self.data.getlist(name) if hasattr(self.data, "getlist") else []
            problem = None
            if len(values) > 1 and name not in self.repeatable:
                problem = "This was sent more than once; send it once."
            elif any("\ufffd" in value for value in values):
                problem = "This is not readable text (it was not sent as UTF-8)."
            if problem:  # this message replaces whatever the field made of the value
                self._errors.pop(name, None)
                self.add_error(name, problem)
        self.tool_checks()
        return cleaned

    def tool_checks(self) -> None:
        """Further checks on the raw data, for subclasses."""

    def error_sentence(self) -> str:
        """Every problem as one sentence, for the JSON answer."""
        parts = []
        for name, errors in self.errors.items():
            label = self.fields[name].label if name in self.fields else ""
            parts += [f"{label}: {error}" if label else error for error in errors]
        return " ".join(parts)


def _cards_field(label: str, help_text: str, *, required: bool = False) -> forms.CharField:
    return forms.CharField(
        label=label,
        help_text=help_text,
        required=required,
        max_length=200,
        strip=True,
        widget=forms.TextInput(attrs=_CARD_INPUT),
    )


def _parse(text: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except EvaluatorError as error:
        raise ValidationError(_sentence(str(error))) from None


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def _target_choices(blank: str) -> list[tuple[str, str]]:
    ranks = range(13, 3, -1)  # the ace is never a target but the any-hand one, which blank is
    return [("", blank)] + [(str(r), f"{RANK_NAMES[r].capitalize()}-high or better") for r in ranks]


def _submit(text: str) -> StrictButton:
    # No name, so the button adds nothing to the shareable URL.
    return StrictButton(text, type="submit", css_class="btn-primary")


# --- draw odds ------------------------------------------------------------------


class OddsForm(ToolForm):
    game = forms.ChoiceField(label="Game", choices=_game_choices, initial="badacey")
    hand = _cards_field(
        "Your hand",
        "Type your whole hand, the cards you keep and the ones you throw, for example "
        "As 2h 3d 7c Ks.",
        required=True,
    )
    discard = _cards_field(
        "Cards to throw away",
        "Which cards of your hand you throw, for example 7c Ks; leave it empty to stand pat. "
        "Thrown cards count as seen, so the draw never brings them back.",
    )
    dead = _cards_field(
        "Cards you know are gone", "Optional: other players' discards that you saw."
    )
    badugi_top = forms.TypedChoiceField(
        label="Badugi target",
        help_text="For Badacey, Badeucey and Badugi.",
        choices=_target_choices("Any four-card Badugi"),
        coerce=int,
        required=False,
        empty_value=None,
    )
    low_top = forms.TypedChoiceField(
        label="Low target",
        help_text="For Badacey, Badeucey and the two low games.",
        choices=_target_choices("Any low with no pair"),
        coerce=int,
        required=False,
        empty_value=None,
    )

    def __init__(self, *args: Any, address: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.address = address  # whose costly questions are counted (lessons.tools.odds_answers)
        self.result: DrawOdds | None = None
        # Cards thrown that the hand did not name: they stay among the unseen.
        self.unnamed_throws = 0
        self.helper = _helper("lessons:odds", "odds-result")
        self.helper.layout = Layout(
            Fieldset(
                "The hand",
                Field("game"),
                Field("hand"),
                Field("discard"),
                Field("dead"),
            ),
            Fieldset("What you hope to make", Row(Column("badugi_top"), Column("low_top"))),
            Div(_submit("Work out the odds"), css_class="tool-form__actions"),
        )

    def clean_hand(self) -> tuple[Card, ...]:
        return _parse(self.cleaned_data["hand"])

    def clean_discard(self) -> tuple[Card, ...]:
        return _parse(self.cleaned_data["discard"])

    def clean_dead(self) -> tuple[Card, ...]:
        return _parse(self.cleaned_data["dead"])

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        profile = get_profile(cleaned["game"])
        hand, discard, dead = cleaned["hand"], cleaned["discard"], cleaned["dead"]
        if len(hand) > profile.hand_size:
            self.add_error(
                "hand",
                f"A {profile.name} hand has {profile.hand_size} cards; this one has {len(hand)}.",
            )
        for card in discard:
            if card not in hand:
                self.add_error("discard", f"{card} is not in your hand.")
        for card in dead:
            if card in hand:
                self.add_error("dead", f"{card} is in your own hand, so it is not gone.")
        targets = self._targets(profile, cleaned)
        if self.errors:
            return cleaned
        kept = tuple(card for card in hand if card not in discard)
        try:
            self.result = draw_odds_for(
                self.address,
                profile,
                kept,
                discarded=discard,
                dead=dead,
                limit=ODDS_PAGE_LIMIT,
                **targets,
            )
        except TooManyCostlyQuestions:
            raise ValidationError(
                "This page has worked out many new draws of three or more cards for your "
                "address in the last minute, so it is pausing: ask again in a minute. "
                "Smaller draws, and questions anyone has asked before, are answered now.",
                code="busy",
            ) from None
        except DrawTooLarge as error:
            draw, unseen = profile.hand_size - len(kept), 52 - len(hand) - len(dead)
            raise ValidationError(
                f"Drawing {draw} cards from {unseen} unseen means {error.combinations:,} "
                f"possible draws, more than this page deals out for one request "
                f"({error.limit:,}, enough for any draw of up to four cards). "
                "Keep at least one card.",
                code="too_large",
            ) from None
        except EvaluatorError as error:
            raise ValidationError(_sentence(str(error))) from None
        self.unnamed_throws = self.result.draw - len(self.result.discarded)
        return cleaned

    def is_busy(self) -> bool:
        """Refused only for this address's count of costly questions (a 429, not a 400)."""
        return self.has_error(NON_FIELD_ERRORS, "busy")

    def _targets(self, profile: GameProfile, cleaned: dict[str, Any]) -> dict[str, int | None]:
        """The targets that apply to the game; one for a half it lacks is set aside."""
        targets: dict[str, int | None] = {}
        halves = {"badugi_top": "badugi", "low_top": _low_half(profile)}
        for name, half in halves.items():
            rank = cleaned.get(name)
            if half not in profile.awards:
                continue
            allowed = target_ranks(profile, half)
            if rank is not None and rank not in allowed:
                best = RANK_NAMES[allowed[0]]
                self.add_error(
                    name,
                    f"In {profile.name} no hand of this half is lower than {best}-high; "
                    f"choose {best}-high or a higher card.",
                )
            targets[name] = rank
        return targets


def _low_half(profile: GameProfile) -> str:
    return next((kind for kind in profile.awards if kind != "badugi"), "")


# --- the showdown calculator -------------------------------------------------------

SEAT_FIELD = re.compile(r"^(hand|paid|folded)(\d+)$")


class CalculatorForm(ToolForm):
    game = forms.ChoiceField(label="Game", choices=_game_choices, initial="badacey")
    pot = forms.IntegerField(
        label="Pot",
        help_text="The whole pot in chips, or leave it empty and give what each seat put in.",
        required=False,
        min_value=0,
        max_value=MAX_CHIPS,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    button = forms.TypedChoiceField(
        label="Button",
        choices=[(str(i), f"Seat {i + 1}") for i in range(MAX_SEATS)],
        coerce=int,
        required=False,
        empty_value=0,
        help_text="Odd chips go round from the seat after the button.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.settlement: Settlement | None = None
        self.line: dict[str, Any] | None = None  # the request as one showdown --jsonl line
        self.seat_count = 0
        number = {"inputmode": "numeric", "class": "form-control"}
        for n in range(1, MAX_SEATS + 1):
            self.fields[f"hand{n}"] = _cards_field(f"Seat {n} cards", "")
            self.fields[f"paid{n}"] = forms.IntegerField(
                label=f"Seat {n} put in",
                required=False,
                min_value=0,
                max_value=MAX_CHIPS,
                widget=forms.NumberInput(attrs=number),
            )
            self.fields[f"folded{n}"] = forms.BooleanField(
                label=f"Seat {n} folded",
                required=False,
                widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
            )
        for field in self.fields.values():
            if isinstance(field, forms.IntegerField):
                field.error_messages |= {
                    "invalid": "Enter a whole number of chips.",
                    "min_value": "Chips cannot be negative.",
                    "max_value": f"That is more than {MAX_CHIPS:,} chips; no pot is that big.",
                }
        self.helper = _helper("lessons:calculator", "calculator-result")
        # The nine seats are one compact table drawn by a small template rather
        # than 27 crispy fields, which took most of the page's time to render.
        self.helper.layout = Layout(
            Fieldset("The table", Field("game"), Field("pot"), Field("button")),
            Fieldset(
                "The seats",
                HTML('{% include "lessons/_seat_grid.html" %}'),
            ),
            Div(_submit("Settle the showdown"), css_class="tool-form__actions"),
        )

    def seat_rows(self) -> list[dict[str, Any]]:
        """Each seat's three fields, for ``lessons/_seat_grid.html``."""
        return [
            {"number": n, "fields": [self[f"{kind}{n}"] for kind in ("hand", "paid", "folded")]}
            for n in range(1, MAX_SEATS + 1)
        ]

    def tool_checks(self) -> None:
        extra = sorted(
            key
            for key in self.data
            if (match := SEAT_FIELD.match(key))
            and read_whole_number(match[2], 1, MAX_SEATS) is None
        )
        if extra:
            self.add_error(
                None,
                f"The calculator settles at most {MAX_SEATS} seats, numbered 1 to {MAX_SEATS}; "
                f"it cannot read {', '.join(extra[:3])}.",
            )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        profile = get_profile(cleaned["game"])
        seats = range(1, MAX_SEATS + 1)
        used = [
            n
            for n in seats
            if cleaned[f"hand{n}"] or cleaned[f"paid{n}"] is not None or cleaned[f"folded{n}"]
        ]
        self.seat_count = count = max(used, default=0)
        if count < 2:
            raise ValidationError("Give at least two seats: the calculator settles a showdown.")
        hands = self._hands(profile, count)
        chips = self._chips(count)
        if cleaned["button"] >= count:
            self.add_error(
                "button", f"There is no Seat {cleaned['button'] + 1} at a table of {count} seats."
            )
        if self.errors:
            return cleaned
        self.line = {
            "game": profile.key,
            "hands": [None if hand is None else " ".join(c.text for c in hand) for hand in hands],
            **chips,
            "folded": [cleaned[f"folded{n}"] for n in range(1, count + 1)],
            "button": cleaned["button"],
        }
        try:
            self.settlement = settle(
                profile,
                hands,
                pot=chips.get("pot"),
                contributions=chips.get("contributions"),
                folded=self.line["folded"],
                button=cleaned["button"],
            )
        except EvaluatorError as error:
            raise ValidationError(_sentence(str(error))) from None
        return cleaned

    def _hands(self, profile: GameProfile, count: int) -> list[tuple[Card, ...] | None]:
        hands: list[tuple[Card, ...] | None] = []
        owner: dict[Card, int] = {}
        for n in range(1, count + 1):
            text, folded = self.cleaned_data[f"hand{n}"], self.cleaned_data[f"folded{n}"]
            if not text:
                if not folded:
                    self.add_error(
                        f"hand{n}",
                        f"Seat {n} has no cards: type its hand, or tick Folded if it folded.",
                    )
                hands.append(None)
                continue
            try:
                cards = parse_cards(text, count=profile.hand_size, game_name=profile.name)
            except EvaluatorError as error:
                self.add_error(f"hand{n}", _sentence(str(error)))
                hands.append(None)
                continue
            for card in cards:
                if card in owner:
                    self.add_error(f"hand{n}", f"{card} is also in Seat {owner[card]}'s hand.")
                owner.setdefault(card, n)
            hands.append(cards)
        return hands

    def _chips(self, count: int) -> dict[str, Any]:
        pot = self.cleaned_data["pot"]
        paid = [self.cleaned_data[f"paid{n}"] for n in range(1, count + 1)]
        given = [amount for amount in paid if amount is not None]
        if pot is not None and given:
            self.add_error("pot", "Give the pot or what each seat put in, not both.")
        elif pot is None and not given:
            self.add_error("pot", "Enter the pot, or what each seat put in.")
        elif given:
            for n, amount in enumerate(paid, start=1):
                if amount is None:
                    self.add_error(f"paid{n}", f"Enter what Seat {n} put in (0 if nothing).")
            return {"contributions": paid}
        return {"pot": pot}


def _helper(url_name: str, target: str) -> FormHelper:
    """A GET form that also works through htmx: the same URL, only the answer swapped.

    ``target`` is the answer's region; a wrong form comes back retargeted to
    the whole tool (see ``lessons/tools/views.py``).
    """
    helper = FormHelper()
    helper.form_method = "get"
    helper.form_action = reverse(url_name)
    helper.form_class = "tool-form"
    helper.attrs = {
        "hx-get": reverse(url_name),
        "hx-target": f"#{target}",
        "hx-push-url": "true",
        "data-tool-form": "",
    }
    return helper
