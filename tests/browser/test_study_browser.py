"""Practice sessions in a real browser: by keyboard alone, without JavaScript, axe-clean."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from lessons.learners import mastery
from lessons.models import SkillState, StudyItem, StudySession
from tests.browser.axe import CLEAN, axe_violations_without_javascript, in_both_schemes
from tests.lessons.test_study_views import right_answer

pytestmark = [pytest.mark.browser, pytest.mark.cache, pytest.mark.django_db(transaction=True)]

FOCUSED = """(() => {
  const e = document.activeElement;
  return {tag: e.tagName, type: e.type || "", name: e.name || "", value: e.value || "",
          checked: !!e.checked, cls: e.className || ""};
})()"""


def the_session() -> StudySession:
    return StudySession.objects.order_by("-pk").first()


def current_item(session: StudySession) -> StudyItem:
    return session.items.filter(answered_at__isnull=True).order_by("position").first()


def answer_by_keyboard(pg, item: StudyItem) -> None:
    """Tab through the form, tick, arrow or type each answer, then press Enter on Check."""
    wanted = {k: v for k, v in right_answer(item).items() if k != "seed"}
    for _ in range(200):
        pg.keyboard.press("Tab")
        now = pg.evaluate(FOCUSED)
        name = now["name"]
        if name in wanted:
            want = wanted[name]
            if now["type"] == "checkbox":
                if (now["value"] in want) != now["checked"]:
                    pg.keyboard.press("Space")
            elif now["type"] == "radio":
                for _ in range(12):
                    if pg.evaluate(FOCUSED)["value"] == str(want):
                        pg.keyboard.press("Space")
                        break
                    pg.keyboard.press("ArrowDown")
            else:
                pg.keyboard.press("Control+A")
                pg.keyboard.type(str(want))
        elif now["tag"] == "BUTTON" and "exercise__check" in now["cls"]:
            pg.keyboard.press("Enter")
            return
    raise AssertionError("Tab never reached the Check button")


def start_by_keyboard(pg, live_server, label: str) -> None:
    pg.goto(live_server.url + "/study/")
    pg.get_by_role("button", name=label).focus()
    pg.keyboard.press("Enter")
    pg.wait_for_url(re.compile(r"/study/\d+/$"))


def test_a_new_learner_answers_reloads_and_home_offers_continue_and_reviews(page, live_server):
    start_by_keyboard(page, live_server, "Start a practice session")
    page.wait_for_function("window.htmx !== undefined")
    session = the_session()
    for n in range(3):
        answer_by_keyboard(page, current_item(session))
        page.get_by_text(f"{n + 1} of 10 answered.").wait_for()
        page.wait_for_function("document.activeElement.hasAttribute('data-drill-focus')")
        assert "Right: item" in page.locator(".drill__last").inner_text()
    page.reload()
    assert "3 of 10 answered." in page.locator("#study-count").inner_text()
    assert "Item 4 of 10" in page.locator("#study-item-title").inner_text()

    page.goto(live_server.url + "/")
    assert page.get_by_role("heading", name="Where you are").is_visible()
    assert page.get_by_role("link", name=re.compile("^Continue")).is_visible()
    assert "No reviews due right now" in page.locator(".home-return__reviews").inner_text()
    # Time passes: the skills fall due.
    SkillState.objects.update(due=timezone.now() - timedelta(minutes=1))
    due = SkillState.objects.count()
    page.reload()
    assert f"{due} review" in page.locator(".home-return__reviews").inner_text()
    button = page.get_by_role("button", name=re.compile(r"^Start a session with \d+ review"))
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/study/\d+/$"))
    assert "(a review)" in page.locator(".study__skill").inner_text()
    assert {i.purpose for i in the_session().items.all()[:due]} == {mastery.REVIEW}


def test_a_session_runs_without_javascript_by_keyboard(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    try:
        pg = context.new_page()
        with pg.expect_navigation():
            start_by_keyboard(pg, live_server, "Start a practice session")
        session = the_session()
        for n in range(3):
            with pg.expect_navigation():  # without JavaScript each answer loads the page
                answer_by_keyboard(pg, current_item(session))
            assert f"{n + 1} of 10 answered." in pg.locator("#study-count").inner_text()
            assert "Right: item" in pg.locator(".drill__last").inner_text()
        # Sending the last answer again (a reload of the post) counts it once.
        with pg.expect_navigation():
            pg.reload()
        assert "3 of 10 answered." in pg.locator("#study-count").inner_text()
        assert session.items.filter(answered_at__isnull=False).count() == 3
    finally:
        context.close()


def finish(session: StudySession) -> None:
    """Mark every item answered, as if the learner had gone through them."""
    now = timezone.now()
    for item in session.items.all():
        right = item.position % 2 == 0
        item.answered_at, item.correct = now, right
        item.level_before, item.level_after = 0, 1
        item.save()
    session.finished = now
    session.save()


def test_the_new_pages_have_no_axe_violations(page, browser, live_server, axe_both):
    """Each state of a session is reached once and checked in both colour schemes."""
    page.emulate_media(reduced_motion="reduce")
    page.goto(live_server.url + "/study/")
    assert axe_both(page) == CLEAN
    start_by_keyboard(page, live_server, "Start a practice session")
    page.wait_for_function("window.htmx !== undefined")
    assert axe_both(page) == CLEAN  # a question
    session = the_session()
    answer_by_keyboard(page, current_item(session))
    page.get_by_text("1 of 10 answered.").wait_for()
    assert axe_both(page) == CLEAN  # a verdict, its worked answer and the next question
    page.locator("#study-item-title").wait_for()
    without = browser.new_context(java_script_enabled=False)
    try:
        pg = without.new_page()
        response = pg.request.get(page.url, headers={"Cookie": _cookies(page)})
        html = response.text()
        tab = page.context.new_page()
        found = in_both_schemes(tab, lambda: axe_violations_without_javascript(tab, html, page.url))
        assert found == CLEAN
    finally:
        without.close()
    finish(session)
    page.goto(live_server.url + f"/study/{session.pk}/")
    page.get_by_role("heading", name=re.compile("^Session done")).wait_for()
    assert axe_both(page) == CLEAN
    for url in ("/", "/progress/", "/drills/"):
        page.goto(live_server.url + url)
        assert axe_both(page) == CLEAN, url


def _cookies(page) -> str:
    return "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())
