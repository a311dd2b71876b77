"""Progress in a real browser: kept across reloads and sign-up, review, next steps, axe."""

from __future__ import annotations

import re

import pytest

from lessons import course
from lessons.models import Deal
from tests.browser.answering import fill_answer
from tests.factories import right_answer

pytestmark = [pytest.mark.browser, pytest.mark.cache, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long safe phrase 91"


def lesson_deals(key: str = "badugi") -> list[Deal]:
    return list(Deal.objects.published().for_lesson(key))


def wrong_answer(deal: Deal) -> dict:
    data = dict(right_answer(deal))
    key = next(k for k in data if k.endswith("_badugi"))
    data[key] = ["0"] if data[key] == ["1"] else ["1"]
    return data


def check(page, deal: Deal, data: dict, verdict: str) -> None:
    fill_answer(page, data)
    page.locator(f"#exercise-{deal.slug} .exercise__check").click()
    page.locator(f"#feedback-{deal.slug}").get_by_text(verdict).first.wait_for()


def contents_status(page, deal: Deal) -> str | None:
    return page.locator(f'.lesson-toc a[href="#exercise-{deal.slug}"]').get_attribute("data-status")


def test_an_anonymous_answer_survives_a_reload_and_a_sign_up(page, live_server):
    deal = lesson_deals()[0]
    page.goto(live_server.url + "/badugi/")
    page.wait_for_function("window.htmx !== undefined")
    assert contents_status(page, deal) == "new"
    check(page, deal, right_answer(deal), "All right")
    status = page.locator(f"#status-{deal.slug}")
    assert status.get_attribute("data-status") == "solved"  # changed without a reload
    assert status.inner_text().strip() == "Solved"
    assert page.locator(f"#feedback-{deal.slug} #status-{deal.slug}").count() == 0
    page.reload()
    assert contents_status(page, deal) == "solved"
    assert "Solved" in page.locator(f"#exercise-{deal.slug} .exercise__status").inner_text()

    page.goto(live_server.url + deal.get_absolute_url())
    assert "All right" in page.locator(f"#feedback-{deal.slug}").inner_text()
    for name, value in right_answer(deal).items():
        if isinstance(value, list):
            for card in value:
                assert page.locator(f'input[name="{name}"][value="{card}"]').is_checked()

    page.goto(live_server.url + "/accounts/sign-up/")
    page.get_by_label("Username").fill("amara")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Create my account").click()
    page.wait_for_url(re.compile(r"/progress/$"))
    link = page.locator(f'a[href="{deal.get_absolute_url()}"][data-status]').first
    assert link.get_attribute("data-status") == "solved"


def test_a_wrong_answer_shows_among_the_missed(page, live_server):
    deal = lesson_deals()[2]
    page.goto(live_server.url + "/badugi/")
    page.wait_for_function("window.htmx !== undefined")
    check(page, deal, wrong_answer(deal), "Not yet")
    page.goto(live_server.url + "/progress/")
    review = page.locator("section", has=page.locator("#review"))
    assert deal.title not in review.inner_text()  # one schedule: skills, not exercises
    missed = page.locator("section", has=page.locator("#missed"))
    assert deal.title in missed.inner_text()


def test_the_next_step_buttons_lead_through_a_lesson_by_keyboard(page, live_server):
    deals = lesson_deals()
    page.goto(live_server.url + "/badugi/")
    page.wait_for_function("window.htmx !== undefined")
    for index, deal in enumerate(deals):
        fill_answer(page, right_answer(deal))
        page.locator(f"#exercise-{deal.slug} .exercise__check").focus()
        page.keyboard.press("Enter")
        feedback = page.locator(f"#feedback-{deal.slug}")
        feedback.get_by_text("All right").wait_for()
        assert f"{index + 1} of {len(deals)} solved in this lesson" in feedback.inner_text()
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.classList.contains('next-step__link')")
        page.keyboard.press("Enter")
        if index + 1 < len(deals):
            page.wait_for_url(re.compile(f"#exercise-{deals[index + 1].slug}$"))
    _, after = course.neighbours("badugi")
    assert after is not None
    page.wait_for_url(re.compile(f"{after.url}$"))


@pytest.mark.parametrize("signed_in", [False, True], ids=["signed-out", "signed-in"])
def test_the_new_pages_have_no_axe_violations(page, live_server, axe, signed_in, django_user_model):
    pages = ["/progress/", "/accounts/settings/"]
    if signed_in:
        django_user_model.objects.create_user("kira", password=PASSWORD)
        page.goto(live_server.url + "/accounts/sign-in/")
        page.get_by_label("Username").fill("kira")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_url(re.compile(r"/progress/$"))
        pages.append("/accounts/password/")
    else:
        pages += ["/accounts/sign-in/", "/accounts/sign-up/"]
    for path in [*pages, "/badugi/", lesson_deals()[0].get_absolute_url()]:
        page.goto(live_server.url + path)
        assert axe(page) == [], path
    if not signed_in:
        page.goto(live_server.url + "/accounts/sign-up/")
        page.get_by_role("button", name="Create my account").click()
        page.locator(".feedback--problem").wait_for()
        assert axe(page) == []
