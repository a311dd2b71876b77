"""The course: its lessons in order, and the sections of each, declared once.

Every page, link and piece of feedback that names a lesson or a section reads
it from here: the menu and the home page (``LESSONS``), the previous/next
links, a wrong answer's "reread" link (``teaching_section``), a misconception's
section (the engine names it as ``"<lesson>#<anchor>"``; ``section_link``
turns that into a URL and the heading a learner sees), and the rule that
feedback never sends a learner to a lesson they have not reached
(``within_reach``). ``tests/lessons/test_feedback.py`` and ``test_lesson_links.py`` check that every
section declared here is a heading with that id and that title on its page,
and that every section named anywhere is declared here.

Table basics comes first because every later lesson takes the table for
granted: the seats and the button, the forced bets, whose turn it is, what a
fixed-limit bet is, the draw, the showdown and the pots. A player who knows
poker already may skip it; nothing later needs its answers, only its words.
Badugi comes next because it reads a hand once (one four-card selection);
Badacey then reads the same cards twice, and Badeucey changes both readings;
drawing decisions need all three.

This module sits at the bottom of the app: it imports nothing of ``lessons``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.urls import get_script_prefix, reverse


@dataclass(frozen=True)
class Section:
    anchor: str  # the heading's id on the lesson page
    title: str  # the heading as the page shows it
    teaches: tuple[str, ...] = ()  # question part kinds whose "reread" link comes here
    earlier: str = ""  # "<lesson>#<anchor>" of an earlier lesson's section on the same idea


@lru_cache(maxsize=64)
def _lesson_url(key: str, prefix: str) -> str:
    """A lesson's address, looked up once per lesson (and site prefix).

    Menus, "reread" links and the class page's misses ask for lesson
    addresses dozens of times a page; they never change while the site runs.
    """
    return reverse(f"lessons:{key}")


@dataclass(frozen=True)
class Lesson:
    key: str  # Deal.lesson and the URL name in the lessons app
    title: str  # as the menu and the next-lesson links say it
    name: str  # as a sentence says it: "in the Badugi lesson"
    summary: str  # one line for the home page
    sections: tuple[Section, ...]  # the first is where a "reread" link falls back to

    @property
    def url(self) -> str:
        return _lesson_url(self.key, get_script_prefix())


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "table_basics",
        "Table basics",
        "Table basics",
        "seats, blinds, turns, fixed-limit bets, the draw and the pots.",
        (
            Section("seats", "Seats and the button"),
            Section("forced-bets", "Antes and blinds"),
            Section("acting", "Who acts first, and why", ("next_to_act",)),
            Section("actions", "Check, bet, call, raise or fold", ("pot_at",)),
            Section("limits", "Fixed bet sizes and the cap", ("raise_to",)),
            Section("draw", "The draw and standing pat"),
            Section("showdown", "The showdown", ("winners",)),
            Section("side-pots", "All-in and side pots", ("payouts",)),
            Section("odd-chip", "The odd chip"),
        ),
    ),
    Lesson(
        "badugi",
        "Badugi rules",
        "Badugi",
        "legal selections, hand sizes, comparing equal sizes.",
        (
            Section("valid-cards", "Two tests for every selection"),
            Section("hand-sizes", "Four cards beat three, three beat two", ("winners",)),
            Section(
                "equal-sizes",
                "Comparing hands of the same size",
                ("payouts",),
                earlier="table_basics#odd-chip",
            ),
            Section("best-subset", "Finding the best selection", ("badugi_cards",)),
            Section("draws", "Three draws, four betting rounds", earlier="table_basics#draw"),
            Section("betting", "Fixed-limit betting", earlier="table_basics#limits"),
        ),
    ),
    Lesson(
        "badacey",
        "Badacey rules",
        "Badacey",
        "the ace-to-five low and the Badugi half of one hand.",
        (
            Section("one-holding", "One holding, two results"),
            Section("five-card-low", "Reading the ace-to-five low"),
            Section(
                "choosing-badugi",
                "Choosing the Badugi cards",
                ("badugi_cards",),
                earlier="badugi#best-subset",
            ),
            Section(
                "awarding",
                "Awarding each half and splitting ties",
                ("winners", "payouts"),
                earlier="badugi#equal-sizes",
            ),
            Section("odd-chips", "Odd chips and side pots", earlier="badugi#equal-sizes"),
            Section("badacey-or-badeucey", "Badacey or Badeucey?", earlier="badugi#equal-sizes"),
            Section("schedule", "Three draws, four fixed-limit rounds", earlier="badugi#betting"),
        ),
    ),
    Lesson(
        "badeucey",
        "Badeucey rules",
        "Badeucey",
        "the deuce-to-seven low and the ace-high Badugi.",
        (
            Section("two-scores", "Five cards, two scores"),
            Section(
                "deuce-to-seven",
                "Reading the deuce-to-seven low",
                earlier="badacey#badacey-or-badeucey",
            ),
            Section(
                "ace-high-badugi",
                "The ace-high Badugi",
                ("badugi_cards",),
                earlier="badacey#badacey-or-badeucey",
            ),
            Section(
                "both-halves", "Cards that help both halves, and cards that fight", ("winners",)
            ),
            Section("showdowns", "Four showdowns and five slips", ("payouts",)),
        ),
    ),
    Lesson(
        "drawing",
        "Drawing decisions",
        "drawing",
        "outs, exact odds and how many cards to draw.",
        (
            Section("counted-or-judged", "What is counted and what is judged"),
            Section("outs", "Outs: the cards that finish a hand", ("outs",)),
            Section("odds-tables", "Odds tables", ("odds",)),
            Section("how-many", "How many cards to draw", ("discard",)),
        ),
    ),
)
BY_KEY = {lesson.key: lesson for lesson in LESSONS}
SECTIONS: dict[str, tuple[Lesson, Section]] = {
    f"{lesson.key}#{section.anchor}": (lesson, section)
    for lesson in LESSONS
    for section in lesson.sections
}


def lesson(key: str) -> Lesson | None:
    return BY_KEY.get(key)


def lesson_choices() -> list[tuple[str, str]]:
    """The lessons as a model field's choices, in course order ("Badacey", "Drawing")."""
    return [(item.key, item.name[:1].upper() + item.name[1:]) for item in LESSONS]


def neighbours(key: str) -> tuple[Lesson | None, Lesson | None]:
    """The lessons before and after ``key`` (None at either end)."""
    keys = [item.key for item in LESSONS]
    if key not in keys:
        return None, None
    index = keys.index(key)
    before = LESSONS[index - 1] if index > 0 else None
    after = LESSONS[index + 1] if index + 1 < len(LESSONS) else None
    return before, after


def teaching_section(key: str, part_kind: str) -> str:
    """The URL of the section of lesson ``key`` that explains ``part_kind``.

    A kind no section of the lesson names falls back to the lesson's first
    section; a deal in no lesson falls back to the drawing lesson's first.
    """
    found = BY_KEY.get(key) or BY_KEY["drawing"]
    anchor = next(
        (s.anchor for s in found.sections if part_kind in s.teaches), found.sections[0].anchor
    )
    return f"{found.url}#{anchor}"


def within_reach(ref: str, lesson: str) -> str:
    """``ref``, or the nearest section teaching it that a learner of ``lesson`` has reached.

    Lessons come in the course's order, and an exercise's feedback must not
    send its learner ahead: a link past ``lesson`` moves back to the earlier
    section that teaches the same idea, or is dropped ("") when none does.
    A deal in no lesson (practice, drills) may link anywhere.
    """
    order = [item.key for item in LESSONS]
    if lesson not in order:
        return ref
    reached = order[: order.index(lesson) + 1]
    while ref and ref.partition("#")[0] not in reached:
        ref = SECTIONS[ref][1].earlier if ref in SECTIONS else ""
    return ref


@dataclass(frozen=True)
class SectionLink:
    url: str
    title: str
    lesson: str  # the lesson's name as a sentence says it

    @property
    def text(self) -> str:
        return f"“{self.title}” in the {self.lesson} lesson"


def section_link(ref: str) -> SectionLink:
    """The link for a ``"lesson#anchor"`` reference (a declared section)."""
    found, section = SECTIONS[ref]
    return SectionLink(f"{found.url}#{section.anchor}", section.title, found.name)


def context(request) -> dict[str, object]:
    """Template context processor: the course order, for the menu and the home page."""
    return {"course_lessons": LESSONS}
