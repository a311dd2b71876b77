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


def test_stored_display_choices_apply_before_the_deferred_scripts(browser, live_server):
    """A learner who chose dark colours and larger cards never sees the page drawn otherwise:
    the choices are applied from <head>, so they hold even when site.js never arrives."""
    context = browser.new_context(color_scheme="light")
    try:
        tab = context.new_page()
        tab.goto(live_server.url + "/")
        light = tab.evaluate("getComputedStyle(document.body).backgroundColor")
        tab.evaluate(
            """() => {
              localStorage.setItem("badacey:theme", "dark");
              localStorage.setItem("badacey:larger-cards", "on");
            }"""
        )
        tab.route("**/js/site*.js", lambda route: route.abort())
        tab.reload()
        assert tab.evaluate("document.documentElement.dataset.theme") == "dark"
        assert tab.evaluate("getComputedStyle(document.body).backgroundColor") != light
        assert "cards-large" in tab.evaluate("document.documentElement.className")
    finally:
        context.close()
