"""The header's display menu (deck colours, larger cards, light or dark) and
dark mode on every page, checked by axe in both colour schemes."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lessons.content.loader import load_content

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = [
    "/",
    "/badacey/",
    "/badugi/",
    "/badeucey/",
    "/drawing/",
    "/games/",
    "/practice/",
    "/odds/",
    "/calculator/",
    "/exercises/badugi-6/",
]


def open_menu(page) -> None:
    page.locator(".display-menu summary").click()


def test_the_dark_choice_is_kept_and_beats_a_light_system(page, live_server):
    page.emulate_media(color_scheme="light")
    page.goto(live_server.url + "/")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    open_menu(page)
    page.select_option("[data-display-theme]", "dark")
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert dark != light
    page.reload()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == dark


def test_by_default_the_page_follows_the_system_scheme(page, live_server):
    page.emulate_media(color_scheme="light")
    page.goto(live_server.url + "/")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.emulate_media(color_scheme="dark")
    expect(page.locator("body")).not_to_have_css("background-color", light)


def test_larger_cards_make_every_card_bigger_and_are_remembered(page, live_server):
    load_content()
    page.goto(live_server.url + "/badugi/")
    card = page.locator(".hand .playing-card").first
    before = card.bounding_box()["width"]
    open_menu(page)
    page.get_by_role("button", name="Larger cards").click()
    assert card.bounding_box()["width"] > before
    page.reload()
    assert page.locator(".hand .playing-card").first.bounding_box()["width"] > before


def test_without_javascript_the_menu_is_not_offered(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/")
        expect(page.locator("[data-display-menu]")).to_be_hidden()
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_axe_clean_and_fits_a_phone_in_both_schemes(
    page, live_server, axe, scheme, path
):
    load_content()
    page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(live_server.url + path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    open_menu(page)
    assert axe(page) == []


def _luminance(rgb: str) -> float:
    parts = [int(x) / 255 for x in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_answer_fields_have_3_to_1_edges_and_24_px_targets(page, live_server, scheme):
    load_content()
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server.url + "/exercises/badacey-2/")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    fields = page.locator("main .form-control, main .form-select")
    assert fields.count() > 0
    for n in range(fields.count()):
        edge = fields.nth(n).evaluate("e => getComputedStyle(e).borderTopColor")
        assert _contrast(edge, background) >= 3, (n, edge, background)
    # Native checkboxes are drawn by the browser; what the site controls is their size.
    targets = page.locator("main input[type=checkbox], main .form-control, main .form-select")
    for n in range(targets.count()):
        box = targets.nth(n).bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24, (n, box)
