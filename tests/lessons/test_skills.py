"""The skill map is complete: every question reaches a skill; every skill is taught and dealt."""

from __future__ import annotations

import pytest

from evaluator import PROFILES
from evaluator.drills import KINDS as DRILL_KINDS
from evaluator.drills import generate
from lessons import course, skills
from lessons.deals import parts
from lessons.drills.items import DrillTable
from lessons.learners import skill_records


@pytest.mark.parametrize("kind", list(parts.KINDS))
@pytest.mark.parametrize("game", list(PROFILES))
def test_every_part_kind_maps_to_a_skill_in_every_game(kind, game):
    found = skills.skills_for(kind, game)
    assert found and set(found) <= set(skills.BY_KEY)


@pytest.mark.parametrize("kind", list(DRILL_KINDS))
def test_every_drill_item_maps_to_a_skill_in_every_game_it_is_played_in(kind):
    for game in DRILL_KINDS[kind].games:
        for difficulty in (1, 2, 3):
            for seed in range(4):
                item = generate(kind, game, difficulty, seed)
                found = skill_records.item_skills(item)
                assert found and found <= set(skills.BY_KEY), (kind, game, difficulty, seed)


def test_skill_keys_and_names_are_unique_and_follow_the_course():
    assert len(skills.BY_KEY) == len(skills.SKILLS)
    assert len({s.name for s in skills.SKILLS}) == len(skills.SKILLS)
    order = [lesson.key for lesson in course.LESSONS]
    lessons = [order.index(s.lesson) for s in skills.SKILLS]
    assert lessons == sorted(lessons), "skills are listed in course order"
    assert 15 <= len(skills.SKILLS) <= 25


@pytest.mark.django_db
@pytest.mark.parametrize("skill", skills.SKILLS, ids=lambda s: s.key)
def test_every_skill_has_a_section_on_its_page(client, skill):
    lesson, _, anchor = skill.section.partition("#")
    assert lesson in course.BY_KEY
    body = client.get(course.BY_KEY[lesson].url).content.decode()
    assert f'id="{anchor}"' in body


@pytest.mark.parametrize("skill", skills.SKILLS, ids=lambda s: s.key)
def test_every_skill_has_a_generator_that_deals_items_of_it(skill):
    drill = DRILL_KINDS[skill.drill]
    assert skill.game in drill.games
    exercised = 0
    for seed in range(40):
        item = generate(skill.drill, skill.game, skill.difficulty, seed)
        table = DrillTable.of(item)
        assert parts.questions(table)  # the item can be asked
        if skill.key in skill_records.item_skills(item):
            exercised += 1
    assert exercised, f"no item of {skill.drill} exercises {skill.name}"


def test_every_misconception_a_skill_names_exists_and_belongs_to_one_skill():
    from evaluator.misconceptions import MISCONCEPTIONS

    named = [m for s in skills.SKILLS for m in s.misconceptions]
    assert set(named) <= set(MISCONCEPTIONS)
    assert len(named) == len(set(named))


def test_what_a_payouts_part_exercises_depends_on_what_the_pot_shows():
    assert skills.skills_for("payouts", "badacey") == ["split-pot"]
    both = skills.skills_for("payouts", "badacey", {skills.SIDE_POTS, skills.TIE})
    assert both == ["side-pots", "ties-odd-chips", "split-pot"]
    assert skills.skills_for("choice", "badacey", {skills.BETTING}) == ["betting-cap"]
    assert skills.skills_for("badugi_cards", "badeucey") == ["ace-high-badugi"]
