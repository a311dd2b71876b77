"""The lessons' quick checks: one short question after a section of a lesson page.

Each lesson keeps its checks in a module of this package named by its key
(``badugi.py``, ``badacey.py``, ...), holding a list ``CHECKS``. An entry is
written exactly like an exercise of ``lessons.content.exercises`` (title,
pot, seats, prompt, parts, explanation, optionally game, settings or
worked_deal) plus ``"section"``, the anchor of the section it follows; the
game defaults to the one the lesson's exercises are dealt in. A lesson with
no module simply has no quick checks yet, so a lesson's checks can be added
without touching this file or any other lesson's.

``check_entries()`` gives every check as the fields of its deal (slug
``<lesson>-check-<anchor>``, no exercise number), and the loader
(``lessons.content.loader``) loads them after ``migrate`` like the exercises.
"""

from __future__ import annotations

import importlib
import importlib.util

from lessons.course import LESSONS

from ..exercises import EXERCISES


def lesson_checks(key: str) -> list[dict]:
    """The ``CHECKS`` of lesson ``key``'s module, or none when it has no module yet."""
    name = f"{__name__}.{key}"
    if importlib.util.find_spec(name) is None:
        return []
    return list(importlib.import_module(name).CHECKS)


def check_slug(lesson: str, anchor: str) -> str:
    return f"{lesson}-check-{anchor}"


def check_entries() -> list[dict]:
    """Every quick check as the fields of its deal, lessons and sections in course order."""
    entries = []
    for lesson in LESSONS:
        game = EXERCISES[lesson.key][0] if lesson.key in EXERCISES else "badacey"
        order = [section.anchor for section in lesson.sections]
        checks = lesson_checks(lesson.key)
        checks.sort(key=lambda c: order.index(c["section"]) if c["section"] in order else 99)
        for entry in checks:
            entries.append(
                {
                    "slug": check_slug(lesson.key, entry["section"]),
                    "lesson": lesson.key,
                    "number": None,
                    "game": game,
                    **entry,
                }
            )
    return entries
