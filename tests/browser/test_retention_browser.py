"""/progress/ with skills under way: the retention choice by keyboard, axe-clean in both schemes."""

from __future__ import annotations

import re

import pytest

from lessons.models import RetentionChoice
from tests.browser.axe import CLEAN
from tests.browser.test_study_browser import answer_by_keyboard, current_item, the_session

pytestmark = [pytest.mark.browser, pytest.mark.cache, pytest.mark.django_db(transaction=True)]


def test_a_learner_picks_a_retention_by_keyboard_on_a_clean_page(page, live_server, axe_both):
    page.goto(live_server.url + "/study/")
    page.get_by_role("button", name="Start a practice session").click()
    page.wait_for_url(re.compile(r"/study/\d+/$"))
    page.wait_for_function("window.htmx !== undefined")
    for n in range(2):
        answer_by_keyboard(page, current_item(the_session()))
        page.get_by_text(f"{n + 1} of 10 answered.").wait_for()
    page.goto(live_server.url + "/progress/")
    options = page.get_by_role("radio")
    assert options.count() == 4
    assert re.search(
        r"95%: about [\d.]+ reviews? and", page.locator("#retention ~ form").inner_text()
    )
    assert axe_both(page) == CLEAN
    page.get_by_role("radio", name=re.compile(r"^95%")).focus()
    page.keyboard.press("Space")
    page.get_by_role("button", name="Save").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/progress/#retention$"))
    assert "aim at a 95% chance" in page.locator("#retention ~ p").first.inner_text()
    assert RetentionChoice.objects.get().desired_retention == 0.95
