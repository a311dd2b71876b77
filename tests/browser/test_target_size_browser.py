"""Every interactive target on the main pages is at least 24 x 24 CSS px (WCAG 2.2, 2.5.8).

Measured in Chromium at a desktop and a phone width, signed out, as a learner
and as a teacher, with the criterion's spacing and inline exceptions
(tests/browser/target_size.py). docs/accessibility.md points here for 2.5.8.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from lessons.content.loader import load_content
from lessons.models import Assignment, Classroom, Deal, Membership
from tests.browser.target_size import undersized_targets
from tests.browser.test_classes_browser import signed_in_context
from tests.factories import make_teacher

pytestmark = [pytest.mark.browser, pytest.mark.cache, pytest.mark.django_db(transaction=True)]

VISITOR_PAGES = [
    "lessons:home",
    "lessons:badugi",
    "lessons:badacey",
    "lessons:practice",
    "lessons:drills",
    "lessons:glossary",
    "lessons:calculator",
    "lessons:odds",
    "lessons:progress",
    "play:start",
    "accounts:login",
    "accounts:sign_up",
    "accounts:settings",
]
WIDTHS = [1280, 375]


@pytest.fixture(autouse=True)
def teachers_and_lessons():
    Group.objects.get_or_create(name="Teachers")
    load_content()


def measured(page, url: str) -> list[str]:
    page.goto(url)
    return undersized_targets(page)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_target_on_the_public_pages_is_24_px_or_spaced(page, live_server, width):
    page.set_viewport_size({"width": width, "height": 900})
    failures = {}
    urls = [reverse(name) for name in VISITOR_PAGES]
    deal = Deal.objects.published().filter(section="").first()
    assert deal is not None
    urls.append(deal.get_absolute_url())
    for url in urls:
        found = measured(page, live_server.url + url)
        if found:
            failures[url] = found
    assert failures == {}


@pytest.mark.parametrize("width", WIDTHS)
def test_every_target_on_a_teachers_and_a_learners_pages_is_24_px_or_spaced(
    browser, live_server, width
):
    teacher = make_teacher()
    classroom = Classroom.objects.create(name="Year 9 poker club", join_code="QWERTYUP")
    classroom.teachers.add(teacher)
    users = User.objects.bulk_create([User(username=f"learner-{n:02d}") for n in range(5)])
    Membership.objects.bulk_create(Membership(classroom=classroom, user=u) for u in users)
    Assignment.objects.create(classroom=classroom, kind="lesson", lesson="badugi")
    teaching = signed_in_context(browser, live_server, teacher).new_page()
    teaching.set_viewport_size({"width": width, "height": 900})
    teaching.goto(f"{live_server.url}/teach/{classroom.pk}/accounts/")
    teaching.get_by_label("Names, one a line").fill("Maya Small\nNoor Haddad")
    teaching.get_by_label("A picture code", exact=False).check()
    teaching.get_by_role("button", name="Make the accounts").click()
    teaching.wait_for_url("**/cards/")
    base = f"{live_server.url}/teach/{classroom.pk}"
    failures = {}
    for url in (
        f"{live_server.url}/teach/",
        f"{base}/",
        f"{base}/accounts/",
        f"{base}/accounts/cards/",
        f"{base}/learners/{users[0].pk}/",
        f"{base}/assign/",
        f"{live_server.url}/classes/pictures/{classroom.join_code}/",
    ):
        found = measured(teaching, url)
        if found:
            failures[url] = found
    learner = signed_in_context(browser, live_server, users[1]).new_page()
    learner.set_viewport_size({"width": width, "height": 900})
    for url in ("/", "/accounts/settings/", "/progress/", "/study/"):
        found = measured(learner, live_server.url + url)
        if found:
            failures[url] = found
    assert failures == {}
