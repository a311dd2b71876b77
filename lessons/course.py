"""The course: the lessons in the one order every page uses.

Home, the menu, the previous/next lesson links and the "Next lesson" button
after a lesson's last exercise all read ``LESSONS``, so the order is stated
once. Badugi comes first because it reads a hand once (one four-card
selection); Badacey then reads the same cards twice, and Badeucey changes
both readings; drawing decisions need all three.

``TEACHES`` names, for each lesson, the section that explains what a kind of
question part asks, so a wrong answer can send the learner back to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse


@dataclass(frozen=True)
class Lesson:
    key: str  # Deal.lesson and the URL name in the lessons app
    title: str  # as the menu and the next-lesson links say it
    summary: str  # one line for the home page

    @property
    def url(self) -> str:
        return reverse(f"lessons:{self.key}")


LESSONS: tuple[Lesson, ...] = (
    Lesson("badugi", "Badugi rules", "legal selections, hand sizes, comparing equal sizes."),
    Lesson("badacey", "Badacey rules", "the ace-to-five low and the Badugi half of one hand."),
    Lesson("badeucey", "Badeucey rules", "the deuce-to-seven low and the ace-high Badugi."),
    Lesson("drawing", "Drawing decisions", "outs, exact odds and how many cards to draw."),
)
BY_KEY = {lesson.key: lesson for lesson in LESSONS}

# Which section of a lesson teaches what a kind of question part asks.
TEACHES: dict[str, dict[str, str]] = {
    "badugi": {"badugi_cards": "best-subset", "winners": "hand-sizes", "payouts": "equal-sizes"},
    "badacey": {"badugi_cards": "choosing-badugi", "winners": "awarding", "payouts": "awarding"},
    "badeucey": {
        "badugi_cards": "ace-high-badugi",
        "winners": "both-halves",
        "payouts": "showdowns",
    },
    "drawing": {"outs": "outs", "odds_estimate": "odds-tables", "discard": "how-many"},
}
FIRST_SECTION = {"badugi": "valid-cards", "badacey": "one-holding", "badeucey": "two-scores"}


def lesson(key: str) -> Lesson | None:
    return BY_KEY.get(key)


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
    """The URL of the section of lesson ``key`` that explains ``part_kind``."""
    anchor = TEACHES.get(key, {}).get(part_kind) or FIRST_SECTION.get(key, "counted-or-judged")
    return f"{reverse(f'lessons:{key}')}#{anchor}"


def context(request) -> dict[str, object]:
    """Template context processor: the course order, for the menu and the home page."""
    return {"course_lessons": LESSONS}
