"""The forms of the teacher area and of joining a class; each refusal says what to do."""

from __future__ import annotations

from datetime import date
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.http import urlencode

from badacey_site.whole_numbers import read_whole_number
from evaluator import PROFILES
from lessons import course, skills
from lessons.classes import access, codes
from lessons.learners import mastery
from lessons.models import JOIN_ALPHABET, JOIN_CODE_LENGTH, Assignment, Classroom, Deal


class ClassForm(forms.Form):
    name = forms.CharField(
        label="Name of the class",
        max_length=100,
        help_text="As your learners know it, e.g. “Tuesday evening group”.",
    )

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError("Give the class a name.")
        return name


NO_OPEN_CLASS = (
    "No class is taking new learners with that code. Check the code with your teacher; "
    "if it is right, ask them whether joining is open."
)


class JoinForm(forms.Form):
    code = forms.CharField(
        label="Class code",
        max_length=20,
        help_text=f"The {JOIN_CODE_LENGTH} letters and digits your teacher gave you.",
    )

    def clean_code(self) -> Classroom:
        code = codes.normalise(self.cleaned_data["code"])
        if len(code) != JOIN_CODE_LENGTH or any(ch not in JOIN_ALPHABET for ch in code):
            raise forms.ValidationError(
                f"A class code is {JOIN_CODE_LENGTH} letters and digits, with no 0, O, 1, I or L; "
                "check it with your teacher."
            )
        classroom = Classroom.objects.filter(join_code=code).first()
        if classroom is None or not classroom.joining_open or classroom.archived:
            # One answer for both, so a closed class's code is not confirmed to a guesser.
            raise forms.ValidationError(NO_OPEN_CLASS)
        return classroom


class CoTeacherForm(forms.Form):
    username = forms.CharField(label="Their username", max_length=150)

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        self.classroom = classroom
        super().__init__(*args, **kwargs)

    def clean_username(self) -> Any:
        name = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username=name).first()
        if user is None or not access.is_teacher(user):
            raise forms.ValidationError(
                "No teacher has that username; they need a teacher's account first."
            )
        if self.classroom.teachers.filter(pk=user.pk).exists():
            raise forms.ValidationError(f"{name} already teaches this class.")
        return user


def _lesson_choices() -> list[tuple[str, str]]:
    return [("", "Choose a lesson")] + [(item.key, item.title) for item in course.LESSONS]


def _skill_choices() -> list[tuple[str, str]]:
    return [("", "Choose a skill")] + [(s.key, s.name) for s in skills.SKILLS]


def _game_choices() -> list[tuple[str, str]]:
    return [("", "Choose a game")] + [(key, p.name) for key, p in PROFILES.items()]


HAND_COUNTS = (1, 3, 5, 10, 15, 20, 30, 50, 100)


# The largest id a database column can hold (PostgreSQL's and SQLite's 64-bit integers).
LARGEST_ID = 2**63 - 1


class IdsChoiceField(forms.ModelMultipleChoiceField):
    """Ticked deals by id; an id no database could hold is refused before any query.

    Django passes every posted value to ``pk__in``; on SQLite a number past 64
    bits raises OverflowError in the driver, a 500 for anyone who edits the form.
    """

    def clean(self, value: Any) -> Any:
        for pk in value or ():
            if read_whole_number(str(pk), 1, LARGEST_ID) is None:
                raise forms.ValidationError(
                    f"“{str(pk)[:20]}” is not one of the practice deals; tick them in the list.",
                    code="invalid_pk_value",
                )
        return super().clean(value)


class AssignmentForm(forms.Form):
    kind = forms.ChoiceField(
        label="What to set", choices=Assignment.KINDS, widget=forms.RadioSelect
    )
    lesson = forms.ChoiceField(label="Lesson", choices=_lesson_choices, required=False)
    deals = IdsChoiceField(
        label="Practice deals",
        queryset=Deal.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="For practice deals: tick the ones to do.",
    )
    skill = forms.ChoiceField(label="Skill", choices=_skill_choices, required=False)
    target_level = forms.TypedChoiceField(
        label="Level to reach",
        coerce=int,
        # From Familiar up: "Learning" is reached by any first answer, even a wrong
        # one, so as a target it read "Done" for learners who keep missing the skill.
        choices=[(n, mastery.level_name(n)) for n in range(Assignment.LOWEST_TARGET, 5)],
        initial=3,
        required=False,
    )
    game = forms.ChoiceField(
        label="Game to play",
        choices=_game_choices,
        required=False,
        help_text="For hands to play: the game, at the study table.",
    )
    hands = forms.TypedChoiceField(
        label="Hands to play",
        coerce=int,
        choices=[(n, str(n)) for n in HAND_COUNTS],
        initial=10,
        required=False,
        help_text="Finished hands of that game dealt after the work is set count towards it.",
    )
    due_on = forms.DateField(
        label="Due date (optional)",
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="Leave empty for no due date.",
    )

    def __init__(self, *args: Any, instance: Assignment | None = None, **kwargs: Any) -> None:
        """``instance``: the assignment being edited; its values fill the form."""
        self.instance = instance
        if instance is not None and "initial" not in kwargs:
            kwargs["initial"] = {
                "kind": instance.kind,
                "lesson": instance.lesson,
                "deals": [d.pk for d in instance.deals.all()],
                "skill": instance.skill,
                "target_level": instance.target_level,
                "game": instance.game,
                "hands": instance.hands,
                "due_on": instance.due_on,
            }
        super().__init__(*args, **kwargs)
        deals = self.fields["deals"]
        assert isinstance(deals, IdsChoiceField)
        deals.queryset = Deal.objects.published().practice().order_by("title")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind = data.get("kind")
        if kind == Assignment.LESSON and not data.get("lesson"):
            self.add_error("lesson", "Choose the lesson to set.")
        if kind == Assignment.DEALS and not data.get("deals"):
            self.add_error("deals", "Tick at least one practice deal.")
        if kind == Assignment.SKILL:
            if not data.get("skill"):
                self.add_error("skill", "Choose the skill to reach.")
            if not data.get("target_level"):
                self.add_error("target_level", "Choose the level to reach.")
        if kind == Assignment.PLAY:
            if not data.get("game"):
                self.add_error("game", "Choose the game to play.")
            if not data.get("hands"):
                self.add_error("hands", "Choose how many hands to play.")
        return data

    def save(self, classroom: Classroom) -> Assignment:
        """Set the work (or change the one being edited); call inside a transaction."""
        data = self.cleaned_data
        kind = data["kind"]
        assignment = self.instance or Assignment(classroom=classroom)
        before = (assignment.kind, assignment.skill, assignment.target_level)
        assignment.kind = kind
        assignment.lesson = data.get("lesson", "") if kind == Assignment.LESSON else ""
        assignment.skill = data.get("skill", "") if kind == Assignment.SKILL else ""
        assignment.target_level = data.get("target_level") or 3
        assignment.game = data.get("game", "") if kind == Assignment.PLAY else ""
        assignment.hands = data.get("hands") or 10
        assignment.due_on = data.get("due_on")
        assignment.save()
        assignment.deals.set(data["deals"] if kind == Assignment.DEALS else [])
        if self.instance is not None and before != (
            kind,
            assignment.skill,
            assignment.target_level,
        ):
            # A moment a different target was reached says nothing about this one.
            assignment.finishes.all().delete()
        return assignment

    def due_in_the_past(self, today: date) -> bool:
        """Accepted, but worth a warning: the work reads "missing" the moment it is set."""
        due = self.cleaned_data.get("due_on")
        return due is not None and due < today


class PeriodForm(forms.Form):
    """The period "What the class misses most" covers; anything else falls back to 30 days."""

    period = forms.ChoiceField(
        label="Period",
        choices=[("7", "Last 7 days"), ("30", "Last 30 days"), ("all", "All time")],
        required=False,
    )

    def days(self) -> int | None:
        if self.is_valid() and self.cleaned_data.get("period") == "all":
            return None
        if self.is_valid() and self.cleaned_data.get("period") == "7":
            return 7
        return 30


class GridForm(forms.Form):
    """How the class grid is sorted and filtered, read from the links' query (no JavaScript).

    Anything unknown falls back to the plain grid: learners by name, every column.
    """

    sort = forms.CharField(required=False, max_length=60)
    dir = forms.ChoiceField(choices=[("asc", "asc"), ("desc", "desc")], required=False)
    show = forms.ChoiceField(
        label="Show",
        choices=[("", "Every learner"), ("help", "Only who needs help")],
        required=False,
    )
    work = forms.TypedChoiceField(
        label="Columns of work", coerce=int, required=False, empty_value=None
    )
    # Which page of the grid: a class of hundreds is shown a page of rows at a time.
    page = forms.IntegerField(required=False, min_value=1)

    def __init__(self, *args: Any, work_choices: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        work = self.fields["work"]
        assert isinstance(work, forms.TypedChoiceField)
        work.choices = [("", "Every piece of work"), *work_choices]

    def value(self, name: str) -> Any:
        """The cleaned value, or the field's empty answer when the query was bad."""
        if self.is_valid():
            return self.cleaned_data.get(name)
        return None

    @property
    def chosen(self) -> dict[str, str]:
        """The current choices as text, "" for each left at its default."""
        return {
            "sort": self.value("sort") or "",
            "dir": self.value("dir") or "",
            "show": self.value("show") or "",
            "work": str(self.value("work") or ""),
        }

    def query(self, **changes: str) -> str:
        """The current choices as a query string, with ``changes`` made (for the sort links)."""
        current = self.chosen
        current.update(changes)
        return urlencode({k: v for k, v in current.items() if v})


class ManagedAccountsForm(forms.Form):
    """A list of names to make into accounts in the class: pasted, or a CSV's first column."""

    names = forms.CharField(
        label="Names, one a line",
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text="Paste from a spreadsheet or a class list. Only what you type shows on a card.",
    )
    upload = forms.FileField(
        label="Or a CSV file",
        required=False,
        help_text="Names in the first column; a first row reading “name” is skipped.",
    )
    kind = forms.ChoiceField(
        label="How they sign in",
        choices=[
            ("words", "A password of three short words, typed or pasted from the card"),
            ("pictures", "A picture code: three pictures picked on the class's sign-in page"),
        ],
        initial="words",
        widget=forms.RadioSelect,
    )

    MOST_BYTES = 200_000

    def clean(self) -> dict[str, Any]:
        from lessons.classes import managed

        data = super().clean() or {}
        upload = data.get("upload")
        raw = None
        if upload is not None:
            if upload.size > self.MOST_BYTES:
                raise forms.ValidationError("The file is larger than a class list can be (200 kB).")
            raw = upload.read()
        try:
            data["list"] = managed.read_names(data.get("names") or "", raw)
        except managed.NamesRefused as refusal:
            raise forms.ValidationError(str(refusal)) from None
        return data


class PictureSignInForm(forms.Form):
    """The picture code's three choices, in order: radio buttons, no typing, no JavaScript."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from lessons.classes import managed

        super().__init__(*args, **kwargs)
        choices = [(name, name) for name, _ in managed.picture_choices()]
        for n, label in enumerate(["First picture", "Second picture", "Third picture"]):
            self.fields[f"picture{n}"] = forms.ChoiceField(
                label=label, choices=choices, widget=forms.RadioSelect
            )

    def code(self) -> str:
        return "-".join(self.cleaned_data[f"picture{n}"] for n in range(3))
