"""Deals: the lessons' exercises and teachers' practice deals, in one model.

A deal stores only what a teacher types (cards, pot, questions); every
result is asked of the evaluator when it is needed, so a stored deal can never
disagree with the rules. ``clean()`` runs the evaluator too, so the admin
cannot save a deal the site would be unable to explain.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse

from evaluator import (
    DECK,
    PROFILES,
    Card,
    EvaluatorError,
    GameProfile,
    Settlement,
    get_profile,
    parse_cards,
    settle,
)
from evaluator.notation import validate as validate_history

from .replayer import replay_history

LESSON_CHOICES = [
    ("badacey", "Badacey"),
    ("badugi", "Badugi"),
    ("badeucey", "Badeucey"),
    ("drawing", "Drawing decisions"),
]
PART_KINDS = ("badugi_cards", "winners", "payouts", "raise_to", "choice")
# What each kind of part may hold besides its "kind"; anything else is a typo.
PART_KEYS = {
    "badugi_cards": {"seat"},
    "winners": {"game"},
    "payouts": {"game"},
    "raise_to": {"round", "facing", "options"},
    "choice": {"question", "options", "answer"},
}
SEAT_KEYS = {"name", "cards"}
# No deck deals more hands than this without a card appearing twice.
MAX_SEATS = len(DECK) // min(profile.hand_size for profile in PROFILES.values())


def game_choices() -> list[tuple[str, str]]:
    """A callable, so adding a game profile needs no migration."""
    return [(key, profile.name) for key, profile in PROFILES.items()]


# Every field a deal's question or worked answer is computed from.
CONTENT_FIELDS = (
    "slug",
    "title",
    "lesson",
    "number",
    "game",
    "settings",
    "seats",
    "button",
    "pot",
    "history",
    "prompt",
    "parts",
    "explanation",
)


class DealQuerySet(models.QuerySet):
    def published(self) -> DealQuerySet:
        return self.filter(published=True)

    def for_lesson(self, key: str) -> DealQuerySet:
        return self.filter(lesson=key).order_by("number")

    def practice(self) -> DealQuerySet:
        return self.filter(lesson="")


class Deal(models.Model):
    title = models.CharField(max_length=120)
    slug = models.SlugField(max_length=80, unique=True)
    lesson = models.CharField(
        max_length=20,
        choices=LESSON_CHOICES,
        blank=True,
        help_text="The lesson this exercise belongs to; leave blank for a practice deal.",
    )
    number = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[
            MinValueValidator(1, "Exercise numbers run from 1 to 99."),
            MaxValueValidator(99, "Exercise numbers run from 1 to 99."),
        ],
        help_text="The exercise number within its lesson.",
    )
    game = models.CharField(max_length=30, choices=game_choices, default="badacey")
    settings = models.JSONField(
        default=dict,
        blank=True,
        help_text='Table settings that differ from the game\'s defaults, e.g. {"big_bet": 20}.',
    )
    seats = models.JSONField(
        default=list,
        help_text='One entry per seat, in order: [{"name": "A", "cards": "A♠ 2♥ 3♦ 4♣ 5♣"}, …].',
    )
    button = models.PositiveSmallIntegerField(
        default=0,
        validators=[
            MaxValueValidator(
                MAX_SEATS - 1,
                f"No table has more than {MAX_SEATS} seats, so the button is a seat "
                f"number from 0 to {MAX_SEATS - 1}.",
            )
        ],
        help_text="The seat number (from 0) of the dealer button.",
    )
    pot = models.PositiveIntegerField(
        null=True, blank=True, help_text="Chips in the pot at showdown, if the question has one."
    )
    history = models.TextField(
        blank=True, help_text="The whole deal in deal notation, for the replayer."
    )
    prompt = models.TextField(help_text="The question, as the learner reads it.")
    parts = models.JSONField(default=list, help_text="The checkable parts of the question.")
    explanation = models.TextField(
        blank=True,
        help_text="A teaching note shown with the worked answer. The computed results are "
        "shown beside it, so do not repeat them here.",
    )
    published = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = DealQuerySet.as_manager()

    class Meta:
        ordering = ["lesson", "number", "title"]
        constraints = [
            models.UniqueConstraint(
                fields=["lesson", "number"],
                condition=~models.Q(lesson=""),
                name="one_exercise_per_lesson_number",
                violation_error_message="That lesson already has an exercise with this number.",
            ),
        ]

    def __str__(self) -> str:
        if self.lesson:
            return f"{self.get_lesson_display()} exercise {self.number}: {self.title}"
        return self.title

    # What the evaluator reads -------------------------------------------------

    @property
    def profile(self) -> GameProfile:
        return get_profile(self.game, **(self.settings or {}))

    def profile_for(self, game: str | None = None) -> GameProfile:
        """The deal's own profile, or another game re-reading the same cards.

        Table settings belong to the deal's own game; another game is read with
        its defaults, because only its hand rankings matter to the question.
        """
        if game is None or game == self.game:
            return self.profile
        return get_profile(game)

    @property
    def names(self) -> list[str]:
        return [seat["name"] for seat in self.seats]

    @property
    def hands(self) -> list[tuple[Card, ...]]:
        return [parse_cards(seat["cards"]) for seat in self.seats]

    @property
    def seats_with_hands(self) -> list[tuple[dict[str, str], tuple[Card, ...]]]:
        return list(zip(self.seats, self.hands, strict=True))

    def settlement(self, game: str | None = None) -> Settlement:
        """Who wins what. Without a pot, settle 0 chips: the winners are still named.

        A seat that folded in the deal's history can win nothing, so it is
        settled as folded; its cards still read the same for Badugi questions.
        """
        return settle(
            self.profile_for(game),
            self.hands,
            pot=self.pot or 0,
            folded=self.folded,
            button=self.button,
            names=self.names,
        )

    @property
    def folded(self) -> list[bool]:
        """Which seats folded: only a history can say; a showdown-only deal has all in."""
        if not isinstance(self.history, str) or not self.history.strip():
            return [False] * len(self.seats)
        final = replay_history(self.history).steps[-1].state
        return [seat.folded for seat in final.seats]

    def fingerprint(self) -> str:
        """A digest of everything the deal's pages are computed from.

        Cached renderings are keyed by it, so an edited deal can never be
        shown with an answer worked out for its old cards.
        """
        content = {name: getattr(self, name) for name in CONTENT_FIELDS}
        text = json.dumps(content, sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    def games(self) -> list[str]:
        """Every game the questions read these cards under, the deal's own first."""
        keys = [self.game]
        for part in self.parts:
            game = part.get("game")
            if game and game not in keys:
                keys.append(game)
        return keys

    # URLs ---------------------------------------------------------------------

    def get_absolute_url(self) -> str:
        return reverse("lessons:exercise_detail", args=[self.slug])

    @property
    def check_url(self) -> str:
        return reverse("lessons:check_answer", args=[self.slug])

    @property
    def answer_url(self) -> str:
        return reverse("lessons:answer", args=[self.slug])

    @property
    def replay_url(self) -> str | None:
        """The replayer's page, for a deal whose history it can step through."""
        return reverse("lessons:replay", args=[self.slug]) if self.history.strip() else None

    # Validation ---------------------------------------------------------------

    def clean(self) -> None:
        """Check the deal as a whole, the evaluator included.

        ``full_clean()`` calls this even when ``clean_fields()`` has refused a
        value, and a refused value is left as it was typed (``"x"`` for the
        button, a list for the game). So every check first makes sure its
        inputs have the right type and is skipped otherwise: the field's own
        error already says what is wrong.
        """
        errors: dict[str, list[str]] = {}

        def add(field: str, message: str) -> None:
            errors.setdefault(field, []).append(message)

        # clean_fields() lets None through for a field that may be blank, though the
        # database would refuse it: empty text is "", never null.
        for name in ("lesson", "history", "explanation"):
            if getattr(self, name) is None:
                add(name, "Leave this empty rather than null.")

        if isinstance(self.lesson, str) and (self.number is None or _is_int(self.number)):
            if self.lesson and self.number is None:
                add("number", "An exercise in a lesson needs its number.")
            if not self.lesson and self.number is not None:
                add("number", "Only lesson exercises have a number; clear it for a practice deal.")

        profile = self._clean_profile(add)
        seats_ok = self._clean_seats(profile, add)
        self._clean_parts(profile, seats_ok, add)
        self._clean_history(seats_ok, add)
        if errors:
            raise ValidationError(errors)

    def _clean_profile(self, add) -> GameProfile | None:
        if not isinstance(self.game, str):
            return None  # clean_fields() has said it is not one of the choices
        if self.game not in PROFILES:
            add("game", f"'{self.game}' is not one of the games.")
            return None
        if not isinstance(self.settings, dict):
            add("settings", 'Write the settings as an object, e.g. {"big_bet": 20}, or {}.')
            return None
        try:
            return self.profile
        except EvaluatorError as error:
            add("settings", f"{_sentence(error)}")
            return None

    def _clean_seats(self, profile: GameProfile | None, add) -> bool:
        seats = self.seats
        if not isinstance(seats, list) or len(seats) < 2:
            add("seats", 'List at least two seats, e.g. [{"name": "A", "cards": "…"}, …].')
            return False
        names = []
        for n, seat in enumerate(seats, start=1):
            if (
                not isinstance(seat, dict)
                or not isinstance(seat.get("name"), str)
                or not seat["name"].strip()
                or not isinstance(seat.get("cards"), str)
            ):
                add("seats", f'Seat {n} needs a "name" and its "cards", both as text.')
                return False
            unknown = sorted(set(seat) - SEAT_KEYS)
            if unknown:
                add(
                    "seats",
                    f"Seat {n} has unknown keys ({', '.join(unknown)}); a seat holds "
                    'only "name" and "cards".',
                )
                return False
            names.append(seat["name"])
        if len(set(names)) != len(names):
            add("seats", "Give every seat a different name, so answers can name them.")
            return False
        if _is_int(self.button) and not self.button < len(seats):
            add("button", f"The button must be a seat number from 0 to {len(seats) - 1}.")
        if profile is None:
            return True
        # settle() reads every hand and names both seats of a card dealt twice.
        try:
            settle(profile, [s["cards"] for s in seats], pot=0, names=names)
        except EvaluatorError as error:
            add("seats", _sentence(error))
        return True

    def _clean_parts(self, profile: GameProfile | None, seats_ok: bool, add) -> None:
        parts = self.parts
        if not isinstance(parts, list) or not parts:
            add("parts", "Give at least one question part.")
            return
        seat_count = len(self.seats) if seats_ok else None
        for n, part in enumerate(parts, start=1):
            problem = _part_problem(part, profile, seat_count)
            if problem:
                add("parts", f"Part {n}: {problem}")
            elif part["kind"] == "payouts" and self.pot is None:
                add("pot", f"Part {n} asks for payouts, so the deal needs a pot.")

    def _clean_history(self, seats_ok: bool, add) -> None:
        """The replayer must be able to play the history, and it must be this deal's."""
        if not isinstance(self.history, str) or not self.history.strip():
            return
        try:
            record = validate_history(self.history)
        except EvaluatorError as error:
            add("history", str(error))  # "line 7: Bram cannot raise: ..."
            return
        if record.profile_key != self.game:
            add(
                "history",
                f"The history plays {PROFILES[record.profile_key].name}, "
                f"but this deal's game is {self.get_game_display()}.",
            )
        names = [seat.name for seat in record.seats]
        if seats_ok and names != self.names:
            add(
                "history",
                f"The history's seats ({', '.join(names)}) must be the deal's seats, "
                f"in the same order ({', '.join(self.names)}).",
            )
        elif _is_int(self.button) and self.button != record.button:
            # Odd chips go by the button, so the exercise and the replayer must agree on it.
            add(
                "button",
                f"The history puts the button on {names[record.button]}, "
                f"seat {record.button}; set the button to {record.button}.",
            )


def _sentence(error: Exception) -> str:
    text = str(error)
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _part_problem(part: Any, profile: GameProfile | None, seat_count: int | None) -> str | None:
    """What is wrong with one question part, in words a teacher can act on."""
    if not isinstance(part, dict) or part.get("kind") not in PART_KINDS:
        return f'each part needs a "kind": one of {", ".join(PART_KINDS)}.'
    kind = part["kind"]
    game = part.get("game")
    unknown = sorted(set(part) - PART_KEYS[kind] - {"kind", "game"})
    if unknown:
        return f"a {kind} part has unknown keys ({', '.join(unknown)})."
    if game is not None:
        if kind not in ("winners", "payouts"):
            return f'only winners and payouts parts take a "game", not {kind}.'
        if not isinstance(game, str) or game not in PROFILES:
            return f"'{game}' is not one of the games ({', '.join(PROFILES)})."
        if profile and PROFILES[game].hand_size != profile.hand_size:
            return f"{PROFILES[game].name} reads a different number of cards than {profile.name}."
    if kind == "badugi_cards":
        seat = part.get("seat")
        if not _is_int(seat) or (seat_count is not None and not 0 <= seat < seat_count):
            top = f"0 to {seat_count - 1}" if seat_count else "from 0"
            return f'a badugi_cards part needs a "seat" number ({top}).'
        if profile and "badugi" not in profile.awards:
            return f"{profile.name} has no Badugi half to pick cards for."
    elif kind == "raise_to":
        round_, facing, options = part.get("round"), part.get("facing"), part.get("options")
        if not _is_int(round_) or round_ < 0 or (profile and round_ > profile.draws):
            last = profile.draws if profile else 3
            return f'a raise_to part needs a betting "round" from 0 to {last}.'
        if not _is_int(facing) or facing < 0:
            return 'a raise_to part needs the bet it is "facing", a whole number of chips.'
        if (
            not isinstance(options, list)
            or len(options) < 2
            or not all(_is_int(o) and o > 0 for o in options)
            or len(set(options)) != len(options)
        ):
            return 'a raise_to part needs at least two different "options" (chip totals).'
        if profile and profile.full_raise_to(round_, facing) not in options:
            return "none of the options is a full raise, so nobody could answer it."
    elif kind == "choice":
        question, options, answer = part.get("question"), part.get("options"), part.get("answer")
        if not isinstance(question, str) or not question.strip():
            return 'a choice part needs its "question".'
        if (
            not isinstance(options, list)
            or len(options) < 2
            or not all(isinstance(o, str) and o.strip() for o in options)
        ):
            return 'a choice part needs at least two "options" as text.'
        if not _is_int(answer) or not 0 <= answer < len(options):
            return f'the "answer" must be an option number from 0 to {len(options) - 1}.'
    return None
