"""What every kind of question part provides, and the pieces they share.

A question part is a small dict stored in ``Deal.parts`` (``{"kind":
"winners", "game": "badeucey"}``). Its kind is a ``PartKind`` subclass in a
module of this package, and that class is the only code that knows what the
part means: how a teacher writes it as a line of text, what makes it valid,
the learner's form fields, how an answer is checked, the model answer and
the piece of worked answer it adds. ``lessons/deals/parts/__init__.py`` finds the
kinds; ``docs/question-parts.md`` explains how to add one.

The kinds read a deal only through the attributes listed in ``Table``, so a
question can also be asked of an unsaved ``Deal`` built on the fly (a drill
item) with no database row behind it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeGuard

from django import forms

from evaluator import Card, GameProfile, Settlement, get_profile, settle
from evaluator.misconceptions import Misconception
from lessons.course import SectionLink, section_link

Part = dict[str, Any]
Answers = Mapping[str, Any]  # a form's cleaned_data, keyed by answer_key()


class Table(Protocol):
    """What a part kind may read of a deal (``lessons.models.Deal`` has all of it)."""

    slug: str
    parts: list[dict[str, Any]]
    pot: int | None
    button: int

    # Read-only here: a replay step dressed as a deal computes both.
    @property
    def game(self) -> str: ...

    @property
    def seats(self) -> list[dict[str, str]]: ...

    @property
    def profile(self) -> GameProfile: ...

    @property
    def names(self) -> list[str]: ...

    @property
    def hands(self) -> list[tuple[Card, ...]]: ...

    @property
    def folded(self) -> list[bool]: ...

    @property
    def chips_put_in(self) -> list[int] | None: ...

    def profile_for(self, game: str | None = None) -> GameProfile: ...

    def settlement(self, game: str | None = None) -> Settlement: ...


class SeatReadings:
    """The readings of a table's seats that a stored deal and a drill item share.

    Both keep ``seats``, ``hands``, ``game`` and ``profile``; what follows from
    them is written once here so the two kinds of table cannot drift apart.
    """

    seats: list[dict[str, str]]
    game: str
    pot: int | None
    button: int

    @property
    def profile(self) -> GameProfile:
        raise NotImplementedError

    @property
    def hands(self) -> list[tuple[Card, ...]]:
        raise NotImplementedError

    def profile_for(self, game: str | None = None) -> GameProfile:
        """The table's own profile, or another game re-reading the same cards.

        Table settings belong to the table's own game; another game is read with
        its defaults, because only its hand rankings matter to the question.
        """
        if game is None or game == self.game:
            return self.profile
        return get_profile(game)

    @property
    def names(self) -> list[str]:
        return [seat["name"] for seat in self.seats]

    @property
    def chips_put_in(self) -> list[int] | None:
        """Each seat's chips put in, when they decide the pots; None when one pot is settled.

        A stored deal with a history takes them from its replay, and a drill
        item may give them: all-in players then make side pots, and a folded
        seat's chips stay in the pot it left. A deal of cards and a pot alone
        settles its one ``pot``.
        """
        return None

    def settle_table(self, game: str | None = None) -> Settlement:
        """The engine's settlement of this table: the one path every question reads.

        The verdict, the check, the hints, the worked and the model answers
        all come here (through ``settlement``), so they can never settle the
        same chips two ways: with chips put in, the main and side pots are
        built from them exactly as the replayer builds them.
        """
        put_in = self.chips_put_in
        return settle(
            self.profile_for(game),
            self.hands,
            pot=None if put_in is not None else (self.pot or 0),
            contributions=put_in,
            folded=self.folded,
            button=self.button,
            names=self.names,
        )

    @property
    def folded(self) -> list[bool]:
        raise NotImplementedError

    @property
    def seats_with_folds(self) -> list[tuple[dict[str, str], tuple[Card, ...], bool]]:
        """Each seat, its cards and whether it folded: a card list must say who is out."""
        return list(zip(self.seats, self.hands, self.folded, strict=True))


class PartTextError(ValueError):
    """A line of the admin's parts box that cannot be read; the message says how to write it."""


def answer_key(index: int, *detail: object) -> str:
    """The form field (and ``cleaned_data`` key) of part ``index``, plus an award or seat."""
    return "_".join([f"p{index}", *(str(d) for d in detail)])


def is_whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Question:
    """One fieldset of the answer form: its legend and the fields that answer it.

    ``key`` names the fieldset (its id is the form prefix plus the key), and
    ``fields`` maps each ``answer_key()`` to its Django form field. The kind's
    template draws it (its ``fields`` partial).
    """

    key: str
    legend: str
    fields: dict[str, forms.Field]
    template: str
    kind: str
    part: int = -1  # the part's index in the deal; the registry fills it in


@dataclass(frozen=True)
class PartResult:
    """The verdict on one question (one per award for a winners part).

    ``fields`` are the answer keys the verdict is about, so feedback can mark
    the inputs it concerns (for a wrong answer, only the wrong ones).
    ``misconception`` is the wrong idea the engine found behind a wrong
    answer, if any; ``lesson`` a ``"lesson#anchor"`` section to read when no
    misconception is named. ``hints`` is how many hints the learner took on
    this part before answering (``AnswerForm`` fills it in), so progress can
    tell an answer found alone from one found with help.
    """

    part: Part
    ok: bool
    message: str
    heading: str = ""
    fields: tuple[str, ...] = ()
    misconception: Misconception | None = None
    lesson: str = ""
    hints: int = 0
    index: int = -1  # the part's index in the deal; the registry fills it in

    @property
    def link(self) -> SectionLink | None:
        """The lesson section that teaches what a wrong answer missed."""
        if self.ok:
            return None
        ref = self.misconception.lesson if self.misconception else self.lesson
        return section_link(ref) if ref else None


@dataclass(frozen=True)
class WorkedPiece:
    """What a part adds to the worked answer beyond the deal's readings.

    ``template`` is the kind's ``answer`` partial; ``context`` is what it reads.
    """

    template: str
    context: Mapping[str, Any] = field(default_factory=dict)


class Outcomes:
    """The deal's settlement under each game, computed once per check however many parts ask."""

    def __init__(self, deal: Table) -> None:
        self.deal = deal
        self._known: dict[str, Settlement] = {}

    def __call__(self, game: str | None = None) -> Settlement:
        key = game or self.deal.game
        if key not in self._known:
            self._known[key] = self.deal.settlement(key)
        return self._known[key]


class PartKind:
    """One kind of question part. Subclass it in a module of ``lessons.deals.parts``.

    Class attributes:

    - ``kind``: the value of the part's ``"kind"`` key as stored;
    - ``keyword``: the first word of its line in the admin's parts box;
    - ``keys``: what else the part may hold (anything more is a typo);
    - ``syntax``: the help text teachers read beside the parts box;
    - ``order``: where the kind comes in that help text;
    - ``before_the_draw``: the question is about a draw still to come.
    """

    kind: ClassVar[str]
    keyword: ClassVar[str]
    keys: ClassVar[frozenset[str]] = frozenset()
    syntax: ClassVar[str]
    order: ClassVar[int] = 100
    # True for a question about a draw still to come: the worked answer then
    # says its readings are of the hands as they stand, not a final showdown.
    before_the_draw: ClassVar[bool] = False

    @property
    def template(self) -> str:
        """The kind's template; its ``fields`` and ``answer`` partials draw the part."""
        return f"lessons/parts/{self.kind}.html"

    @property
    def fields_template(self) -> str:
        return f"{self.template}#fields"

    @property
    def answer_template(self) -> str:
        return f"{self.template}#answer"

    # Text, for the admin ---------------------------------------------------------

    def to_text(self, part: Part, names: Sequence[str]) -> str:
        """The line a teacher reads and types; ``from_text`` reads it back to ``part``."""
        raise NotImplementedError

    def from_text(self, rest: str, names: Sequence[str] | None) -> Part:
        """The part written as ``rest`` (the line after the keyword).

        ``names`` are the deal's seat names, or None while the seats cannot be
        read: then only the line's own syntax is checked. Raise
        ``PartTextError`` with a sentence saying how to write the line.
        """
        raise NotImplementedError

    # Validation --------------------------------------------------------------------

    def problem(
        self, part: Part, profile: GameProfile | None, seat_count: int | None
    ) -> str | None:
        """What is wrong with a part of this kind, in words a teacher can act on.

        The ``"kind"`` and the keys have been checked already. ``profile`` or
        ``seat_count`` is None when the deal's own game or seats are invalid
        (their own errors say so); check what can be checked without them.
        """
        return None

    def deal_problems(self, part: Part, deal: Table) -> dict[str, str]:
        """Problems the part causes in another field of a deal otherwise valid (field: message)."""
        return {}

    def games(self, part: Part) -> list[str]:
        """Games other than the deal's own that the part reads the cards under."""
        return []

    # The learner's form ----------------------------------------------------------

    def questions(self, index: int, part: Part, deal: Table) -> list[Question]:
        raise NotImplementedError

    # Checking and answers ---------------------------------------------------------

    def check(
        self, index: int, part: Part, deal: Table, answers: Answers, outcomes: Outcomes
    ) -> list[PartResult]:
        """Verdicts on a complete answer (every field of the part cleaned).

        A wrong answer is explained without giving the right one away.
        """
        raise NotImplementedError

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        """The fully right POST data for this part, keyed by ``answer_key()``.

        Asked of the evaluator directly, never of ``check``: tests and the
        page benchmark post it to prove that the site accepts what the
        engine says.
        """
        raise NotImplementedError

    def worked(self, part: Part, deal: Table) -> WorkedPiece | None:
        """The part's own piece of the worked answer, if the readings do not show it."""
        return None

    # Hints -------------------------------------------------------------------------

    def hints(self, part: Part, deal: Table) -> list[str]:
        """Up to three hints, computed from the deal, each nearer the answer than the last.

        The first points at the idea, the last comes close to the answer
        without stating it. A kind with nothing to compute (a teacher's own
        question) offers none.
        """
        return []


# Form fields the kinds share ------------------------------------------------------


def card_value(card: Card) -> str:
    """ASCII form values ("10s"), so a post never depends on suit symbols surviving."""
    return f"{card.rank_text}{card.suit}"


def short(value: Any, limit: int = 12) -> str:
    """A posted value as an error message may echo it: never more than a few characters."""
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ShortEchoMixin:
    """Choice fields whose "not one of the options" message quotes at most a short excerpt."""

    def validate(self, value: Any) -> None:
        try:
            super().validate(value)  # type: ignore[misc]
        except forms.ValidationError as error:
            if getattr(error, "params", None) and "value" in error.params:
                error.params = {**error.params, "value": short(error.params["value"])}
            raise


class DistinctChoicesField(ShortEchoMixin, forms.TypedMultipleChoiceField):
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


class OneChoiceField(ShortEchoMixin, forms.TypedChoiceField):
    """Radio buttons read as one whole number."""
