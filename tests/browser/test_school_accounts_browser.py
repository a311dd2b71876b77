"""Accounts a teacher makes, in a browser: by keyboard, axe-clean in both schemes, cards that
print alone, a picture sign-in a young learner finishes with the keyboard or a pointer.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group

from lessons.classes import managed
from lessons.models import Classroom
from tests.browser.axe import CLEAN
from tests.browser.test_classes_browser import press, signed_in_context
from tests.factories import make_teacher

pytestmark = [pytest.mark.browser, pytest.mark.cache, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def teachers_group():
    Group.objects.get_or_create(name="Teachers")


def test_a_teacher_makes_accounts_prints_cards_and_a_child_signs_in_with_pictures(
    browser, live_server, axe_both
):
    teacher = make_teacher()
    classroom = Classroom.objects.create(name="Year 3 card club", join_code="QWERTYUP")
    classroom.teachers.add(teacher)
    page = signed_in_context(browser, live_server, teacher).new_page()
    page.goto(f"{live_server.url}/teach/{classroom.pk}/")
    press(page, page.get_by_role("link", name=re.compile("make accounts for the class")))
    page.wait_for_url(re.compile(r"/accounts/$"))
    assert axe_both(page) == CLEAN
    page.get_by_label("Names, one a line").fill("Maya Small\nNoor Haddad\nSam Jones")
    page.get_by_label(re.compile("A picture code")).check()
    press(page, page.get_by_role("button", name="Make the accounts"))
    page.wait_for_url(re.compile(r"/cards/$"))
    assert page.locator(".sign-in-card").count() == 3
    assert axe_both(page) == CLEAN
    # On paper: only the cards, each whole; the site's header and the page's notes are gone.
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert not page.locator(".cards-page__screen-only").is_visible()
    assert page.locator(".sign-in-card").first.is_visible()
    assert (
        page.locator(".sign-in-card").first.evaluate("c => getComputedStyle(c).breakInside")
        == "avoid"
    )
    page.emulate_media(media="screen")
    page.goto(f"{live_server.url}/teach/{classroom.pk}/accounts/")
    assert "3 never signed in" in page.inner_text("main")
    assert axe_both(page) == CLEAN

    # A child at another computer: find the name, pick the three pictures by keyboard.
    maya = next(a for a in managed.accounts_of(classroom) if a.name == "Maya Small")
    child = browser.new_context(bypass_csp=True).new_page()
    child.goto(f"{live_server.url}/classes/pictures/{classroom.join_code}/")
    assert axe_both(child) == CLEAN
    press(child, child.get_by_role("link", name="Maya Small"))
    child.wait_for_url(re.compile(maya.user.username))
    assert axe_both(child) == CLEAN
    for n, picture in enumerate(maya.card_secret.split("-")):
        group = child.get_by_role("group", name=["First", "Second", "Third"][n] + " picture")
        group.get_by_role("radio", name=picture).check()
    press(child, child.get_by_role("button", name="Sign in"))
    child.wait_for_url(f"{live_server.url}/")
    child.goto(f"{live_server.url}/accounts/settings/")
    assert "Your teacher made this account" in child.inner_text("main")
    assert axe_both(child) == CLEAN
