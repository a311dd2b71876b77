"""The glossary in a real browser: the definitions a lesson's links show, and axe on both pages."""

from __future__ import annotations

import pytest
from django.urls import reverse

from lessons import course
from lessons.glossary import terms
from tests.browser.axe import CLEAN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOCUSED_GLOSSARY_LINK = """() => {
    const el = document.activeElement;
    return el && el.classList.contains('glossary-link') ? el.getAttribute('href') : null;
}"""
FIRST_LESSON = course.LESSONS[0].url


def tab_to_first_glossary_link(page) -> str:
    """Press Tab from the top of the page until a glossary link has the focus; its href."""
    for _ in range(400):
        page.keyboard.press("Tab")
        href = page.evaluate(FOCUSED_GLOSSARY_LINK)
        if href:
            return href
    raise AssertionError("no glossary link was reached with the Tab key")


def tooltip_of(page, href: str):
    described_by = page.locator(f'a.glossary-link[href="{href}"]').get_attribute("aria-describedby")
    return page.locator(f"#{described_by}")


def test_tab_reaches_a_term_and_shows_its_definition_in_place(page, live_server):
    page.goto(live_server.url + FIRST_LESSON)
    first = page.locator("a.glossary-link").first.get_attribute("href")
    assert not tooltip_of(page, first).is_visible()
    href = tab_to_first_glossary_link(page)
    assert href == first
    term = terms.BY_ANCHOR[href.split("#")[1]]
    tip = tooltip_of(page, href)
    assert tip.is_visible()
    assert tip.inner_text() == term.definition
    box, view = tip.bounding_box(), page.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"]
    page.keyboard.press("Tab")
    assert not tip.is_visible()


def test_escape_hides_a_definition_until_the_focus_comes_back(page, live_server):
    page.goto(live_server.url + FIRST_LESSON)
    href = tab_to_first_glossary_link(page)
    tip = tooltip_of(page, href)
    page.keyboard.press("Escape")
    assert not tip.is_visible()
    assert page.evaluate(FOCUSED_GLOSSARY_LINK) == href, "the focus did not move"
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED_GLOSSARY_LINK) == href
    assert tip.is_visible()


def test_hovering_a_term_shows_its_definition(page, live_server):
    page.goto(live_server.url + FIRST_LESSON)
    link = page.locator("a.glossary-link").first
    tip = tooltip_of(page, link.get_attribute("href"))
    link.hover()
    assert tip.is_visible()
    tip.hover()  # the pointer can move onto the definition without losing it
    assert tip.is_visible()


@pytest.mark.parametrize("width", [375, 700, 1280])
def test_a_focused_definition_stays_on_screen(page, live_server, width):
    page.set_viewport_size({"width": width, "height": 740})
    page.emulate_media(reduced_motion="reduce")  # no smooth scrolling to wait for
    page.goto(live_server.url + FIRST_LESSON)
    for link in page.locator("a.glossary-link").all():
        link.scroll_into_view_if_needed()
        link.focus()
        box = tooltip_of(page, link.get_attribute("href")).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, link.inner_text()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 740, link.inner_text()


def test_the_glossary_link_in_the_navigation_leads_to_the_page(page, live_server):
    page.goto(live_server.url + "/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Glossary").click()
    page.wait_for_url(live_server.url + reverse("lessons:glossary"))
    assert page.get_by_role("heading", level=1).inner_text() == "Glossary of poker terms"


def test_a_lesson_link_lands_on_its_entry(page, live_server):
    page.goto(live_server.url + FIRST_LESSON)
    link = page.locator("a.glossary-link").first
    anchor = link.get_attribute("href").split("#")[1]
    link.click()
    page.wait_for_url(f"**/glossary/#{anchor}")
    assert page.locator(f"#{anchor}").inner_text() == terms.BY_ANCHOR[anchor].name


@pytest.mark.parametrize(
    "path", [reverse("lessons:glossary"), *(lesson.url for lesson in course.LESSONS)]
)
def test_the_glossary_and_a_lesson_with_a_definition_open_are_axe_clean(
    page, live_server, axe_both, path
):
    page.goto(live_server.url + path)
    links = page.locator("a.glossary-link")
    if links.count():
        links.first.focus()  # its definition is shown, so axe checks its colours too
    assert axe_both(page) == CLEAN
