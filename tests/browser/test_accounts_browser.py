"""The new account pages in a real browser: keyboard only, axe-clean in light and dark."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from tests.browser.axe import CLEAN

pytestmark = [pytest.mark.browser, pytest.mark.cache, pytest.mark.django_db(transaction=True)]
OLD = "noor's long phrase 3"
NEW = "noor's fresh phrase 7"


def test_a_reset_by_keyboard_alone_with_every_page_axe_clean(
    page, live_server, axe_both, django_user_model
):
    django_user_model.objects.create_user("noor", email="noor@example.org", password=OLD)
    page.emulate_media(reduced_motion="reduce")
    page.goto(live_server.url + "/accounts/sign-in/")
    page.get_by_role("link", name="Forgot your password?").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/accounts/password-reset/$"))
    assert axe_both(page) == CLEAN
    page.get_by_label("Email").focus()
    page.keyboard.type("not an address")
    page.keyboard.press("Enter")
    page.locator(".feedback--problem").wait_for()
    assert axe_both(page) == CLEAN
    page.get_by_label("Email").fill("")
    page.get_by_label("Email").focus()
    page.keyboard.type("noor@example.org")
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="Check your email").wait_for()
    assert axe_both(page) == CLEAN
    link = re.search(r"https?://\S+/accounts/password-reset/\S+/", mail.outbox[-1].body)[0]
    page.goto(link)
    page.get_by_role("heading", name="Choose a new password").wait_for()
    assert axe_both(page) == CLEAN
    page.locator("#id_new_password1").focus()
    page.keyboard.type(NEW)
    page.keyboard.press("Tab")
    page.keyboard.type(NEW)
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="Your new password is saved").wait_for()
    assert axe_both(page) == CLEAN
    page.goto(link)
    page.get_by_role("heading", name="This reset link does not work").wait_for()
    assert axe_both(page) == CLEAN


def test_deleting_progress_asks_first_by_keyboard_and_is_axe_clean(page, live_server, axe_both):
    page.emulate_media(reduced_motion="reduce")
    page.goto(live_server.url + "/accounts/settings/")
    page.get_by_role("link", name="Delete all my progress…").focus()
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="Delete all your progress?").wait_for()
    assert axe_both(page) == CLEAN
    page.get_by_role("button", name="Yes, delete all my progress").focus()
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="Your progress is deleted").wait_for()


def test_the_pause_page_is_axe_clean(page, live_server, axe_both, django_user_model, settings):
    django_user_model.objects.create_user("noor", password=OLD)
    page.emulate_media(reduced_motion="reduce")
    for _ in range(settings.AXES_FAILURE_LIMIT + 1):
        page.goto(live_server.url + "/accounts/sign-in/")
        page.get_by_label("Username").fill("noor")
        page.get_by_label("Password").fill("guess")
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_load_state()
    page.get_by_role("heading", name="Sign-in paused").wait_for()
    assert axe_both(page) == CLEAN
