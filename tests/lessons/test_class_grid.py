"""The class grid: sorted by links, filtered by a plain form, and a CSV that matches it."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from lessons import skills
from lessons.models import Assignment, Classroom, SkillState
from tests.factories import make_teacher, right_answer
from tests.lessons.test_class_reports import joined
from tests.lessons.test_classes import make_class, signed_in
from tests.lessons.test_skill_pages import badugi_deal, wrong_answer

pytestmark = [pytest.mark.django_db, pytest.mark.cache]


@pytest.fixture
def busy():
    """ash answers wrongly three times (needs help), bo once right, cy not at all."""
    teacher = make_teacher()
    classroom = make_class(teacher)
    deal = badugi_deal(1)
    ash, bo, _ = (joined(classroom, n) for n in ("ash", "bo", "cy"))
    for _ in range(3):
        signed_in(ash).post(deal.check_url, wrong_answer(deal))
    signed_in(bo).post(deal.check_url, right_answer(deal))
    tutor = signed_in(teacher)
    tutor.post(f"/teach/{classroom.pk}/assign/", {"kind": "lesson", "lesson": "badugi"})
    tutor.post(f"/teach/{classroom.pk}/assign/", {"kind": "lesson", "lesson": "badacey"})
    return tutor, classroom


def names_in_grid(client: Client, classroom: Classroom, query: str = "") -> list[str]:
    body = client.get(f"/teach/{classroom.pk}/?{query}").content.decode()
    grid = body[body.index('id="grid-caption"') :]
    return re.findall(r'<th scope="row"><a href="[^"]+">([^<]+)</a>', grid)


def csv_rows(client: Client, classroom: Classroom, query: str = "") -> list[list[str]]:
    response = client.get(f"/teach/{classroom.pk}/grid.csv?{query}")
    return list(csv.reader(io.StringIO(response.getvalue().decode("utf-8-sig"))))


def test_the_grid_sorts_by_its_heading_links_both_ways(busy):
    tutor, classroom = busy
    assert names_in_grid(tutor, classroom) == ["ash", "bo", "cy"]
    assert names_in_grid(tutor, classroom, "sort=learner&dir=desc") == ["cy", "bo", "ash"]
    assert names_in_grid(tutor, classroom, "sort=answers&dir=desc") == ["ash", "bo", "cy"]
    assert names_in_grid(tutor, classroom, "sort=answers") == ["cy", "bo", "ash"]
    assert names_in_grid(tutor, classroom, "sort=help&dir=desc")[0] == "ash"
    # A nonsense sort falls back to names, never an error.
    assert names_in_grid(tutor, classroom, "sort=skill-nope&dir=sideways&work=99x") == [
        "ash",
        "bo",
        "cy",
    ]
    page = tutor.get(f"/teach/{classroom.pk}/?sort=answers&dir=desc").content.decode()
    assert (
        'aria-sort="descending"><a href="?sort=answers&amp;dir=asc#learners" '
        'class="grid-head">Answers' in page
    )


def test_the_grid_filters_to_who_needs_help_and_to_one_piece_of_work(busy):
    tutor, classroom = busy
    assert names_in_grid(tutor, classroom, "show=help") == ["ash"]
    badugi = Assignment.objects.get(lesson="badugi")
    page = tutor.get(f"/teach/{classroom.pk}/?work={badugi.pk}").content.decode()
    grid = page[page.index('id="grid-caption"') : page.index("</table>")]
    assert "Lesson: Badugi rules" in grid and "Lesson: Badacey rules" not in grid
    # The needs-help list above the grid names the learner and why, with a link.
    help_list = page[page.index('id="needs-help"') : page.index('id="grid-caption"')]
    assert "ash</a>: missed" in help_list and "bo</a>" not in help_list


def test_the_csv_matches_what_the_screen_shows(busy):
    tutor, classroom = busy
    badugi = Assignment.objects.get(lesson="badugi")
    query = f"show=help&work={badugi.pk}&sort=answers&dir=desc"
    rows = csv_rows(tutor, classroom, query)
    assert [r[0] for r in rows[1:]] == names_in_grid(tutor, classroom, query) == ["ash"]
    assert "Lesson: Badugi rules" in rows[0] and "Lesson: Badacey rules" not in rows[0]
    assert rows[1][1].startswith("missed")
    page = tutor.get(f"/teach/{classroom.pk}/?{query}").content.decode()
    assert f"grid.csv?sort=answers&amp;dir=desc&amp;show=help&amp;work={badugi.pk}" in page
    everyone = csv_rows(tutor, classroom)
    assert [r[0] for r in everyone[1:]] == ["ash", "bo", "cy"]
    assert everyone[1][2] == "3" and everyone[2][2] == "1" and everyone[3][2] == "0"


def test_a_large_class_is_shown_a_page_of_learners_at_a_time_and_the_csv_keeps_them_all():
    teacher = make_teacher("pager")
    classroom = make_class(teacher)
    from django.contrib.auth.models import User

    from lessons.classes.views import GRID_PAGE_ROWS
    from lessons.models import Membership

    count = GRID_PAGE_ROWS + 7
    users = User.objects.bulk_create(User(username=f"pupil-{n:03}") for n in range(count))
    Membership.objects.bulk_create(Membership(classroom=classroom, user=u) for u in users)
    client = Client()
    client.force_login(teacher)
    first = client.get(f"/teach/{classroom.pk}/").content.decode()
    assert "pupil-000" in first and f"pupil-{GRID_PAGE_ROWS - 1:03}" in first
    assert f"pupil-{GRID_PAGE_ROWS:03}" not in first
    assert f"Learners 1 to {GRID_PAGE_ROWS} of {count} shown" in first
    assert "page=2" in first
    second = client.get(f"/teach/{classroom.pk}/?page=2").content.decode()
    assert f"pupil-{count - 1:03}" in second and "pupil-000<" not in second
    # A page past the end shows the last page, a nonsense one the first: never an error.
    assert f"pupil-{count - 1:03}" in client.get(f"/teach/{classroom.pk}/?page=99").content.decode()
    assert client.get(f"/teach/{classroom.pk}/?page=x").status_code == 200
    csv_text = b"".join(client.get(f"/teach/{classroom.pk}/grid.csv").streaming_content).decode()
    assert all(f"pupil-{n:03}" in csv_text for n in range(count))


def test_the_grid_sorts_by_a_skills_level(busy):
    tutor, classroom = busy
    skill = skills.SKILLS[-1]
    for name, level in (("cy", 3), ("ash", 1)):
        SkillState.objects.update_or_create(
            user=User.objects.get(username=name), skill=skill.key, defaults={"level": level}
        )
    query = f"sort=skill-{skill.key}&dir=desc"
    assert names_in_grid(tutor, classroom, query)[:2] == ["cy", "ash"]
    page = tutor.get(f"/teach/{classroom.pk}/?{query}").content.decode()
    assert (
        f'aria-sort="descending"><a href="?sort=skill-{skill.key}&amp;dir=asc#learners" '
        'class="grid-head"' in page
    )
