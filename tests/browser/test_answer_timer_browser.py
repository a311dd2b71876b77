"""The answer timer in a real browser: it times from showing an item to sending the answer;
without JavaScript the server's clock does."""

from __future__ import annotations

import re

import pytest

from lessons.models import ReviewLog
from tests.browser.test_study_browser import answer_by_keyboard, current_item, the_session

pytestmark = [pytest.mark.browser, pytest.mark.cache, pytest.mark.django_db(transaction=True)]


def start(pg, live_server) -> None:
    pg.goto(live_server.url + "/study/")
    pg.get_by_role("button", name="Start a practice session").click()
    pg.wait_for_url(re.compile(r"/study/\d+/$"))


def test_the_browser_times_each_answer_from_showing_it(page, live_server):
    page.clock.install()
    start(page, live_server)
    page.wait_for_function("window.htmx !== undefined")
    session = the_session()
    page.clock.fast_forward(7000)  # the learner thinks for seven seconds
    answer_by_keyboard(page, current_item(session))
    page.get_by_text("1 of 10 answered.").wait_for()
    first = list(ReviewLog.objects.all())
    assert first and {row.timed_by for row in first} == {"browser"}
    assert all(7000 <= row.duration_ms < 60_000 for row in first)
    # The next item arrives by htmx: its own timer starts when it is shown (htmx settles
    # the new content on a short timer, which the page's clock must run first).
    page.clock.run_for(100)
    page.clock.fast_forward(3000)
    answer_by_keyboard(page, current_item(session))
    page.get_by_text("2 of 10 answered.").wait_for()
    second = ReviewLog.objects.exclude(pk__in=[row.pk for row in first])
    for row in second:  # a skill already reviewed today writes no second row
        assert row.timed_by == "browser" and 3000 <= row.duration_ms < 7000


def test_without_javascript_the_servers_clock_times_the_answer(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    try:
        pg = context.new_page()
        with pg.expect_navigation():
            start(pg, live_server)
        session = the_session()
        with pg.expect_navigation():
            answer_by_keyboard(pg, current_item(session))
        rows = list(ReviewLog.objects.all())
        assert rows and {row.timed_by for row in rows} == {"server"}
        assert all(row.duration_ms is not None for row in rows)
    finally:
        context.close()
