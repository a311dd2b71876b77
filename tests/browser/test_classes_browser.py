"""A class from start to CSV in a real browser, by keyboard alone, axe-clean in light and dark.

A teacher starts a class, a learner joins by its code and answers, the
teacher sees the answer, sets a lesson, the learner finishes it, the
teacher sees it done and downloads the grid. Every page of the flow is
checked by axe in both colour schemes.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from lessons import course
from lessons.content.loader import load_content
from lessons.models import Deal
from tests.browser.answering import fill_answer
from tests.browser.axe import CLEAN
from tests.factories import make_teacher, right_answer

pytestmark = [pytest.mark.browser, pytest.mark.cache, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def teachers_and_lessons():
    """An earlier transactional test's flush emptied the Teachers group and the lessons' deals."""
    Group.objects.get_or_create(name="Teachers")
    load_content()


def signed_in_context(browser, live_server, user: User):
    """A browser context with ``user`` signed in (the sign-in form has tests of its own)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(bypass_csp=True)
    cookie = client.cookies["sessionid"]
    context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_server.url}])
    return context


def press(page, locator) -> None:
    locator.focus()
    page.keyboard.press("Enter")


def test_a_class_from_start_to_csv_by_keyboard(browser, live_server, axe_both, tmp_path):
    teacher_page = signed_in_context(browser, live_server, make_teacher()).new_page()
    lee = User.objects.create_user("lee", password="a long safe phrase 91")
    learner_page = signed_in_context(browser, live_server, lee).new_page()
    for page in (teacher_page, learner_page):
        page.emulate_media(reduced_motion="reduce")

    teacher = teacher_page
    teacher.goto(live_server.url + "/teach/")
    assert axe_both(teacher) == CLEAN
    teacher.get_by_label("Name of the class").focus()
    teacher.keyboard.type("Tuesday group")
    teacher.keyboard.press("Enter")
    teacher.get_by_role("heading", name="Tuesday group", level=1).wait_for()
    assert axe_both(teacher) == CLEAN
    class_url = teacher.url.split("#")[0]
    code = teacher.locator(".class-code").inner_text().strip()

    learner = learner_page
    learner.goto(live_server.url + "/classes/join/")
    assert axe_both(learner) == CLEAN
    learner.get_by_label("Class code").focus()
    learner.keyboard.type(code.lower())
    learner.keyboard.press("Enter")
    learner.get_by_role("heading", name=re.compile("You joined")).wait_for()
    assert axe_both(learner) == CLEAN

    deals = list(Deal.objects.published().for_lesson("badugi"))
    learner.goto(live_server.url + "/badugi/")
    learner.wait_for_function("window.htmx !== undefined")
    fill_answer(learner, right_answer(deals[0]))
    press(learner, learner.locator(f"#exercise-{deals[0].slug} .exercise__check"))
    learner.locator(f"#feedback-{deals[0].slug}").get_by_text("All right").first.wait_for()

    teacher.goto(class_url)
    grid = teacher.get_by_role("region", name=re.compile("Learners by work set and skill"))
    lee_row = grid.get_by_role("row", name=re.compile("lee"))
    assert lee_row.get_by_role("cell").nth(2).inner_text() == "1"  # answers
    press(teacher, teacher.get_by_role("link", name="lee"))
    teacher.get_by_role("heading", name="lee", level=1).wait_for()
    assert deals[0].title in teacher.locator("#recent ~ table").inner_text()
    assert axe_both(teacher) == CLEAN

    teacher.goto(class_url)
    press(teacher, teacher.get_by_role("link", name="Set work"))
    teacher.get_by_role("heading", name=re.compile("Set work")).wait_for()
    assert axe_both(teacher) == CLEAN
    teacher.get_by_label("A lesson").focus()
    teacher.keyboard.press("Space")
    lesson = course.BY_KEY["badugi"].title
    teacher.get_by_label("Lesson", exact=True).focus()
    teacher.keyboard.type(lesson[:5])
    press(teacher, teacher.get_by_role("button", name="Set the work"))
    teacher.wait_for_url(re.compile(r"#assignments$"))
    assert "0 of 1 finished" in teacher.locator("#assignments ~ ul").inner_text()

    learner.goto(live_server.url + "/")
    mine = learner.locator(".my-assignments")
    assert f"Lesson: {lesson}" in mine.inner_text()
    assert f"{len(deals) - 1} of {len(deals)} exercises to solve" in mine.inner_text()
    assert axe_both(learner) == CLEAN
    learner.goto(live_server.url + "/badugi/")
    learner.wait_for_function("window.htmx !== undefined")
    for deal in deals[1:]:
        fill_answer(learner, right_answer(deal))
        press(learner, learner.locator(f"#exercise-{deal.slug} .exercise__check"))
        learner.locator(f"#feedback-{deal.slug}").get_by_text("All right").first.wait_for()
    learner.goto(live_server.url + "/progress/")
    assert "Done" in learner.locator(".my-assignments").inner_text()
    assert axe_both(learner) == CLEAN

    teacher.goto(class_url)
    assert "1 of 1 finished" in teacher.locator("#assignments ~ ul").inner_text()
    with teacher.expect_download() as download:
        press(teacher, teacher.get_by_role("link", name="Download this grid (CSV)"))
    saved = tmp_path / "grid.csv"
    download.value.save_as(saved)
    rows = saved.read_text(encoding="utf-8-sig").splitlines()
    assert rows[0].startswith("Learner,") and rows[1].startswith("lee,")

    press(teacher, teacher.get_by_role("link", name="Add a teacher"))
    teacher.get_by_role("heading", name=re.compile("Add a teacher")).wait_for()
    assert axe_both(teacher) == CLEAN

    learner.goto(live_server.url + f"/classes/join/{code}/")
    learner.get_by_role("heading", name=re.compile("Join")).wait_for()
    assert axe_both(learner) == CLEAN
    learner.goto(live_server.url + "/accounts/settings/")
    assert axe_both(learner) == CLEAN
    press(learner, learner.get_by_role("button", name="Leave Tuesday group"))
    learner.wait_for_url(re.compile(r"/accounts/settings/#classes$"))
    assert "You are not in a class" in learner.locator("#classes ~ p").first.inner_text()
