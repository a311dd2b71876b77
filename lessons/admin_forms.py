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

parts, one per line::

    badugi Kira                          pick the cards of Kira's Badugi
    winners                              name the winners of each half
    winners badeucey                     ... reading the same cards as another game
    payouts                              chips each seat collects (needs a pot)
    raise_to round=2 facing=12 options=18,24
    choice Which half is split? | the low half | *the Badugi half
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from badacey_site.storable_text import validate_storable
from evaluator import PROFILES, EvaluatorError, format_cards, parse_cards
from evaluator.notation import parse_deal
from evaluator.profiles import SETTING_NAMES
from evaluator.replay import replay

from . import deal_io
from .models import Deal

# ASCII digits only: str.isdigit() accepts "²", which int() then refuses.
WHOLE_NUMBER = re.compile(r"-?[0-9]+")

SEATS_HELP = (
    "One seat per line, in seat order: the name, a colon, then the cards, "
    "e.g. “Kira: A♠ 2♥ 3♦ 4♣ 5♣” (“As 2h 3d 4c 5c” works too). "
    "With a history, leave this empty to take each seat's final cards from it."
)
SETTINGS_HELP = (
    "Only the table settings that differ from the game's defaults, one per line as "
    "“name = value”, e.g. “big_bet = 20”. Names: " + ", ".join(SETTING_NAMES) + "."
)
PARTS_HELP = (
    "One question part per line, asked in this order: "
    "“badugi NAME” (pick the cards of that seat's Badugi); "
    "“winners” or “winners GAME” (who wins each half, optionally reading the cards as "
    "another game); “payouts” or “payouts GAME” (chips each seat collects; needs a pot); "
    "“raise_to round=2 facing=12 options=18,24” (rounds count from 0, before the first "
    "draw); “choice Question? | option | *right option | option” (a star marks the answer)."
)


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


def part_to_text(part: Any, names: list[str]) -> str:
    if not isinstance(part, dict):
        return str(part)
    kind = part.get("kind")
    if kind == "badugi_cards":
        seat = part.get("seat")
        name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else seat
        return f"badugi {name}"
    if kind in ("winners", "payouts"):
        return f"{kind} {part['game']}" if part.get("game") else kind
    if kind == "raise_to":
        options = ",".join(str(o) for o in part.get("options", []))
        return f"raise_to round={part.get('round')} facing={part.get('facing')} options={options}"
    if kind == "choice":
        answer = part.get("answer")
        options = [
            f"*{option}" if k == answer else option
            for k, option in enumerate(part.get("options", []))
        ]
        return " | ".join([part.get("question", ""), *options])
    return str(kind)


def parts_to_text(parts: Any, names: list[str]) -> str:
    if not isinstance(parts, list):
        return ""
    return "\n".join(part_to_text(part, names) for part in parts)


def _text_to_part(line: str) -> dict[str, Any]:
    """One part; a Badugi part keeps the seat's name until the seats are known."""
    word, _, rest = line.partition(" ")
    rest = rest.strip()
    if word == "badugi":
        if not rest:
            raise ValueError("name the seat whose Badugi cards to pick, e.g. “badugi Kira”")
        return {"kind": "badugi_cards", "seat": rest}
    if word in ("winners", "payouts"):
        if not rest:
            return {"kind": word}
        if rest not in PROFILES:
            raise ValueError(f"“{rest}” is not a game; choose one of {', '.join(PROFILES)}")
        return {"kind": word, "game": rest}
    if word == "raise_to":
        return _raise_part(rest)
    if word == "choice":
        return _choice_part(rest)
    raise ValueError(
        f"“{word}” is not a kind of part; start with badugi, winners, payouts, raise_to or choice"
    )


def _raise_part(rest: str) -> dict[str, Any]:
    values = {}
    for item in rest.split():
        key, equals, value = item.partition("=")
        if not equals or key not in ("round", "facing", "options"):
            raise ValueError("write “raise_to round=2 facing=12 options=18,24”")
        values[key] = value
    if set(values) != {"round", "facing", "options"}:
        raise ValueError("a raise_to part needs round=, facing= and options=")
    try:
        return {
            "kind": "raise_to",
            "round": int(values["round"]),
            "facing": int(values["facing"]),
            "options": [int(o) for o in values["options"].split(",") if o.strip()],
        }
    except ValueError:
        raise ValueError("round, facing and each option must be whole numbers") from None


def _choice_part(rest: str) -> dict[str, Any]:
    question, *options = (piece.strip() for piece in rest.split("|"))
    marked = [k for k, option in enumerate(options) if option.startswith("*")]
    if len(marked) != 1:
        raise ValueError("mark exactly one option as the answer with a star, e.g. “*option”")
    options = [option.removeprefix("*").strip() for option in options]
    return {"kind": "choice", "question": question, "options": options, "answer": marked[0]}


def text_to_parts(text: str) -> list[dict[str, Any]]:
    parts, errors = [], []
    for n, line in _lines(text):
        try:
            parts.append(_text_to_part(line))
        except ValueError as error:
            errors.append(f"Line {n}: {error}.")
    if errors:
        raise ValidationError(errors)
    return parts


class PartsField(forms.CharField):
    widget = forms.Textarea(attrs={"rows": 5, "cols": 80})

    def prepare_value(self, value: Any) -> Any:
        return parts_to_text(value, []) if isinstance(value, list) else value

    def to_python(self, value: Any) -> list[dict[str, Any]]:
        return text_to_parts(super().to_python(value))


# The form ----------------------------------------------------------------------


class DealAdminForm(forms.ModelForm):
    # validate_storable: a NUL read into these JSON boxes would reach PostgreSQL (a 500).
    seats = SeatsField(required=False, help_text=SEATS_HELP, validators=[validate_storable])
    settings = SettingsField(
        required=False, help_text=SETTINGS_HELP, validators=[validate_storable]
    )
    parts = PartsField(help_text=PARTS_HELP, validators=[validate_storable])

    class Meta:
        model = Deal
        fields = "__all__"
        widgets = {
            "title": forms.TextInput(attrs={"size": 60}),
            "prompt": forms.Textarea(attrs={"rows": 4, "cols": 80}),
            "explanation": forms.Textarea(attrs={"rows": 4, "cols": 80}),
            "history": forms.Textarea(attrs={"rows": 12, "cols": 80}),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk and not self.is_bound:
            # Parts name seats; the field alone cannot know the names.
            self.initial["parts"] = parts_to_text(self.instance.parts, self.instance.names)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if "seats" in cleaned and not cleaned["seats"]:
            seats = self._seats_from_history(cleaned.get("history", ""))
            if seats:
                cleaned["seats"] = seats
        seats, parts = cleaned.get("seats"), cleaned.get("parts")
        if not seats or not parts:
            return cleaned
        names = [seat["name"] for seat in seats]
        problems = []
        for n, part in enumerate(parts, start=1):
            if part["kind"] != "badugi_cards":
                continue
            if part["seat"] in names:
                part["seat"] = names.index(part["seat"])
            else:
                problems.append(
                    f"Part {n}: no seat is named “{part['seat']}” "
                    f"(the seats are {', '.join(names)})."
                )
        if problems:
            self.add_error("parts", problems)
        return cleaned

    def _seats_from_history(self, history: str) -> list[dict[str, str]] | None:
        """Each seat's cards at the end of the history, so a teacher types them once."""
        if not history.strip():
            self.add_error("seats", "List the seats, or give a history to take them from.")
            return None
        try:
            final = replay(parse_deal(history)).steps[-1].state
        except EvaluatorError as error:
            self.add_error("history", str(error))
            self.add_error("seats", "List the seats, or correct the history to take them from.")
            return None
        return [{"name": seat.name, "cards": format_cards(seat.cards)} for seat in final.seats]

    def _post_clean(self) -> None:
        # Deal.clean() reads seats, settings and parts together; until every box
        # can be read, its verdict would only repeat the same problem in other words.
        if any(name in self._errors for name in ("seats", "settings", "parts")):
            return
        super()._post_clean()


# Importing a deals file ------------------------------------------------------------

# The same cap as import_deals (lessons.deal_io), checked before the upload is read.
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
    text = forms.CharField(
        required=False,
        strip=True,
        max_length=MAX_PASTED_CHARS,
        label="Or paste its JSON",
        widget=forms.Textarea(attrs={"rows": 12, "cols": 80, "spellcheck": "false"}),
        help_text="For a long file, choose it above instead.",
    )

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
