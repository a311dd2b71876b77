"""Pages do not jump while they load: what the header holds has its place from
the first paint, rather than appearing when a script runs (Lighthouse counts
such a shift against every page)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [412, 1280])
def test_the_display_menu_is_in_place_before_any_script_runs(browser, live_server, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        tab = context.new_page()
        tab.route("**/js/site*.js", lambda route: route.abort())
        tab.goto(live_server.url + "/")
        assert tab.locator("[data-display-menu]").is_visible()
    finally:
        context.close()
