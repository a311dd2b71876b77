from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def home_page(page, live_server):
    page.goto(live_server.url + "/")
    return page


def test_the_home_page_has_no_axe_violations(home_page, axe):
    assert axe(home_page) == []


def test_tab_first_lands_on_a_visibly_focused_skip_link(home_page):
    home_page.keyboard.press("Tab")
    focused = home_page.evaluate(
        """() => {
            const el = document.activeElement;
            const style = getComputedStyle(el);
            const box = el.getBoundingClientRect();
            return {text: el.textContent.trim(), href: el.getAttribute('href'),
                    outline: style.outlineStyle, width: parseFloat(style.outlineWidth),
                    onScreen: box.top >= 0 && box.bottom <= innerHeight && box.width > 1};
        }"""
    )
    assert focused["text"] == "Skip to main content"
    assert focused["href"] == "#main"
    assert focused["outline"] != "none"
    assert focused["width"] >= 2
    assert focused["onScreen"]


def test_the_skip_link_moves_focus_to_main(home_page):
    home_page.keyboard.press("Tab")
    home_page.keyboard.press("Enter")
    assert home_page.evaluate("document.activeElement.id") == "main"


def test_a_phone_width_screen_needs_no_sideways_scrolling(page, live_server):
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(live_server.url + "/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_the_four_colour_deck_switch_is_a_remembered_toggle(home_page):
    home_page.locator(".display-menu summary").click()
    toggle = home_page.get_by_role("button", name="Four-colour deck")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert "deck-four-colour" in home_page.evaluate("document.documentElement.className")
    home_page.reload()
    home_page.locator(".display-menu summary").click()
    assert (
        home_page.get_by_role("button", name="Four-colour deck").get_attribute("aria-pressed")
        == "true"
    )


def test_the_page_breaks_none_of_its_own_content_security_policy(browser, live_server):
    # A fresh context: the shared one bypasses CSP so that axe can be injected.
    context = browser.new_context()
    try:
        page = context.new_page()
        errors = []
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.goto(live_server.url + "/")
        page.wait_for_function("window.htmx !== undefined")
        page.locator(".display-menu summary").click()
        assert page.get_by_role("button", name="Four-colour deck").is_visible()
        page.evaluate("htmx.ajax('GET', '/', {target: '#main', select: '#main'})")
        page.wait_for_load_state("networkidle")
        assert errors == []
    finally:
        context.close()
