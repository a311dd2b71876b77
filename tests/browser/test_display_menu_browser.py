"""The header's display menu (deck colours, larger cards, light or dark) and
dark mode on every page, checked by axe in both colour schemes.

The colours are one palette of light/dark pairs in static/css/site.css; the
page's `color-scheme` picks the side. "Colours" below is what the learner
chose in the Display menu and what the system prefers, and each case says
which scheme the page must end up in.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from evaluator.notation import parse_deal
from evaluator.replay import replay
from lessons.content.loader import load_content
from lessons.models import Deal
from tests.browser.colours import contrast as _contrast
from tests.browser.colours import luminance as _luminance
from tests.browser.colours import over as _over

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
    "/practice/?page=0",
    "/drills/",
    "/drills/badugi-cards/?game=badeucey&difficulty=3&seed=5",
    "/drills/payouts/?game=badacey&difficulty=3&seed=5",
    "/replay/amara-bram-kira-noor/?step=9",
    "/progress/",
]


ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# Whole-page screenshots for a person to look over: they check nothing, and a
# long lesson page takes ~2 s to capture, so they are taken only when asked
# for (BADACEY_SCREENSHOTS=1; see CONTRIBUTING.md).
TAKE_SCREENSHOTS = os.environ.get("BADACEY_SCREENSHOTS") == "1"
SCREENSHOTS = {
    "/": "home",
    "/badugi/": "badugi",
    "/exercises/badugi-6/": "exercise",
    "/drills/badugi-cards/?game=badeucey&difficulty=3&seed=5": "drill",
    "/replay/amara-bram-kira-noor/?step=9": "replay-table",
}

# id: (the Display menu's choice, the system's preference, the scheme the page must use)
COLOURS = {
    "system-light": ("system", "light", "light"),
    "system-dark": ("system", "dark", "dark"),
    "chosen-dark": ("dark", "light", "dark"),
    "chosen-light": ("light", "dark", "light"),
}
# Axe runs where the Display menu's choice overrides the system, in each scheme.
# Every site colour is one light-dark() pair picked by color-scheme, so a
# scheme draws the same whichever way it was reached: the overriding choices
# are the ones that would show a colour that followed the system instead, and
# the system's own schemes are checked above (drawn dark or light, fitting a
# phone) and by axe in the other browser tests.
AXE_COLOURS = ("chosen-dark", "chosen-light")

# What Bootstrap draws with (tables, form fields, captions, hint text), read
# back as the colours they resolve to on this page.
BOOTSTRAP_COLOURS = """() => {
  const probe = document.createElement("div");
  document.body.append(probe);
  const read = name => {
    probe.style.color = `var(${name})`;
    return getComputedStyle(probe).color;
  };
  const colours = Object.fromEntries(
    ["--bs-body-bg", "--bs-body-color", "--bs-emphasis-color", "--bs-secondary-color",
     "--bs-border-color", "--bs-tertiary-bg", "--bs-secondary-bg", "--bs-form-invalid-color"]
    .map(n => [n, read(n)]));
  probe.remove();
  return colours;
}"""


def open_menu(page) -> None:
    page.locator(".display-menu summary").click()


# What the Display menu stores (tested through the menu itself above), or
# nothing at all for "follow the system".
STORE_CHOICE = """choice => choice === "system"
  ? localStorage.removeItem("badacey:theme")
  : localStorage.setItem("badacey:theme", choice)"""


def each_colour_choice(page, url: str):
    """Load ``url`` once in each colour case (``COLOURS``); yield its id and expected scheme.

    One page goes through all four cases (the stored choice and the system
    preference set before each load) instead of a new browser tab and test
    per case; the tests check each case in a subtest of its own, so a case
    that fails is reported by name and the others still run.
    """
    for colours, (choice, system, expected) in COLOURS.items():
        page.emulate_media(color_scheme=system, reduced_motion="reduce")
        if page.url.startswith(("http://", "https://")):
            page.evaluate(STORE_CHOICE, choice)
        else:  # not on the site yet: nothing is stored, so the first case follows the system
            assert choice == "system", "the first case must store nothing"
        page.goto(url)
        yield colours, expected


def body_background(page) -> str:
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def assert_scheme(page, expected: str) -> None:
    """The page really is drawn light or dark, not just marked so."""
    background = body_background(page)
    if expected == "dark":
        assert _luminance(background) < 0.05, background
    else:
        assert _luminance(background) > 0.9, background
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") in (
        expected,
        "light dark",
    )


@pytest.mark.parametrize(
    ("choice", "system"), [("dark", "light"), ("light", "dark")], ids=["dark", "light"]
)
def test_the_display_choice_beats_the_system_and_survives_a_reload(
    page, live_server, choice, system
):
    page.emulate_media(color_scheme=system)
    page.goto(live_server.url + "/")
    assert_scheme(page, system)
    before = body_background(page)
    open_menu(page)
    page.get_by_label("Colours").select_option(label=choice.title())
    assert_scheme(page, choice)
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == choice
    chosen = body_background(page)
    assert chosen != before
    text = page.evaluate("getComputedStyle(document.body).color")
    assert _contrast(text, chosen) >= 7, (text, chosen)
    page.reload()
    assert body_background(page) == chosen
    assert page.evaluate("getComputedStyle(document.body).color") == text
    open_menu(page)
    expect(page.get_by_label("Colours")).to_have_value(choice)
    # Back to the system: the page follows the system preference again.
    page.get_by_label("Colours").select_option(label="Follow the system")
    assert body_background(page) == before


def test_by_default_the_page_follows_the_system_scheme(page, live_server):
    page.emulate_media(color_scheme="light")
    page.goto(live_server.url + "/")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.emulate_media(color_scheme="dark")
    expect(page.locator("body")).not_to_have_css("background-color", light)


def test_the_open_menu_lies_wholly_on_screen(page, live_server, subtests):
    for width in (320, 375, 768, 1280):
        with subtests.test(width=width):
            page.set_viewport_size({"width": width, "height": 800})
            page.goto(live_server.url + "/")
            open_menu(page)
            panel = page.locator(".display-menu__panel").bounding_box()
            assert panel["x"] >= 0 and panel["x"] + panel["width"] <= width, panel
            for control in ("Four-colour deck", "Larger cards"):
                expect(page.get_by_role("button", name=control)).to_be_in_viewport(ratio=1)
            expect(page.get_by_label("Colours")).to_be_in_viewport(ratio=1)


def test_larger_cards_make_every_card_bigger_and_are_remembered(page, live_server):
    load_content()
    page.goto(live_server.url + "/badugi/")
    card = page.locator(".hand .pc").first
    before = card.bounding_box()["width"]
    open_menu(page)
    page.get_by_role("button", name="Larger cards").click()
    assert card.bounding_box()["width"] > before
    page.reload()
    assert page.locator(".hand .pc").first.bounding_box()["width"] > before


def test_without_javascript_the_menu_is_not_offered(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/")
        expect(page.locator("[data-display-menu]")).to_be_hidden()
    finally:
        context.close()


@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_axe_clean_and_fits_a_phone_in_every_colour_choice(
    page, live_server, axe, subtests, path
):
    load_content()
    page.set_viewport_size({"width": 375, "height": 800})
    for colours, expected in each_colour_choice(page, live_server.url + path):
        with subtests.test(colours=colours):
            assert_scheme(page, expected)
            assert page.evaluate("document.documentElement.scrollWidth") <= 375
            open_menu(page)
            if colours in AXE_COLOURS:
                assert axe(page) == []
            if TAKE_SCREENSHOTS and path in SCREENSHOTS:
                ARTEFACTS.mkdir(exist_ok=True)
                name = f"colours-{colours}-{SCREENSHOTS[path]}.png"
                page.screenshot(path=str(ARTEFACTS / name), full_page=True)


def _bootstrap_agrees_with_the_page(page, expected: str) -> None:
    background = body_background(page)
    bootstrap = page.evaluate(BOOTSTRAP_COLOURS)
    # Bootstrap's fields and tables sit on the same paper as the page...
    assert bootstrap["--bs-body-bg"] == background, bootstrap
    for name in ("--bs-tertiary-bg", "--bs-secondary-bg"):
        assert (_luminance(bootstrap[name]) < 0.05) == (expected == "dark"), (name, bootstrap)
    # ...and its text and hint colours are readable on it.
    for name in (
        "--bs-body-color",
        "--bs-emphasis-color",
        "--bs-secondary-color",
        "--bs-form-invalid-color",
    ):
        colour = _over(bootstrap[name], background)
        assert _contrast(colour, background) >= 4.5, (name, colour, background)
    # Table and card lines show, however faintly (they are decoration, not controls).
    assert _contrast(bootstrap["--bs-border-color"], background) > 1.2, bootstrap


def test_bootstrap_draws_with_the_same_scheme_as_the_page(page, live_server, subtests):
    for colours, expected in each_colour_choice(page, live_server.url + "/calculator/"):
        with subtests.test(colours=colours):
            assert_scheme(page, expected)
            _bootstrap_agrees_with_the_page(page, expected)


@pytest.mark.parametrize("system", ["light", "dark"])
def test_without_javascript_the_system_scheme_reaches_bootstrap_too(browser, live_server, system):
    context = browser.new_context(java_script_enabled=False, color_scheme=system)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/calculator/")
        assert_scheme(page, system)
        _bootstrap_agrees_with_the_page(page, system)
    finally:
        context.close()


CHART = """() => {
  const fills = [...document.querySelectorAll("rect.replay-chart__bar")].map(
    r => [r.classList.value, getComputedStyle(r).fill]);
  const swatches = [...document.querySelectorAll(".replay-chart__swatch")].map(
    s => [s.classList.value, getComputedStyle(s).backgroundColor]);
  return {fills, swatches};
}"""


def _chart_bars_stand_out_and_match_their_legend(page) -> None:
    background = body_background(page)
    chart = page.evaluate(CHART)
    assert chart["fills"] and chart["swatches"]
    legend = {
        next(c for c in classes.split() if c.startswith("replay-chart__bar--")): colour
        for classes, colour in chart["swatches"]
    }
    for classes, fill in chart["fills"]:
        # A bar is a graphic the reader must see: 3:1 against the page (WCAG 1.4.11).
        assert _contrast(fill, background) >= 3, (classes, fill, background)
        round_class = next(c for c in classes.split() if c.startswith("replay-chart__bar--"))
        assert legend[round_class] == fill, (round_class, legend, fill)


def test_the_replay_chart_bars_stand_out_and_match_their_legend(page, live_server, subtests):
    load_content()
    deal = Deal.objects.get(slug="amara-bram-kira-noor")
    last = replay(parse_deal(deal.history)).steps[-1].index
    url = f"{live_server.url}/replay/{deal.slug}/?step={last}"
    for colours, expected in each_colour_choice(page, url):
        with subtests.test(colours=colours):
            assert_scheme(page, expected)
            _chart_bars_stand_out_and_match_their_legend(page)
            ARTEFACTS.mkdir(exist_ok=True)
            chart_shot = ARTEFACTS / f"colours-{colours}-chart.png"
            page.locator(".replay-chart").screenshot(path=str(chart_shot))


EDGES = """selectors => Object.fromEntries(selectors.map(selector => {
  const el = document.querySelector(selector);
  return [selector, el && getComputedStyle(el).borderTopColor];
}))"""


def _table_rims_frames_and_dividers_show(page, live_server, expected: str) -> None:
    background = body_background(page)
    edges = page.evaluate(
        EDGES, [".poker-table__felt", ".replay-control--off", ".replayer", ".replay-seat"]
    )
    assert all(edges.values()), edges
    for selector in (".poker-table__felt", ".replay-control--off"):
        assert _contrast(edges[selector], background) >= 3, (selector, edges, background)
    least = 3 if expected == "dark" else 1.2
    for selector in (".replayer", ".replay-seat"):
        assert _contrast(edges[selector], background) >= least, (selector, edges, background)
    page.goto(live_server.url + "/drills/badugi-cards/?game=badeucey&difficulty=3&seed=5")
    edges = page.evaluate(EDGES, [".exercise__part", ".site-footer"])
    assert _contrast(edges[".exercise__part"], background) >= 3, edges
    footer = page.locator(".site-footer").evaluate("e => getComputedStyle(e).backgroundColor")
    assert _contrast(edges[".site-footer"], footer) >= least, edges


def test_the_table_rim_frames_and_dividers_show_in_every_colour_choice(page, live_server, subtests):
    """The replayer's table outline and each question's frame are 3:1 against the page
    (WCAG 1.4.11); dividers are faint on the light side and 3:1 on the dark one."""
    load_content()
    url = live_server.url + "/replay/amara-bram-kira-noor/?step=0"
    for colours, expected in each_colour_choice(page, url):
        with subtests.test(colours=colours):
            assert_scheme(page, expected)
            _table_rims_frames_and_dividers_show(page, live_server, expected)


# The focused element's outline, and the background it is drawn on: the
# nearest ancestor with a colour of its own (the outline sits outside the element).
FOCUSED = """() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  let around = el.parentElement, background = null;
  while (around && !background) {
    const colour = getComputedStyle(around).backgroundColor;
    if (colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent") background = colour;
    around = around.parentElement;
  }
  return {
    name: el.tagName + " " + (el.textContent || "").trim().slice(0, 30),
    place: el.closest("main") ? "main" : el.closest(".site-header") ? "header" : null,
    outlineStyle: style.outlineStyle,
    outlineWidth: parseFloat(style.outlineWidth),
    outlineColor: style.outlineColor,
    background: background || getComputedStyle(document.body).backgroundColor,
  };
}"""


def test_keyboard_focus_shows_a_contrasting_outline_in_every_colour_choice(
    page, live_server, subtests
):
    load_content()
    for colours, expected in each_colour_choice(page, live_server.url + "/badugi/"):
        with subtests.test(colours=colours):
            assert_scheme(page, expected)
            page_background = body_background(page)
            seen: dict[str, dict] = {}
            for _ in range(40):
                page.keyboard.press("Tab")
                focused = page.evaluate(FOCUSED)
                if focused["place"] and focused["place"] not in seen:
                    seen[focused["place"]] = focused
                if len(seen) == 2:
                    break
            assert set(seen) == {"header", "main"}, seen
            for focused in seen.values():
                assert focused["outlineStyle"] == "solid", focused
                assert focused["outlineWidth"] >= 2, focused
                behind = _over(focused["background"], page_background)
                assert _contrast(focused["outlineColor"], behind) >= 3, (focused, behind)


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
