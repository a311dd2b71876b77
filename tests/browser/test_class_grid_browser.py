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
    # A shortened heading's full title is its tooltip (and its link's name).
    headings = page.locator(".class-grid thead th a").evaluate_all(
        "links => links.map(a => a.title || a.innerText)"
    )
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


@pytest.fixture
def eight_pieces_of_work(big_class):
    """The class of 40 with eight pieces of work set (the two above and six more)."""
    teacher, classroom, users = big_class
    for hands in range(1, 7):
        Assignment.objects.create(classroom=classroom, kind="play", game="badacey", hands=hands)
    return teacher, classroom, users


def fully_visible_rows(page) -> int:
    """Learner rows wholly inside both the grid's box (below its sticky headings) and the window."""
    return page.evaluate(
        """() => {
          const grid = document.querySelector('.class-grid');
          const box = grid.getBoundingClientRect();
          const head = grid.querySelector('thead').getBoundingClientRect();
          const top = Math.max(head.bottom, 0);
          const bottom = Math.min(box.bottom, window.innerHeight);
          return [...grid.querySelectorAll('tbody tr')].filter(row => {
            const r = row.getBoundingClientRect();
            return r.top >= top - 0.5 && r.bottom <= bottom + 0.5 && r.height > 0;
          }).length;
        }"""
    )


def fully_visible_work_columns(page) -> int:
    return page.evaluate(
        """() => {
          const grid = document.querySelector('.class-grid');
          const box = grid.getBoundingClientRect();
          const right = Math.min(box.right, window.innerWidth);
          return [...grid.querySelectorAll('tbody tr:first-child td[data-status]')]
            .filter(cell => cell.getBoundingClientRect().right <= right + 0.5).length;
        }"""
    )


def test_at_1280_by_800_fifteen_learners_and_eight_pieces_of_work_read_at_once(
    browser, live_server, eight_pieces_of_work
):
    teacher, classroom, _ = eight_pieces_of_work
    page = signed_in_context(browser, live_server, teacher).new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/teach/{classroom.pk}/")
    page.locator(".class-grid").evaluate(
        "g => g.scrollIntoView({block: 'start', behavior: 'instant'})"
    )
    assert fully_visible_rows(page) >= 15
    assert fully_visible_work_columns(page) >= 8
    # A shortened heading keeps its full title: the link's name, its tooltip, shown on focus.
    heading = page.locator(".class-grid thead").get_by_role("link", name="Play 5 hands of Badugi")
    assert heading.get_attribute("title") == "Play 5 hands of Badugi"
    full = heading.locator(".grid-head__full")
    assert full.bounding_box()["width"] <= 1
    heading.focus()
    assert full.bounding_box()["width"] > 50
    # Statuses are a letter on a colour, and words for a screen reader.
    cell = page.locator(".class-grid tbody tr").first.locator("td[data-status]").first
    assert cell.locator(".status-mark").inner_text() == "N"
    assert cell.locator(".visually-hidden").inner_text() == cell.get_attribute("title")


def test_the_arrow_keys_move_between_the_grids_cells(browser, live_server, big_class):
    teacher, classroom, _ = big_class
    page = signed_in_context(browser, live_server, teacher).new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/teach/{classroom.pk}/")
    page.get_by_role("link", name="learner-00").focus()

    def focused() -> str:
        return page.evaluate(
            "() => { const c = document.activeElement.closest('th, td');"
            " return c.parentElement.rowIndex + ':' + c.cellIndex; }"
        )

    assert focused() == "1:0"
    page.keyboard.press("ArrowRight")
    assert focused() == "1:1"
    page.keyboard.press("ArrowDown")
    assert focused() == "2:1"
    page.keyboard.press("End")
    row_end = page.evaluate("() => document.activeElement.closest('tr').cells.length - 1")
    assert focused() == f"2:{row_end}"
    page.keyboard.press("Home")
    assert focused() == "2:0"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert focused() == "0:0"  # the heading row: its sort link
