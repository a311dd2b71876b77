"""No card symbol is left for a screen reader to read aloud, in a real browser.

Every visible "K♥" must sit inside an aria-hidden part of the card component,
next to its spoken name, on the lesson pages, the replayer (a draw and the
showdown) and an exercise's feedback on a wrong answer.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from evaluator import parse_cards
from evaluator.notation import parse_deal
from evaluator.replay import replay
from lessons.content.loader import load_content
from lessons.models import Deal
from tests.browser.answering import fill_answer
from tests.factories import card_value, field, right_answer
from tests.speech import CARD_TEXT, HEARD_JS, spoken_words

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = "amara-bram-kira-noor"

# Text nodes with a suit symbol that no aria-hidden ancestor hides. Scripts,
# styles and <noscript> (plain text while JavaScript runs) are never read.
SYMBOLS_READ_ALOUD = """() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!/[♠♥♦♣]/.test(node.data)) continue;
        const parent = node.parentElement;
        if (parent.closest('[aria-hidden="true"], script, style, noscript')) continue;
        found.push(parent.tagName + ": " + node.data.trim().slice(0, 120));
    }
    return found;
}"""


@pytest.fixture
def deals():
    """The lesson exercises and the seed replay, however the database was reset."""
    load_content()
    return replay(parse_deal(Deal.objects.get(slug=SEED).history))


def assert_every_card_is_named(page, axe):
    assert page.evaluate(SYMBOLS_READ_ALOUD) == []
    assert axe(page) == []
    page.set_viewport_size({"width": 375, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


@pytest.mark.parametrize("path", ["/badacey/", "/badugi/", "/games/"])
def test_a_lesson_page_names_every_card_it_quotes(page, live_server, axe, deals, path):
    page.goto(live_server.url + path)
    assert_every_card_is_named(page, axe)


def test_the_replayer_names_the_cards_of_a_draw_and_of_the_showdown(page, live_server, axe, deals):
    draw = next(s for s in deals.steps if s.kind == "draw" and CARD_TEXT.search(s.text))
    last = deals.steps[-1]
    for step in (draw, last):
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(f"{live_server.url}/replay/{SEED}/?step={step.index}")
        heard = page.locator("#replay-status").evaluate(HEARD_JS)
        assert heard == spoken_words(step.text)
        assert_every_card_is_named(page, axe)


def test_the_replayers_htmx_step_announces_card_names(page, live_server, deals):
    draw = next(s for s in deals.steps if s.kind == "draw" and CARD_TEXT.search(s.text))
    page.goto(f"{live_server.url}/replay/{SEED}/?step={draw.index - 1}")
    page.wait_for_function("window.htmx !== undefined")
    page.get_by_role("link", name="Next", exact=True).click()
    expect(page.locator("[data-replay-index]")).to_have_text(str(draw.index))
    assert page.locator("#replay-status").evaluate(HEARD_JS) == spoken_words(draw.text)
    assert page.evaluate(SYMBOLS_READ_ALOUD) == []


def test_feedback_on_a_selection_that_repeats_a_suit_names_the_cards(page, live_server, axe, deals):
    deal = Deal.objects.get(slug="badacey-2")
    index = next(i for i, p in enumerate(deal.parts) if p["kind"] == "badugi_cards")
    holding = parse_cards(deal.seats[deal.parts[index]["seat"]]["cards"])
    clash = next((a, b) for a in holding for b in holding if a != b and a.suit == b.suit)
    answer = right_answer(deal) | {field(deal, index, "cards"): [card_value(c) for c in clash]}
    page.goto(live_server.url + deal.get_absolute_url())
    page.wait_for_function("window.htmx !== undefined")
    fill_answer(page, answer)
    page.get_by_role("button", name="Check my answer").click()
    feedback = page.locator(f"#feedback-{deal.slug}")
    expect(feedback).to_contain_text("does not count")
    heard = feedback.evaluate(HEARD_JS)
    assert clash[0].name in heard and clash[1].name in heard
    assert_every_card_is_named(page, axe)
