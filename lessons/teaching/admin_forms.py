"""The admin's deal form: plain text boxes in place of the model's JSON.

Teachers type a seat per line and a question part per line instead of JSON.
The form fields keep the model fields' names (``seats``, ``settings``,
``parts``), so every error ``Deal.clean()`` raises lands beside the box that
caused it, with no mapping to keep in step.

Syntax (also shown as help text beside each box):

seats, one per line, in seat order::

    Kira: A♠ 2♥ 3♦ 4♣ 5♣

settings, one per line, only those that differ from the game::

    big_bet = 20
    forced_bets = ante

parts, one per line, each written and read by its kind in ``lessons.deals.parts``::

    badugi Kira                          pick the cards of Kira's Badugi
    winners                              name the winners of each half
    winners badeucey                     ... reading the same cards as another game
    payouts                              chips each seat collects (needs a pot)
    raise_to round=2 facing=12 options=18,24
    choice Which half is split? | the low half | *the Badugi half

With a history, the seats, the pot and the settings may be left empty: they
are taken from the history (``lessons.deals.histories``), and the model refuses
any that contradict it.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from badacey_site.storable_text import validate_storable
from evaluator import PROFILES, EvaluatorError, format_cards, parse_cards
from evaluator.deal import full_settings
from evaluator.profiles import SETTING_NAMES
from lessons.deals import parts as part_kinds
from lessons.deals.histories import HistoryFacts, history_facts
from lessons.models import Deal
from lessons.teaching import deal_io

# ASCII digits only: str.isdigit() accepts "²", which int() then refuses.
WHOLE_NUMBER = re.compile(r"-?[0-9]+")

SEATS_HELP = (
    "One seat per line, in seat order: the name, a colon, then the cards, "
    "e.g. “Kira: A♠ 2♥ 3♦ 4♣ 5♣” (“As 2h 3d 4c 5c” works too). "
    "With a history, leave this empty to take each seat's final cards from it."
)


def default_bets(settings: dict[str, Any]) -> str:
    """One game's table as the settings box writes it; the unused forced bets left out."""
    unused = ("small_blind", "big_blind") if settings["forced_bets"] == "ante" else ("ante",)
    return ", ".join(f"{name} = {settings[name]}" for name in SETTING_NAMES if name not in unused)


def settings_help() -> str:
    """The settings box's help, with each game's defaults read from its profile.

    Why computed: a teacher decides what to type here by what the game does
    without it, and a default typed into the help would go stale the day a
    profile changes.
    """
    defaults = format_html_join(
        "",
        "<li>{}: {}</li>",
        ((profile.name, default_bets(full_settings(key, {}))) for key, profile in PROFILES.items()),
    )
    return format_html(
        "Only the table settings that differ from the game's defaults, one per line as "
        "“name = value”, e.g. “big_bet = 20”. With a history, leave this empty to take the "
        "history's table settings. Each game's defaults:<ul class=\"deal-defaults\">{}</ul>",
        defaults,
    )


def history_help() -> str:
    """The history box's help: a short example and a link to the notation guide."""
    return format_html(
        "The whole hand in deal notation, one fact per line, for the replayer. For example: "
        "<code>game badugi</code>, then <code>seat Mara: A♣ 3♦ 7♥ K♥</code> for each player, "
        "<code>button Mara</code>, <code>showdown pot 96</code> and a <code>draw 1:</code> "
        'line per draw. <a href="{}">The notation guide</a> explains every line.',
        reverse("lessons:notation"),
    )


POT_HELP = (
    "Chips in the pot at showdown, if the question has one. With a history, leave this "
    "empty to take the history's pot."
)
GAME_HELP = "With a history, the game is the one the history plays."
BUTTON_HELP = (
    "The seat number (from 0) of the dealer button. With a history, the button is the history's."
)
NEGATIVE_POT = "A pot cannot be negative: give the chips in it at showdown, or leave it empty."
ONE_SEAT = (
    "List at least two seats, one per line as “Name: cards”: a showdown needs "
    "someone to play against."
)


def one_newline(text: str) -> str:
    """Browsers send a textarea's line breaks as CRLF; the site stores plain newlines.

    Why: a history kept with "\r\n" differs from the same file imported or
    typed elsewhere, so the import would call an unchanged deal changed and
    the notation's line numbers would count differently in other tools.
    """
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _lines(text: str) -> list[tuple[int, str]]:
    """Numbered non-blank lines; the numbers match what the teacher sees."""
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]


# Seats -------------------------------------------------------------------------


def seats_to_text(seats: Any) -> str:
    if not isinstance(seats, list):
        return ""
    lines = []
    for seat in seats:
        if isinstance(seat, dict):
            lines.append(f"{seat.get('name', '')}: {seat.get('cards', '')}")
    return "\n".join(lines)


def text_to_seats(text: str) -> list[dict[str, str]]:
    seats, errors = [], []
    for n, line in _lines(text):
        name, colon, cards = line.partition(":")
        if not colon or not name.strip():
            errors.append(f"Line {n}: write the seat's name, a colon, then its cards.")
            continue
        try:
            cards = format_cards(parse_cards(cards))
        except EvaluatorError as error:
            errors.append(f"Line {n} ({name.strip()}): {error}.")
            continue
        seats.append({"name": name.strip(), "cards": cards})
    if errors:
        raise ValidationError(errors)
    return seats


class SeatsField(forms.CharField):
    widget = forms.Textarea(attrs={"rows": 6, "cols": 60})

    def prepare_value(self, value: Any) -> Any:
        return seats_to_text(value) if isinstance(value, list) else value

    def to_python(self, value: Any) -> list[dict[str, str]]:
        return text_to_seats(super().to_python(value))


# Settings ----------------------------------------------------------------------


def settings_to_text(settings: Any) -> str:
    if not isinstance(settings, dict):
        return ""
    return "\n".join(f"{key} = {value}" for key, value in settings.items())


def text_to_settings(text: str) -> dict[str, int | str]:
    settings: dict[str, int | str] = {}
    errors = []
    for n, line in _lines(text):
        key, equals, value = (part.strip() for part in line.partition("="))
        if not equals or not key or not value:
            errors.append(f"Line {n}: write “name = value”, e.g. “big_bet = 20”.")
        elif key in settings:
            errors.append(f"Line {n}: {key} is set twice.")
        elif not WHOLE_NUMBER.fullmatch(value):
            settings[key] = value  # the game profile names the settings that take text
        else:
            try:
                settings[key] = int(value)
            except ValueError:  # more digits than Python converts
                errors.append(f"Line {n}: {key} is far too large a number.")
    if errors:
        raise ValidationError(errors)
    return settings


class SettingsField(forms.CharField):
    widget = forms.Textarea(attrs={"rows": 3, "cols": 40})

    def prepare_value(self, value: Any) -> Any:
        return settings_to_text(value) if isinstance(value, dict) else value

    def to_python(self, value: Any) -> dict[str, int | str]:
        return text_to_settings(super().to_python(value))


# Parts -------------------------------------------------------------------------


class PartsField(forms.CharField):
    """The parts box as typed; the form's clean() reads it once the seat names are known."""

    widget = forms.Textarea(attrs={"rows": 5, "cols": 80})

    def prepare_value(self, value: Any) -> Any:
        return part_kinds.parts_to_text(value, []) if isinstance(value, list) else value


# The form ----------------------------------------------------------------------


class DealAdminForm(forms.ModelForm):
    # validate_storable: a NUL read into these JSON boxes would reach PostgreSQL (a 500).
    seats = SeatsField(required=False, help_text=SEATS_HELP, validators=[validate_storable])
    settings = SettingsField(required=False, validators=[validate_storable])
    parts = PartsField(help_text=part_kinds.syntax_help(), validators=[validate_storable])
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    pot = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=2_147_483_647,
        help_text=POT_HELP,
        error_messages={"min_value": NEGATIVE_POT},
    )

    class Meta:
        model = Deal
        fields = "__all__"
        help_texts = {"game": GAME_HELP, "button": BUTTON_HELP}
        widgets = {
            "title": forms.TextInput(attrs={"size": 60}),
            "prompt": forms.Textarea(attrs={"rows": 4, "cols": 80}),
            "explanation": forms.Textarea(attrs={"rows": 4, "cols": 80}),
            "history": forms.Textarea(attrs={"rows": 12, "cols": 80}),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["history"].help_text = history_help()
        self.fields["settings"].help_text = settings_help()
        if not self.is_bound:
            # Parts name seats; the field alone cannot know the names.
            self.initial["parts"] = part_kinds.parts_to_text(self.instance.parts, self._names())
            self.initial["version"] = self.instance.version

    def _names(self) -> list[str]:
        """The stored seats' names, as far as they can be read."""
        seats = self.instance.seats
        if not isinstance(seats, list):
            return []
        return [seat.get("name", "") if isinstance(seat, dict) else "" for seat in seats]

    # Reading the boxes ---------------------------------------------------------

    def _history_facts(self, history: str) -> HistoryFacts | None:
        """The history's facts, or None when the engine refuses it.

        The model's clean() puts the engine's message beside the history, but
        it only runs once the seats can be read; so when the seats were to
        come from a refused history, the message is put there now.
        """
        try:
            return history_facts(history)
        except EvaluatorError as error:
            if "seats" in self.cleaned_data and not self.cleaned_data["seats"]:
                self.add_error("history", str(error))
            return None

    def clean_version(self) -> int | None:
        """A save must start from the version stored now, or it would undo someone's edit."""
        version = self.cleaned_data.get("version")
        if not self.instance.pk:
            return self.instance.version  # a new deal starts at its first version
        if version is None:
            raise ValidationError(
                "This form is missing the deal's version; reload the page and edit it again.",
                code="stale",
            )
        if version != self.instance.version:
            raise ValidationError(
                "Someone else saved this deal after you opened it (it is now at version "
                f"{self.instance.version}; you started from version {version}), so your "
                "changes were not saved. Open the deal again in a new tab to see theirs, "
                "then copy your changes across.",
                code="stale",
            )
        return version

    def clean_history(self) -> str:
        return one_newline(self.cleaned_data.get("history") or "")

    def clean_prompt(self) -> str:
        return one_newline(self.cleaned_data.get("prompt") or "")

    def clean_explanation(self) -> str:
        return one_newline(self.cleaned_data.get("explanation") or "")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if "version" in self._errors:
            # The version box is hidden, and the admin hides a hidden box's errors with it:
            # said there, the teacher saw only "Please correct the error below".
            self._stale = True
            for message in self._errors.pop("version"):
                self.add_error(None, message)
        history = cleaned.get("history") or ""
        facts = self._history_facts(history) if history.strip() else None
        if "seats" in cleaned and not cleaned["seats"]:
            if facts is not None:
                cleaned["seats"] = facts.seats
            elif history.strip():
                self.add_error("seats", "List the seats, or correct the history to take them from.")
            else:
                self.add_error("seats", "List the seats, or give a history to take them from.")
        elif isinstance(cleaned.get("seats"), list) and len(cleaned["seats"]) == 1:
            self.add_error("seats", ONE_SEAT)
        if facts is not None:
            # The game and button are the history's (the boxes always hold some value, so
            # they cannot be "left empty"); each other box left empty comes from it too.
            cleaned["game"] = facts.game
            cleaned["button"] = facts.button
            if "pot" in cleaned and cleaned["pot"] is None:
                cleaned["pot"] = facts.pot
            if "settings" in cleaned and not cleaned["settings"]:
                cleaned["settings"] = facts.settings
        if "parts" in cleaned:
            seats = cleaned.get("seats")
            names = [seat["name"] for seat in seats] if seats else None
            text = cleaned["parts"]
            try:
                cleaned["parts"] = part_kinds.parse_parts(text, names)
            except ValidationError as error:
                self._readable_parts = self._readable_lines(text, names)
                self.add_error("parts", error)
        return cleaned

    @staticmethod
    def _readable_lines(text: str, names: list[str] | None) -> list[Any]:
        """The parts of the lines that can be read, so the rest of the deal is still checked."""
        readable = []
        for line in text.splitlines():
            try:
                readable += part_kinds.parse_parts(line, names)
            except ValidationError:
                continue
        return readable

    def _post_clean(self) -> None:
        # Deal.clean() reads seats, settings and parts together; until the seats
        # and settings can be read, its verdict would only repeat their problems.
        if getattr(self, "_stale", False):
            return
        if any(name in self._errors for name in ("seats", "settings")):
            return
        unreadable_parts = "parts" in self._errors
        if unreadable_parts:
            # Check the deal with the lines that could be read, so one save reports
            # every problem (a bad line need not hide a missing pot or a repeated card).
            self.cleaned_data["parts"] = getattr(self, "_readable_parts", [])
        # A box refused on its own (a pot of -5) is missing from the instance the model
        # checks, so the model would add a second message ("needs a pot") that
        # contradicts the first: such a box keeps only its own.
        own = {
            name: list(errors)
            for name, errors in self._errors.items()
            if name not in ("parts", NON_FIELD_ERRORS)
        }
        super()._post_clean()
        for name, errors in own.items():
            self._errors[name] = self.error_class(errors)
        if unreadable_parts:
            # Only the lines' own messages: "give at least one part" would be beside the point.
            kept = [e for e in self._errors["parts"] if "at least one question part" not in e]
            self._errors["parts"] = self.error_class(kept)


# Importing a deals file ------------------------------------------------------------

# The same cap as import_deals (lessons.teaching.deal_io), checked before the upload is read.
MAX_IMPORT_BYTES = deal_io.MAX_IMPORT_BYTES
# Pasted text travels as an ordinary form field, which Django caps at 2.5 MB
# (DATA_UPLOAD_MAX_MEMORY_SIZE); the browser stops typing well before that.
MAX_PASTED_CHARS = 500_000


class DealImportForm(forms.Form):
    """A deals file made by the Export action or ``export_deals``: uploaded, or pasted."""

    file = forms.FileField(
        required=False,
        label="Deals file",
        help_text="A .json file made by the “Export selected deals as JSON” action or by "
        f"manage.py export_deals; {deal_io.CAPS}.",
    )
    # No max_length: it would become the textarea's maxlength, and the browser would cut
    # a long paste silently, leaving text this page then calls "not JSON". clean_text
    # says it is too long instead.
    text = forms.CharField(
        required=False,
        strip=True,
        label="Or paste its JSON",
        widget=forms.Textarea(attrs={"rows": 12, "cols": 80, "spellcheck": "false"}),
        help_text=f"A paste takes at most {MAX_PASTED_CHARS:,} characters; for a longer "
        "file, choose it above instead.",
    )

    def clean_text(self) -> str:
        text = self.cleaned_data.get("text") or ""
        if len(text) > MAX_PASTED_CHARS:
            raise ValidationError(
                f"The pasted text is too long: {len(text):,} characters, where a paste takes "
                f"at most {MAX_PASTED_CHARS:,}. Save it as a .json file and choose the file "
                "above instead."
            )
        return text

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        upload, text = cleaned.get("file"), cleaned.get("text")
        if self.errors:
            return cleaned
        if upload and text:
            raise ValidationError("Choose a file or paste its JSON, not both.")
        if not upload and not text:
            raise ValidationError("Choose a deals file, or paste its JSON.")
        if upload:
            if problem := deal_io.size_problem(upload.size):
                self.add_error("file", problem)
                return cleaned
            cleaned["document"] = upload.read()
            cleaned["source"] = upload.name
        else:
            cleaned["document"] = text
            cleaned["source"] = "the pasted JSON"
        return cleaned
