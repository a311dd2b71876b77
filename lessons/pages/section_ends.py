"""What a lesson page shows at the end of each section: its quick check and "Practise this".

A quick check is a published deal of the lesson with ``section`` set
(``lessons.content.quick_checks``); it is drawn with the same block, form
and views as an exercise (``lessons.exercises``), so checking, hints, the
worked answer and the recording of skills are the exercises' own. A
section that teaches a skill (``Skill.section``) links the drill that deals
items for it, with that skill's game and difficulty.

The page is cached for every reader (``lessons.pages.page_cache``), so the
learner's own pieces are slots filled here on each request: each check's
status line (the exercises' ``status:`` slots) and each skill's level.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import HttpRequest
from django.utils.safestring import SafeString

from lessons import course, skills
from lessons.classes.reports import level_markup
from lessons.exercises.blocks import ExerciseBlock
from lessons.learners import progress
from lessons.models import Deal, SkillState


def level_slot(skill_key: str) -> str:
    return f"skill-level:{skill_key}"


@dataclass(frozen=True)
class Practise:
    skill: skills.Skill

    @property
    def url(self) -> str:
        return self.skill.drill_url

    @property
    def slot(self) -> str:
        return level_slot(self.skill.key)

    @property
    def default_level(self) -> SafeString:
        """The level a newcomer has, shown until the slot is filled."""
        return SafeString(level_markup(0))


@dataclass
class SectionEnd:
    anchor: str
    check: ExerciseBlock | None = None
    practise: list[Practise] = field(default_factory=list)


def section_skills(lesson: str) -> dict[str, list[skills.Skill]]:
    """Each section's skills (anchor -> skills in course order)."""
    found: dict[str, list[skills.Skill]] = {}
    for skill in skills.SKILLS:
        key, _, anchor = skill.section.partition("#")
        if key == lesson:
            found.setdefault(anchor, []).append(skill)
    return found


def section_ends(lesson: str) -> list[SectionEnd]:
    """Every section of ``lesson`` with its published quick check and skills (one query)."""
    checks = {deal.section: deal for deal in Deal.objects.published().quick_checks(lesson)}
    taught = section_skills(lesson)
    return [
        SectionEnd(
            section.anchor,
            ExerciseBlock.of(checks[section.anchor]) if section.anchor in checks else None,
            [Practise(skill) for skill in taught.get(section.anchor, [])],
        )
        for section in course.BY_KEY[lesson].sections
    ]


def fills(request: HttpRequest, lesson: str) -> dict[str, str]:
    """This learner's pieces of the section ends: each check's status, each skill's level."""
    learner = progress.learner_of(request)
    if not learner.known:
        return {}
    found = progress.fills_for_statuses(progress.quick_check_statuses(learner, lesson))
    keys = [skill.key for skills_ in section_skills(lesson).values() for skill in skills_]
    levels = SkillState.objects.of_learner(learner).filter(skill__in=keys)
    for key, level in levels.values_list("skill", "level"):
        if level:
            found[level_slot(key)] = level_markup(level)
    return found
