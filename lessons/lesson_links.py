"""Where the lessons teach an idea: a misconception's section as a link a learner can follow.

The engine names a section as ``"<lesson>#<anchor>"`` (``evaluator.misconceptions``);
this module turns that into the lesson page's URL and the section's heading,
so a piece of feedback can say "see *Awarding each half* in the Badacey
lesson". ``tests/lessons/test_lesson_links.py`` checks every anchor used
exists on its page, so a renamed heading cannot leave a dead link.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from .course import LESSONS

LESSON_NAMES = {
    "badacey": "Badacey",
    "badugi": "Badugi",
    "badeucey": "Badeucey",
    "drawing": "drawing",
}

# The headings of the sections feedback links to, as the pages show them.
SECTION_TITLES = {
    "badacey#five-card-low": "Reading the ace-to-five low",
    "badacey#choosing-badugi": "Choosing the Badugi cards",
    "badacey#awarding": "Awarding each half and splitting ties",
    "badacey#odd-chips": "Odd chips and side pots",
    "badacey#badacey-or-badeucey": "Badacey or Badeucey?",
    "badacey#schedule": "Three draws, four fixed-limit rounds",
    "badugi#valid-cards": "Two tests for every selection",
    "badugi#hand-sizes": "Four cards beat three, three beat two",
    "badugi#equal-sizes": "Comparing hands of the same size",
    "badugi#best-subset": "Finding the best selection",
    "badugi#draws": "Three draws, four betting rounds",
    "badugi#betting": "Fixed-limit betting",
    "badeucey#deuce-to-seven": "Reading the deuce-to-seven low",
    "badeucey#ace-high-badugi": "The ace-high Badugi",
    "drawing#outs": "Outs: the cards that finish a hand",
    "drawing#odds-tables": "Odds tables",
    "drawing#how-many": "How many cards to draw",
}


# For a section in a lesson the learner may not have reached, the section of an
# earlier lesson that teaches the same idea (followed until one is reached).
EARLIER = {
    "badeucey#deuce-to-seven": "badacey#badacey-or-badeucey",
    "badeucey#ace-high-badugi": "badacey#badacey-or-badeucey",
    "badacey#awarding": "badugi#equal-sizes",
    "badacey#odd-chips": "badugi#equal-sizes",
    "badacey#badacey-or-badeucey": "badugi#equal-sizes",
    "badacey#choosing-badugi": "badugi#best-subset",
    "badacey#schedule": "badugi#betting",
}


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
        ref = EARLIER.get(ref, "")
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
    """The link for a ``"lesson#anchor"`` reference."""
    lesson, _, anchor = ref.partition("#")
    url = reverse(f"lessons:{lesson}") + f"#{anchor}"
    return SectionLink(url, SECTION_TITLES[ref], LESSON_NAMES[lesson])
