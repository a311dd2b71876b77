"""A class of 40 in a real browser: the grid scrolls in its own box with its headings and
names in view, sorts and filters by keyboard, fits 375 px, and every teacher page of a
term (the class, a piece of work, a learner, editing, asking before deleting or
removing, renaming, the class list) has no axe violation in either colour scheme.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group, User

from lessons.content.loader import load_content
from lessons.models import (
    Assignment,
    Attempt,
    Classroom,
    Deal,
    LearnerActivity,
    Membership,
    Removal,
)
from tests.browser.axe import CLEAN
from tests.browser.test_classes_browser import press, signed_in_context
from tests.factories import make_teacher

pytestmark = [pytest.mark.browser, pytest.mark.cache, pytest.mark.django_db(transaction=True)]

LEARNERS = 40


@pytest.fixture(autouse=True)
def teachers_and_lessons():
    """An earlier transactional test's flush emptied the Teachers group and the lessons' deals."""
    Group.objects.get_or_create(name="Teachers")
    load_content()


@pytest.fixture
def big_class():
    """40 learners, answer counts 0..39 (learner-00 answered least), two pieces of work."""
    teacher = make_teacher()
    classroom = Classroom.objects.create(name="Year 9 poker club", join_code="QWERTYUP")
    classroom.teachers.add(teacher, make_teacher("co-teacher"))
    users = User.objects.bulk_create([User(username=f"learner-{n:02d}") for n in range(LEARNERS)])
    Membership.objects.bulk_create(Membership(classroom=classroom, user=u) for u in users)
    deal = Deal.objects.published().first()
    for n, user in enumerate(users):
        if n:
            Attempt.objects.bulk_create(
                Attempt(user=user, deal=deal, correct=False) for _ in range(n)
            )
            latest = Attempt.objects.filter(user=user).latest("created_at").created_at
            LearnerActivity.objects.create(user=user, answers=n, last_at=latest)
    Assignment.objects.create(classroom=classroom, kind="lesson", lesson="badugi")
    Assignment.objects.create(classroom=classroom, kind="play", game="badugi", hands=5)
    return teacher, classroom, users


def names(page) -> list[str]:
    return page.locator(".class-grid tbody th").all_inner_texts()


def test_the_grid_of_forty_reads_sorts_and_filters_by_keyboard(browser, live_server, big_class):
    teacher, classroom, users = big_class
    page = signed_in_context(browser, live_server, teacher).new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/teach/{classroom.pk}/")
    grid = page.locator(".class-grid")
    # The page itself does not scroll sideways; the grid does, in its own box.
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    box = grid.bounding_box()
    assert box is not None and box["height"] < 900
    assert grid.evaluate("g => g.scrollWidth > g.clientWidth && g.scrollHeight > g.clientHeight")

    # Scrolled down and across, the heading row and the names stay in view.
    grid.evaluate("g => { g.scrollTop = 600; g.scrollLeft = 800; }")
    heading = page.locator(".class-grid thead th").nth(5).bounding_box()
    name = page.locator(".class-grid tbody th").nth(12).bounding_box()
    box = grid.bounding_box()
    assert heading is not None and name is not None and box is not None
    assert abs(heading["y"] - box["y"]) < 3, (heading, box)
    assert abs(name["x"] - box["x"]) < 3, (name, box)

    # Sort by answers with the keyboard: most first, then least first.
    assert names(page)[:2] == ["learner-00", "learner-01"]
    press(page, page.get_by_role("link", name="Answers", exact=True))
    page.wait_for_url(re.compile(r"sort=answers"))
    assert page.locator('th[aria-sort="ascending"]').inner_text().startswith("Answers")
    press(page, page.get_by_role("link", name=re.compile(r"^Answers")))
    page.wait_for_url(re.compile(r"dir=desc"))
    assert names(page)[:2] == ["learner-39", "learner-38"]

    # Filter to one piece of work with the keyboard: its column alone.
    page.get_by_label("Columns of work", exact=True).focus()
    page.keyboard.type("Play")
    press(page, page.get_by_role("button", name="Show", exact=True))
    page.wait_for_url(re.compile(r"work="))
    headings = page.locator(".class-grid thead th").all_inner_texts()
    assert any(h.startswith("Play 5 hands") for h in headings)
    assert not any(h.startswith("Lesson:") for h in headings)
    assert names(page)[:2] == ["learner-39", "learner-38"], "the sort is kept"


def test_at_375_px_only_the_grid_scrolls_sideways(browser, live_server, big_class):
    teacher, classroom, _ = big_class
    page = signed_in_context(browser, live_server, teacher).new_page()
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(f"{live_server.url}/teach/{classroom.pk}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.locator(".class-grid").focus()
    page.keyboard.press("ArrowRight")  # the focusable region scrolls with the keyboard
    # Scrolling may be smooth: wait for it to move rather than read it at once.
    page.wait_for_function("document.querySelector('.class-grid').scrollLeft > 0", timeout=5000)


def test_every_teacher_page_of_a_term_is_axe_clean_in_both_schemes(
    browser, live_server, big_class, axe_both
):
    teacher, classroom, users = big_class
    page = signed_in_context(browser, live_server, teacher).new_page()
    work = Assignment.objects.filter(classroom=classroom).first()
    assert work is not None
    base = f"{live_server.url}/teach/{classroom.pk}"
    co_teacher = User.objects.get(username="co-teacher")
    for url in (
        f"{live_server.url}/teach/",
        f"{base}/",
        f"{base}/?sort=help&dir=desc&show=help",
        f"{base}/assignments/{work.pk}/",
        f"{base}/assignments/{work.pk}/edit/",
        f"{base}/assignments/{work.pk}/delete/",
        f"{base}/learners/{users[5].pk}/",
        f"{base}/learners/{users[5].pk}/remove/",
        f"{base}/teachers/{co_teacher.pk}/remove/",
        f"{base}/rename/",
        f"{base}/delete/",
    ):
        page.goto(url)
        assert axe_both(page) == CLEAN, url
    # An archived class's page, with its note and restore button.
    page.goto(f"{base}/")
    press(page, page.get_by_role("button", name="Archive the class"))
    page.get_by_role("button", name="Restore the class").wait_for()
    assert axe_both(page) == CLEAN
    page.goto(f"{live_server.url}/teach/")
    assert axe_both(page) == CLEAN


def test_a_learners_pages_with_their_statuses_and_a_removal_note_are_axe_clean(
    browser, live_server, big_class, axe_both
):
    _, classroom, users = big_class
    learner = signed_in_context(browser, live_server, users[3]).new_page()
    learner.goto(f"{live_server.url}/")
    mine = learner.locator(".my-assignments")
    assert "Not started" in mine.inner_text() and "Play 5 hands of Badugi" in mine.inner_text()
    assert axe_both(learner) == CLEAN
    Removal.objects.create(user=users[3], class_name="Old club")
    learner.goto(f"{live_server.url}/accounts/settings/")
    assert "A teacher removed you from the class Old club" in learner.inner_text("main")
    assert axe_both(learner) == CLEAN
    press(learner, learner.get_by_role("button", name="Dismiss the note about Old club"))
    learner.wait_for_url(re.compile(r"#classes$"))
    assert "Old club" not in learner.inner_text("main")
