"""The study table's forms: choosing a table, and one action at it.

The forms only read what was posted; whether an action is allowed is the
engine's question (``IllegalAction`` says why), asked in ``play.hands``.
"""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Column, Div, Field, Fieldset, Layout, Row, Submit
from django import forms
from django.urls import reverse

from badacey_site.whole_numbers import read_whole_number
from evaluator import PROFILES, EvaluatorError, get_profile
from evaluator.cards import DECK, SUIT_NAMES, SUITS, Card, format_cards, parse_card
from evaluator.play import PERSONALITIES, Action, TableSettings, card_code
from evaluator.play.players import HEADS_UP_ONLY
from evaluator.play.spot import Spot, SpotError, spot_from_json
from evaluator.play.table import DEFAULT_SEATS, MAX_SEATS, MIN_SEATS, SEAT_NAMES
from evaluator.profiles import GameProfile
from lessons.tools.forms import ToolForm, _cards_field, _game_choices, _parse, _sentence, _submit
from lessons.tools.forms import _helper as _tool_helper
from play.models import COACH_LIVE, COACHING_CHOICES

DEFAULT_STYLES = ("solid", "caller", "aggressor")
MOST_THROWN = 5  # no game throws more; the engine checks the game's own limit


def _default_style(seat: int) -> str:
    return DEFAULT_STYLES[(seat - 1) % len(DEFAULT_STYLES)]


def personality_choices(heads_up: bool = False) -> list[tuple[str, str]]:
    """The computer players a seat may be; the heads-up-only ones for the first seat alone."""
    return [
        (p.key, f"{p.name}: {p.description}")
        for p in PERSONALITIES.values()
        if heads_up or p.key not in HEADS_UP_ONLY
    ]


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
                choices=personality_choices(heads_up=n == 1),
                initial=_default_style(n),
                required=False,  # a seat the table does not have needs no answer
                help_text="Used when the table has this many seats." if n >= 2 else "",
            )
        self.helper = FormHelper()
        self.helper.form_method = "post"
        self.helper.form_action = reverse("play:start")
        self.helper.add_input(Submit("start", "Deal me in"))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        style = data.get("seat_1")
        if style in HEADS_UP_ONLY and data.get("seats") != 2:
            name = PERSONALITIES[style].name
            self.add_error(
                "seat_1",
                f"The {name} player sits only at a heads-up table: choose 2 players, "
                "or another style for this seat.",
            )
        return data

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


# --- ask the coach ------------------------------------------------------------------

MAX_OPPONENTS = 5  # a six-seat table: the learner and five others
MOST_DRAWS = max(profile.draws for profile in PROFILES.values())
MAX_SPOT_CHIPS = 10**9  # the study table's largest stack; no pot a learner asks about is bigger
_NUMBER = {"inputmode": "numeric", "class": "form-control"}
_DRAW_WORDS = {"pat": 0, "p": 0, "-": 0}


def _spot_number(label: str, help_text: str, *, lowest: int, required: bool = True) -> Any:
    return forms.IntegerField(
        label=label,
        help_text=help_text,
        required=required,
        min_value=lowest,
        max_value=MAX_SPOT_CHIPS,
        widget=forms.NumberInput(attrs=_NUMBER),
        error_messages={
            "required": "Enter a whole number of chips.",
            "invalid": "Enter a whole number of chips.",
            "min_value": f"Enter {lowest} or more.",
            "max_value": f"That is more than {MAX_SPOT_CHIPS:,} chips; no pot here is that big.",
        },
    )


def read_draws(text: str, most: int) -> tuple[int, ...]:
    """Cards taken at each draw, typed as "2 1 0" (or "2, 1, pat"); refused in words."""
    counts = []
    for token in [t for t in text.replace(",", " ").split() if t]:
        word = token.casefold()
        if word in _DRAW_WORDS:
            counts.append(_DRAW_WORDS[word])
            continue
        count = read_whole_number(token, 0, most)
        if count is None:
            raise forms.ValidationError(
                f"'{token[:10]}' is not a number of cards from 0 to {most}: type one number "
                "per draw, for example 2 1 (0 or pat for standing pat)."
            )
        counts.append(count)
    return tuple(counts)


class SpotForm(ToolForm):
    """Any spot a learner wants the coach's verdict on, read into ``evaluator.play.spot.Spot``.

    A GET form, so each spot is a link to share. The checks here are the
    ones whose message belongs beside one field (a hand of the wrong size,
    an opponent's draws that do not match the draws gone); everything else
    the engine checks in ``spot_from_json``, whose sentence goes above the
    form. The spot is built from the same line ``manage.py coach --jsonl``
    reads, so the page and the command cannot read a spot differently.
    """

    repeatable = ("pick",)

    game = forms.ChoiceField(label="Game", choices=_game_choices, initial="badacey")
    decision = forms.ChoiceField(
        label="Your decision",
        choices=[
            ("bet", "A bet: fold, check, call, bet or raise"),
            ("draw", "A draw: which cards to throw"),
        ],
        initial="bet",
        widget=forms.RadioSelect,
    )
    cards = _cards_field(
        "Your cards",
        "Type your whole hand, for example As 2h 3d 3c, or tick your cards in the list below.",
    )
    pick = forms.MultipleChoiceField(
        label="Or pick your cards",
        choices=[(card_code(card), card.name) for card in DECK],
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    dead = _cards_field(
        "Cards you know are out",
        "Optional: cards that cannot come in a draw, such as your own earlier discards.",
    )
    my_drew = forms.CharField(
        label="Your draws so far",
        help_text="Optional, for the math panel of a heads-up spot: the cards you took at each "
        "draw, for example 1 1 0. Left empty, one card at each draw.",
        required=False,
        max_length=40,
        widget=forms.TextInput(attrs={**_NUMBER, "inputmode": "text"}),
    )
    draws_left = forms.TypedChoiceField(
        label="Draws still to come",
        choices=[(str(n), str(n)) for n in range(MOST_DRAWS + 1)],
        coerce=int,
        initial="0",
        help_text="For a draw, count the draw you are deciding (the last draw is 1). "
        "A bet after the last draw has 0.",
    )
    pot = _spot_number("Pot", "Chips in the middle now, this round's bets included.", lowest=0)
    to_call = _spot_number(
        "Price to call",
        "Chips you must put in to call; 0 if you may check. Only a bet decision reads it.",
        lowest=0,
        required=False,
    )
    bet = _spot_number("Bet size", "One bet or raise this round, in chips.", lowest=1)
    raises_left = forms.TypedChoiceField(
        label="Raises left this round",
        choices=[("", "At least one")] + [(str(n), str(n)) for n in range(5)],
        coerce=int,
        required=False,
        empty_value=None,
    )
    opponents = forms.TypedChoiceField(
        label="Opponents still in the hand",
        choices=[(str(n), str(n)) for n in range(1, MAX_OPPONENTS + 1)],
        coerce=int,
        initial="1",
        help_text="Fill in one row below for each of them; the other rows are not read.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spot: Spot | None = None
        self.line: dict[str, Any] | None = None  # the spot as one coach --jsonl line
        self.learner_drew: tuple[int, ...] | None = None  # for the math panel only
        self.bets_made: int | None = None  # this round's bets so far, when the raises left say
        for n in range(1, MAX_OPPONENTS + 1):
            self.fields[f"o{n}_drew"] = forms.CharField(
                label=f"Opponent {n}: cards taken at each draw",
                required=False,
                max_length=40,
                widget=forms.TextInput(attrs={**_NUMBER, "inputmode": "text"}),
            )
            self.fields[f"o{n}_after"] = forms.BooleanField(
                label=f"Opponent {n} acts after you",
                required=False,
                widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
            )
        self.helper = _tool_helper("play:spot", "spot-result")
        self.helper.layout = Layout(
            Fieldset(
                "The spot",
                Field("game"),
                Field("decision"),
                Field("cards"),
                HTML('{% include "play/_card_picker.html" %}'),
                Field("dead"),
                Field("draws_left"),
                Field("my_drew"),
            ),
            Fieldset(
                "The chips",
                Row(Column("pot"), Column("to_call")),
                Row(Column("bet"), Column("raises_left")),
            ),
            Fieldset(
                "The opponents",
                Field("opponents"),
                HTML('{% include "play/_opponent_grid.html" %}'),
            ),
            Div(_submit("Ask the coach"), css_class="tool-form__actions"),
        )

    def opponent_rows(self) -> list[dict[str, Any]]:
        """Each opponent's two fields, for ``play/_opponent_grid.html``."""
        return [
            {"number": n, "fields": [self[f"o{n}_drew"], self[f"o{n}_after"]]}
            for n in range(1, MAX_OPPONENTS + 1)
        ]

    def picker_suits(self) -> list[dict[str, Any]]:
        """The deck by suit, ace up to king, for ``play/_card_picker.html``."""
        return [
            {
                "name": SUIT_NAMES[suit],
                "cards": [{"card": c, "code": card_code(c)} for c in DECK if c.suit == suit],
            }
            for suit in SUITS
        ]

    def picked(self) -> set[str]:
        """The cards ticked in the picker, so it shows them ticked again."""
        return set(self.data.getlist("pick")) if hasattr(self.data, "getlist") else set()

    def clean_cards(self) -> tuple[Card, ...]:
        return _parse(self.cleaned_data["cards"])

    def clean_dead(self) -> tuple[Card, ...]:
        return _parse(self.cleaned_data["dead"])

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        profile = get_profile(cleaned["game"])
        hand = list(cleaned["cards"])
        for text in cleaned.get("pick") or ():
            card = parse_card(text)
            if card not in hand:
                hand.append(card)
        if not hand:
            self.add_error("cards", "Type your cards, or tick them in the list of cards.")
        elif len(hand) != profile.hand_size:
            self.add_error(
                "cards",
                f"A {profile.name} hand has {profile.hand_size} cards; "
                f"you gave {len(hand)} ({format_cards(hand)}).",
            )
        for card in cleaned["dead"]:
            if card in hand:
                self.add_error("dead", f"{card} is in your own hand, so it is not out.")
        draws_left = cleaned["draws_left"]
        decision = cleaned["decision"]
        if draws_left > profile.draws:
            self.add_error("draws_left", f"{profile.name} has only {profile.draws} draws.")
        elif decision == "draw" and draws_left == 0:
            self.add_error(
                "draws_left",
                "A draw decision has at least 1 draw still to come: the one you are deciding.",
            )
        gone = max(0, profile.draws - draws_left)
        # At a draw, an opponent who acts first may already have taken this draw's cards.
        opponents = self._opponents(profile, gone, cleaned["opponents"], decision == "draw")
        self._learner_draws(profile, gone)
        if self.errors:
            return cleaned
        self.line = {
            "game": profile.key,
            "decision": decision,
            "cards": " ".join(card_code(card) for card in hand),
            "dead": " ".join(card_code(card) for card in cleaned["dead"]),
            "draws_left": draws_left,
            "pot": cleaned["pot"],
            "bet": cleaned["bet"],
            "opponents": opponents,
        }
        if decision == "bet":  # a draw has nothing to call, so its price is not read
            self.line["to_call"] = cleaned["to_call"] or 0
        if cleaned["raises_left"] is not None:
            self.line["raises_left"] = cleaned["raises_left"]
        if cleaned["raises_left"] is not None and decision == "bet" and cleaned["to_call"]:
            self.bets_made = profile.raise_cap - cleaned["raises_left"]
        try:
            self.spot = spot_from_json(self.line)
        except SpotError as error:
            raise forms.ValidationError(_sentence(str(error))) from None
        return cleaned

    def _learner_draws(self, profile: GameProfile, gone: int) -> None:
        text = self.cleaned_data["my_drew"]
        if not text.strip():
            return
        try:
            drew = read_draws(text, profile.max_discard)
        except forms.ValidationError as error:
            self.add_error("my_drew", error)
            return
        if len(drew) != gone:
            self.add_error(
                "my_drew",
                f"{gone} draw{'s' if gone != 1 else ''} {'has' if gone == 1 else 'have'} "
                f"happened, so type {gone} number{'s' if gone != 1 else ''}, or leave it empty.",
            )
            return
        self.learner_drew = drew

    def _opponents(
        self, profile: GameProfile, gone: int, count: int, at_draw: bool
    ) -> list[dict[str, Any]]:
        opponents = []
        for n in range(1, MAX_OPPONENTS + 1):
            text, after = self.cleaned_data[f"o{n}_drew"], self.cleaned_data[f"o{n}_after"]
            if n > count:
                if text.strip() or after:
                    self.add_error(
                        f"o{n}_drew",
                        f"The spot has {count} opponent{'s' if count > 1 else ''}, so this row "
                        "is not read: choose more opponents above, or clear it.",
                    )
                continue
            try:
                drew = read_draws(text, profile.max_discard)
            except forms.ValidationError as error:
                self.add_error(f"o{n}_drew", error)
                continue
            if len(drew) != gone and not (at_draw and len(drew) == gone + 1):
                said = "no draw" if not drew else f"{len(drew)} draw{'s' if len(drew) > 1 else ''}"
                wanted = (
                    "leave it empty: no draw has happened yet"
                    if gone == 0
                    else f"type {gone} number{'s' if gone > 1 else ''}, one per draw so far"
                )
                if at_draw:
                    wanted += " (one more if it has already drawn at this draw)"
                self.add_error(
                    f"o{n}_drew",
                    f"{profile.draws - gone} of {profile.draws} draws are still to come, so "
                    f"{gone} {'has' if gone == 1 else 'have'} happened; this row gives {said}: "
                    f"{wanted}.",
                )
                continue
            opponents.append({"drew": list(drew), "acts_after": after})
        return opponents
