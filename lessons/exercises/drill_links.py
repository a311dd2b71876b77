"""After a wrong answer, the drill that practises what the answer missed.

Beside a wrong part's "Read ..." link the feedback offers a drill of fresh
items for the part's skill (``lessons.skills``): the skill the engine's
misconception points at when it names one, as a study plan leans towards
it, else the most specific skill the part exercises. The link carries the
game and difficulty a study session deals that skill's items in, and no
seed, so each visit deals a new item. Drills belong to no lesson, so unlike
a lesson link it is never held back by how far the learner has read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lessons import skills
from lessons.deals.parts import PartResult
from lessons.deals.parts.base import Table
from lessons.learners.skill_records import table_shows


@dataclass(frozen=True)
class DrillLink:
    url: str
    skill: str  # the skill's name, as a learner says it


def drill_link(skill: skills.Skill) -> DrillLink:
    return DrillLink(skill.drill_url, skill.name)


def missed_skill(deal: Table, result: PartResult, shows: set[str]) -> skills.Skill | None:
    """The skill a wrong verdict shows the learner needs."""
    if result.misconception is not None:
        named = skills.BY_MISCONCEPTION.get(result.misconception.name)
        if named:
            return skills.BY_KEY[named]
    part = result.part
    game = skills.part_game(part, deal.game)
    found = skills.skills_for(str(part.get("kind", "")), game, shows)
    return skills.skill(found[0]) if found else None


def drill_links(deal: Table, results: Sequence[PartResult]) -> list[DrillLink | None]:
    """One entry per verdict: a drill link on the first wrong verdict of each skill, else None."""
    if all(result.ok for result in results):
        return [None] * len(results)
    shows = table_shows(deal)
    linked: set[str] = set()
    links: list[DrillLink | None] = []
    for result in results:
        skill = None if result.ok else missed_skill(deal, result, shows)
        if skill is None or skill.key in linked:
            links.append(None)
            continue
        linked.add(skill.key)
        links.append(drill_link(skill))
    return links
