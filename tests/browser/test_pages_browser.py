"""The lesson pages in a real browser: accessible, phone-sized, keyboard-navigable."""

from __future__ import annotations

import pytest
from django.urls import reverse

from lessons.models import Deal
from tests.factories import make_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOCUSED_TOC_LINK = """() => {
    const el = document.activeElement;
    return el.closest('nav[aria-label="On this page"]') ? el.getAttribute('href') : null;
}"""

# The home page has the same checks in test_home_browser.py.
PAGES = [
    "lessons:table_basics",
    "lessons:badacey",
    "lessons:badugi",
    "lessons:badeucey",
    "lessons:drawing",
    "lessons:games",
    "lessons:notation",
]


@pytest.mark.parametrize("name", PAGES)
def test_the_page_has_no_axe_violations(page, live_server, axe, name):
    page.goto(live_server.url + reverse(name))
    assert axe(page) == []


@pytest.mark.parametrize("name", PAGES)
def test_a_phone_width_screen_needs_no_sideways_scrolling(page, live_server, name):
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(live_server.url + reverse(name))
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


@pytest.mark.parametrize("name", PAGES)
def test_every_contents_link_is_reached_by_tab_and_jumps_to_its_section(page, live_server, name):
    page.goto(live_server.url + reverse(name))
    toc = page.locator('nav[aria-label="On this page"] a')
    hrefs = toc.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    reached = []
    for _ in range(80):  # skip link, header links, the lead's glossary links, then the contents
        page.keyboard.press("Tab")
        href = page.evaluate(FOCUSED_TOC_LINK)
        if href is not None:
            reached.append(href)
        if len(reached) == len(hrefs):
            break
    assert reached == hrefs
    # Focusing a link below the fold scrolls it into view, smoothly; Enter
    # pressed mid-animation would be swallowed by it, as a person never is.
    page.wait_for_function(
        "() => { const r = document.activeElement.getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= innerHeight; }",
        timeout=3000,
    )
    page.wait_for_timeout(300)
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == hrefs[-1]
    # Bootstrap scrolls smoothly, so wait for the section to arrive in view.
    page.wait_for_function(
        "id => { const top = document.getElementById(id).getBoundingClientRect().top;"
        " return top >= 0 && top < innerHeight; }",
        arg=hrefs[-1][1:],
        timeout=3000,
    )


def test_the_review_boxes_tick_with_the_space_bar(page, live_server):
    page.goto(live_server.url + reverse("lessons:badacey"))
    box = page.locator("#review-1")
    box.focus()
    page.keyboard.press("Space")
    assert box.is_checked()
    assert page.url.endswith(reverse("lessons:badacey"))  # nothing was submitted


PRINT_DEALS = {
    "table_basics": {
        "game": "badugi",
        "seats": [{"name": "A", "cards": "A♠ 2♥ 3♦ 4♣"}, {"name": "B", "cards": "5♠ 4♥ 3♣ 2♦"}],
        "pot": 9,
        "parts": [{"kind": "payouts"}],
    },
    "badacey": {"parts": [{"kind": "winners"}]},
    "badeucey": {"game": "badeucey", "parts": [{"kind": "winners"}]},
    "drawing": {
        "game": "badugi",
        "seats": [{"name": "A", "cards": "A♠ 2♥ 3♦ K♦"}, {"name": "B", "cards": "5♠ 4♥ 3♣ 2♦"}],
        "pot": None,
        "parts": [{"kind": "outs", "seat": 0, "throw": "K♦", "target": "badugi"}],
    },
    "badugi": {
        "game": "badugi",
        "seats": [{"name": "A", "cards": "A♠ 2♥ 3♦ 4♣"}, {"name": "B", "cards": "5♠ 4♥ 3♣ 2♦"}],
        "pot": None,
        "parts": [{"kind": "winners"}],
    },
}

PRINT_LAYOUT = """() => {
    const shown = el => el && getComputedStyle(el).display !== 'none';
    const answers = document.querySelector('.print-answers');
    return {
        answers: shown(answers),
        answersStartPage: answers && getComputedStyle(answers).breakBefore,
        panels: [...document.querySelectorAll('.answer-panel')].some(shown),
        questions: [...document.querySelectorAll('.exercise')].filter(shown).length,
        answeredExercises: answers ? answers.querySelectorAll('.worked-answer').length : 0,
    };
}"""


def _ensure_an_exercise(lesson: str) -> int:
    if not Deal.objects.filter(lesson=lesson).exists():  # an earlier test flushed the data
        make_deal(lesson=lesson, number=1, **PRINT_DEALS[lesson])
    # The numbered exercises: a quick check is left off the printed lesson.
    return Deal.objects.published().filter(lesson=lesson, section="").count()


@pytest.mark.parametrize(
    "name",
    [
        "lessons:table_basics",
        "lessons:badacey",
        "lessons:badugi",
        "lessons:badeucey",
        "lessons:drawing",
    ],
)
def test_a_printed_lesson_has_its_questions_then_every_answer_on_a_new_page(
    page, live_server, name
):
    exercises = _ensure_an_exercise(name.split(":")[1])
    page.goto(live_server.url + reverse(name))
    assert page.locator(".print-answers").count() == 0  # not in the page on screen at all
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    page.emulate_media(media="print")
    printed = page.evaluate(PRINT_LAYOUT)
    assert printed["answers"] and printed["answersStartPage"] == "page"
    assert not printed["panels"]
    assert printed["questions"] == exercises
    assert printed["answeredExercises"] == exercises
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert page.locator(".print-answers").count() == 0


@pytest.mark.parametrize("lesson", ["badacey", "badeucey", "drawing"])
def test_without_javascript_a_printed_lesson_still_ends_with_its_answers(
    browser, live_server, lesson
):
    exercises = _ensure_an_exercise(lesson)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + reverse(f"lessons:{lesson}"))
    assert not page.evaluate(PRINT_LAYOUT)["answers"]  # hidden on screen
    page.emulate_media(media="print")
    printed = page.evaluate(PRINT_LAYOUT)
    assert printed["answers"] and printed["answeredExercises"] == exercises
    context.close()
