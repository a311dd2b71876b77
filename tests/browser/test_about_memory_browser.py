"""/about/memory/ in Chromium: no data, a little and a lot, each axe-clean in both schemes."""

from __future__ import annotations

import pytest

from lessons.memory import fit
from tests.browser.axe import CLEAN
from tests.lessons.test_about_memory import NIGHT, fill

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_calibration_page_is_axe_clean_with_no_a_little_and_a_lot_of_data(
    page, live_server, axe_both
):
    url = live_server.url + "/about/memory/"
    page.goto(url)
    assert "Not measured yet" in page.locator("main").inner_text()
    assert axe_both(page) == CLEAN

    fill(2, days=10, seed=5)
    fit.run(NIGHT)
    page.goto(url)
    assert "Too little data so far" in page.locator("main").inner_text()
    assert axe_both(page) == CLEAN

    fill(25, seed=6)
    fit.run(NIGHT)
    page.goto(url)
    assert page.locator("svg.calibration__svg circle").count() > 10
    assert page.get_by_role("table").count() >= 2
    assert axe_both(page) == CLEAN
