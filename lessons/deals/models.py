"""The deals feature's tables: a stored deal and the record of shipped content.

A deal stores only what a teacher types (cards, pot, questions); every
result is asked of the evaluator when it is needed, so a stored deal can never
disagree with the rules. ``clean()`` runs the evaluator too, so the admin
cannot save a deal the site would be unable to explain. What each kind of
question part means lives in ``lessons.deals.parts``; a history is read through
``lessons.deals.histories``.

A deal saved before a rule change, or written to the database by hand, may
no longer validate: ``stored_problems`` says why, and every page that shows a
deal shows those sentences instead of failing. Saving an existing deal checks
its ``version``, so of two teachers editing the same deal the later save is
refused instead of silently undoing the earlier one.
"""

from __future__ import annotations

import hashlib
import json
from functools import cached_property, lru_cache
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models, router, transaction
from django.urls import get_script_prefix, get_urlconf, reverse

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
from evaluator.deal import full_settings
from evaluator.settlement import hand_problems
from lessons import course
from lessons.deals import parts as part_kinds
from lessons.deals.histories import HistoryFacts, history_facts, replay_history
from lessons.deals.parts.base import SeatReadings

SEAT_KEYS = {"name", "cards"}
# A seat name is written "Name: cards" on one line of the admin's seats box.
NAME_FORBIDDEN = (":", "\n", "\r")
# No deck deals more hands than this without a card appearing twice.
MAX_SEATS = len(DECK) // min(profile.hand_size for profile in PROFILES.values())


def game_choices() -> list[tuple[str, str]]:
    """A callable, so adding a game profile needs no migration."""
    return [(key, profile.name) for key, profile in PROFILES.items()]


def section_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every lesson's sections, grouped by lesson: a callable, so the course needs no migration."""
    return [
        (name, [(s.anchor, s.title) for s in course.BY_KEY[key].sections])
        for key, name in course.lesson_choices()
    ]


# Every field a deal's question or worked answer is computed from.
CONTENT_FIELDS = (
    "slug",
    "title",
    "lesson",
    "number",
    "section",
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


# Fields no engine reads: whatever is stored in them, every page can still show the deal,
# so a page's check of a stored deal skips their field validators.
PRESENTATION_FIELDS = [
    "title",
    "slug",
    "prompt",
    "explanation",
    "published",
    "study_mode",
    "version",
    "created_at",
    "updated_at",
]


class StaleDealError(Exception):
    """Someone saved the deal after this copy of it was read; saving it would undo their work."""

    def __init__(self, deal: Deal, stored_version: int | None) -> None:
        self.deal = deal
        self.stored_version = stored_version
        super().__init__(
            f"“{deal.title}” was saved by someone else after you opened it (it is now at "
            f"version {stored_version}; you started from version {deal.version}). "
            "Nothing of yours was saved."
        )


def deal_url(name: str, slug: str) -> str:
    """``reverse(name, args=[slug])``, remembered per URL configuration and script prefix.

    Why: a lesson page links each exercise's check, answer and hint views
    three dozen times, and Django's ``reverse`` costs 30 to 100 µs a call,
    a few milliseconds of a page rendered afresh. A URL depends only on the
    URL patterns (code) and the slug, so nothing a teacher edits can stale it.
    """
    return _deal_url(name, slug, settings.ROOT_URLCONF, get_urlconf(), get_script_prefix())


@lru_cache(maxsize=4096)
def _deal_url(name: str, slug: str, root: str, urlconf: object, prefix: str) -> str:
    return reverse(name, args=[slug])


class DealQuerySet(models.QuerySet):
    def published(self) -> DealQuerySet:
        return self.filter(published=True)

    def for_lesson(self, key: str) -> DealQuerySet:
        """The lesson's numbered exercises, without its quick checks (``section`` set)."""
        return self.filter(lesson=key, section="").order_by("number")

    def quick_checks(self, key: str) -> DealQuerySet:
        """The lesson's quick checks, one per section it has one for (the page shows them)."""
        return self.filter(lesson=key).exclude(section="").order_by("section")

    def practice(self) -> DealQuerySet:
        return self.filter(lesson="")


class Deal(SeatReadings, models.Model):
    title = models.CharField(max_length=120)
    slug = models.SlugField(max_length=80, unique=True)
    lesson = models.CharField(
        max_length=20,
        choices=course.lesson_choices,  # the course is the one list of lessons
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
    # A quick check is a lesson deal shown after one section of its lesson page.
    section = models.CharField(
        max_length=40,
        choices=section_choices,  # the sections are declared once, in lessons.course
        blank=True,
        help_text="For a quick check only: the section of the lesson it follows on the page "
        "(leave the number blank). Leave empty for an exercise or a practice deal.",
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
    # A new deal is a draft: learners see it only once a teacher ticks this.
    published = models.BooleanField(
        default=False,
        help_text="Learners see the deal only once this is ticked; until then it is a draft.",
    )
    study_mode = models.BooleanField(
        "Replay asks before it shows",
        default=False,
        help_text="The deal's replay link opens a quiz: it stops at each bet, draw and the "
        "showdown and asks the learner first. Learners can leave it for the plain replay.",
    )
    version = models.PositiveIntegerField(
        default=1,
        help_text="Counts the saves; a save of an older version than the stored one is refused.",
    )
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
            # Drafts may pile up while a teacher tries versions; the page shows one.
            models.UniqueConstraint(
                fields=["lesson", "section"],
                condition=models.Q(published=True) & ~models.Q(section=""),
                name="one_published_quick_check_per_section",
                violation_error_message="That section already has a published quick check: "
                "unpublish it first, or keep this one as a draft.",
            ),
        ]

    def __str__(self) -> str:
        if self.lesson and self.section:
            return f"{self.get_lesson_display()} quick check ({self.section}): {self.title}"
        if self.lesson:
            return f"{self.get_lesson_display()} exercise {self.number}: {self.title}"
        return self.title

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save, refusing to overwrite a newer version than the one this copy was read at.

        The version is claimed with one conditional UPDATE before the row is
        written, so two saves racing each other cannot both pass: the second
        finds the version moved on and raises ``StaleDealError``.
        """
        if self._state.adding or self.pk is None:
            super().save(*args, **kwargs)
            return
        using = kwargs.get("using") or router.db_for_write(type(self), instance=self)
        with transaction.atomic(using=using):
            rows = type(self)._default_manager.using(using).filter(pk=self.pk)
            claimed = rows.filter(version=self.version).update(version=models.F("version") + 1)
            if not claimed:
                raise StaleDealError(self, rows.values_list("version", flat=True).first())
            self.version += 1
            super().save(*args, **kwargs)

    # What the evaluator reads -------------------------------------------------

    @property
    def profile(self) -> GameProfile:
        return get_profile(self.game, **(self.settings or {}))

    @property
    def hands(self) -> list[tuple[Card, ...]]:
        return [parse_cards(seat["cards"]) for seat in self.seats]

    def settlement(self, game: str | None = None) -> Settlement:
        """Who wins what. Without a pot, settle 0 chips: the winners are still named.

        A deal with a history settles the chips each seat put in, as the
        replayer does: a seat all in for less makes side pots, and a seat
        that folded wins nothing though its chips stay in (its cards still
        read the same for Badugi questions). The history's total alone would
        pay an all-in seat chips it never covered.
        """
        return self.settle_table(game)

    @property
    def has_history(self) -> bool:
        return isinstance(self.history, str) and bool(self.history.strip())

    @property
    def folded(self) -> list[bool]:
        """Which seats folded: only a history can say; a showdown-only deal has all in."""
        if not self.has_history:
            return [False] * len(self.seats)
        return history_facts(self.history).folded

    @property
    def chips_put_in(self) -> list[int] | None:
        """Each seat's chips put in over the whole history, or None for a deal without one."""
        if not self.has_history:
            return None
        return [row.total for row in replay_history(self.history).contributions.rows]

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
        return [self.game, *(g for g in part_kinds.games(self.parts) if g != self.game)]

    @cached_property
    def stored_problems(self) -> list[str]:
        """Why this deal, as loaded, no longer validates: empty when it does.

        Pages show these sentences (the engine's own, e.g. the refused line of
        a history) in place of a deal they cannot explain, and the ``deals``
        system check lists them. Computed once per loaded instance.
        """
        try:
            self.full_clean(
                exclude=PRESENTATION_FIELDS, validate_unique=False, validate_constraints=False
            )
        except ValidationError as error:
            return [message for messages in error.message_dict.values() for message in messages]
        return []

    # URLs ---------------------------------------------------------------------

    def get_absolute_url(self) -> str:
        return reverse("lessons:exercise_detail", args=[self.slug])

    @property
    def check_url(self) -> str:
        return deal_url("lessons:check_answer", self.slug)

    @property
    def answer_url(self) -> str:
        return deal_url("lessons:answer", self.slug)

    @property
    def hint_url(self) -> str:
        """Where the hint button posts (a drill item has its own; see lessons/_hints.html)."""
        return deal_url("lessons:hint", self.slug)

    @property
    def replay_url(self) -> str | None:
        """The replayer's page, for a deal whose history it can step through."""
        if not self.history.strip():
            return None
        url = deal_url("lessons:replay", self.slug)
        return f"{url}?guess=1" if self.study_mode else url

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
        for name in ("lesson", "section", "history", "explanation"):
            if getattr(self, name) is None:
                add(name, "Leave this empty rather than null.")

        quick = isinstance(self.section, str) and bool(self.section)
        if isinstance(self.lesson, str) and (self.number is None or _is_int(self.number)):
            if self.lesson and self.number is None and not quick:
                add("number", "An exercise in a lesson needs its number.")
            if not self.lesson and self.number is not None:
                add("number", "Only lesson exercises have a number; clear it for a practice deal.")
        if quick and isinstance(self.lesson, str):
            self._clean_section(add)

        profile = self._clean_profile(add)
        seats_ok = self._clean_seats(profile, add)
        self._clean_parts(profile, seats_ok, add)
        self._clean_history(profile, seats_ok, add)
        if errors:
            raise ValidationError(errors)

    def _clean_section(self, add) -> None:
        """A quick check follows a section of its own lesson, and has no exercise number."""
        found = course.lesson(self.lesson)
        if found is None:
            add("section", "A quick check belongs to a lesson: choose the lesson it is part of.")
            return
        anchors = [section.anchor for section in found.sections]
        if self.section not in anchors:
            add(
                "section",
                f"“{self.section}” is not a section of the {found.name} lesson; choose one of "
                f"{', '.join(anchors)}.",
            )
        if self.number is not None:
            add("number", "A quick check has no exercise number: clear it, or clear the section.")

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
        """True when every seat has a name and cards as text (not that the cards are good)."""
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
            name = seat["name"]
            if name != name.strip() or any(c in name for c in NAME_FORBIDDEN):
                add(
                    "seats",
                    f"Seat {n}'s name must be one line without a colon or spaces around it, "
                    "as the admin writes it before the cards.",
                )
                return False
            names.append(name)
        if len(set(names)) != len(names):
            add("seats", "Give every seat a different name, so answers can name them.")
            return False
        if _is_int(self.button) and not self.button < len(seats):
            add("button", f"The button must be a seat number from 0 to {len(seats) - 1}.")
        if profile is None:
            return True
        if self._clean_each_hand(profile, add):
            return True
        # settle() reads every hand and names both seats of a card dealt twice.
        try:
            settle(profile, [s["cards"] for s in seats], pot=0, names=names)
        except EvaluatorError as error:
            add("seats", _sentence(error))
        return True

    def _clean_each_hand(self, profile: GameProfile, add) -> bool:
        """Every unreadable or wrong-sized hand and every repeated card at once; True if any.

        settle() stops at the first problem it meets, which left a teacher
        fixing one hand per save; the engine's ``hand_problems`` names them all.
        """
        problems = hand_problems(profile, [s["cards"] for s in self.seats], self.names)
        for problem in problems:
            add("seats", _sentence(problem))
        return bool(problems)

    def _clean_parts(self, profile: GameProfile | None, seats_ok: bool, add) -> None:
        parts = self.parts
        if not isinstance(parts, list) or not parts:
            add("parts", "Give at least one question part.")
            return
        seat_count = len(self.seats) if seats_ok else None
        for n, part in enumerate(parts, start=1):
            problem = part_kinds.part_problem(part, profile, seat_count)
            if problem:
                add("parts", f"Part {n}: {problem}")
                continue
            for field, message in part_kinds.kind_of(part).deal_problems(part, self).items():
                add(field, f"Part {n} {message}")

    def _clean_history(self, profile: GameProfile | None, seats_ok: bool, add) -> None:
        """The replayer must be able to play the history, and it must be this deal's.

        A deal with a history takes its game, settings, seats, button and pot
        from it; any of them that says otherwise is refused beside its own box.
        """
        if not isinstance(self.history, str) or not self.history.strip():
            return
        try:
            facts = history_facts(self.history)
        except EvaluatorError as error:
            add("history", str(error))  # "line 7: Bram cannot raise: ..."
            return
        if facts.game != self.game:
            add(
                "history",
                f"The history plays {PROFILES[facts.game].name}, "
                f"but this deal's game is {self.get_game_display()}.",
            )
            return
        if seats_ok and facts.names != self.names:
            add(
                "history",
                f"The history's seats ({', '.join(facts.names)}) must be the deal's seats, "
                f"in the same order ({', '.join(self.names)}).",
            )
            return
        if _is_int(self.button) and self.button != facts.button:
            # Odd chips go by the button, so the exercise and the replayer must agree on it.
            add(
                "button",
                f"The history puts the button on {facts.names[facts.button]}, "
                f"seat {facts.button}; set the button to {facts.button}.",
            )
        if seats_ok:
            self._clean_cards_against(facts, add)
        if (self.pot is None or _is_int(self.pot)) and self.pot != facts.pot:
            stored = "none" if self.pot is None else self.pot
            add(
                "pot",
                f"The history's pot comes to {facts.pot} chips, not {stored}: "
                "clear the pot to take it from the history.",
            )
        if profile is not None:
            self._clean_settings_against(facts, add)

    def _clean_cards_against(self, facts: HistoryFacts, add) -> None:
        for seat, final in zip(self.seats, facts.seats, strict=True):
            try:
                same = set(parse_cards(seat["cards"])) == set(parse_cards(final["cards"]))
            except EvaluatorError:
                return  # _clean_seats has named the card it cannot read
            if not same:
                add(
                    "seats",
                    f"The history ends with {seat['name']} holding {final['cards']}, "
                    f"not {seat['cards']}: clear the seats to take them from the history.",
                )

    def _clean_settings_against(self, facts: HistoryFacts, add) -> None:
        ours, theirs = full_settings(self.game, self.settings), facts.full_settings()
        # A room's structure or draw count appears only where it is not the default.
        names = [*theirs, *(name for name in ours if name not in theirs)]
        differ = [name for name in names if ours.get(name) != theirs.get(name)]
        if differ:
            said = ", ".join(
                f"{name} = {theirs.get(name, 'the default')} (not {ours.get(name, 'the default')})"
                for name in differ
            )
            add(
                "settings",
                f"The history's table has {said}: clear the settings to take them from "
                "the history.",
            )


def _sentence(error: Exception) -> str:
    text = str(error)
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class LoadedContent(models.Model):
    """A shipped deal (``lessons.content``) this database has been given once.

    The loader creates only slugs it finds no record of, so a deal a teacher
    edited is never overwritten and one a teacher deleted stays deleted.
    """

    slug = models.SlugField(max_length=80, unique=True)
    loaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "loaded lesson content"
        verbose_name_plural = "loaded lesson content"

    def __str__(self) -> str:
        return self.slug
