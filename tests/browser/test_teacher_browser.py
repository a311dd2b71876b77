"""A teacher adds a practice deal in the admin; a learner finds it, answers it, is told."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from playwright.sync_api import expect

from lessons.content.loader import load_content
from lessons.models import Deal
from tests.browser.colours import contrast, luminance
from tests.factories import make_teacher, right_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-teaching-pass"
TITLE = "Kira keeps two aces"


@pytest.fixture(autouse=True)
def teachers_group():
    """Run the Teachers data migration again: an earlier transactional test's flush emptied it."""
    migration = import_module("lessons.migrations.0003_teachers_group")
    state = MigrationLoader(connection).project_state(("lessons", "0003_teachers_group"))
    with connection.schema_editor() as editor:
        migration.create_group(state.apps, editor)


def answer(page, deal: Deal) -> None:
    """Fill the exercise form with the evaluator's answer, as a learner would."""
    for name, value in right_answer(deal).items():
        for item in value if isinstance(value, list) else [value]:
            field = page.locator(f'input[name="{name}"]')
            if field.first.get_attribute("type") in ("checkbox", "radio"):
                page.locator(f'input[name="{name}"][value="{item}"]').check()
            else:
                field.fill(item)


def test_a_teacher_publishes_a_deal_that_a_learner_then_answers(browser, page, live_server, axe):
    make_teacher(password=PASSWORD)
    teacher = browser.new_page()  # its own context: the learner's `page` is not logged in
    teacher.goto(live_server.url + "/admin/")
    teacher.get_by_label("Username").fill("teacher")
    teacher.get_by_label("Password").fill(PASSWORD)
    teacher.get_by_role("button", name="Log in").click()

    teacher.goto(live_server.url + "/admin/lessons/deal/add/")
    teacher.get_by_label("Title:", exact=True).fill(TITLE)
    teacher.get_by_label("Published").uncheck()
    teacher.get_by_label("Game:", exact=True).select_option("badacey")
    teacher.get_by_label("Pot:", exact=True).fill("80")
    teacher.get_by_label("Seats:", exact=True).fill("Kira: A♠ 2♠ A♥ 3♦ 4♣\nNoor: 5♠ 4♥ 3♣ 2♦ A♣")
    teacher.get_by_label("Prompt:", exact=True).fill(
        "Pick Kira's Badugi, then the winners and the payouts."
    )
    teacher.get_by_label("Parts:", exact=True).fill("badugi Kira\nwinners\npayouts")
    teacher.get_by_role("button", name="Save and continue editing").click()
    expect(teacher.locator(".messagelist")).to_contain_text("was added successfully")
    deal = Deal.objects.get(title=TITLE)
    assert deal.slug == "kira-keeps-two-aces", "the admin's script fills the slug from the title"

    learner = page
    learner.goto(live_server.url + "/practice/")
    expect(learner.get_by_role("link", name=TITLE)).to_have_count(0)

    teacher.get_by_label("Published").check()
    teacher.get_by_role("button", name="Save", exact=True).click()
    expect(teacher.locator(".messagelist")).to_contain_text("was changed successfully")

    learner.goto(live_server.url + "/practice/")
    assert axe(learner) == []
    learner.get_by_role("link", name=TITLE).click()
    expect(learner.get_by_role("heading", level=1)).to_contain_text(TITLE)
    answer(learner, Deal.objects.get(pk=deal.pk))
    learner.get_by_role("button", name="Check my answer").click()
    feedback = learner.locator(f"#feedback-{deal.slug}")
    expect(feedback).to_contain_text("All right: every part is correct.")


def sign_in(tab, live_server) -> None:
    make_teacher(password=PASSWORD)
    tab.goto(live_server.url + "/admin/")
    tab.get_by_label("Username").fill("teacher")
    tab.get_by_label("Password").fill(PASSWORD)
    tab.get_by_role("button", name="Log in").click()
    expect(tab.get_by_role("button", name="Log out")).to_be_visible()


# The admin's deal pages draw cards with admin-deal.css: read back the page,
# a plain card's edge and a counting card's thick edge (its mark, besides colour).
CARD_EDGES = """() => {
  const edge = selector => getComputedStyle(document.querySelector(selector)).borderTopColor;
  return {
    page: getComputedStyle(document.body).backgroundColor,
    card: edge(".deal-verdict .pc:not(.counts)"),
    counts: edge(".deal-verdict .pc.counts"),
  };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_deal_change_page_and_its_preview_follow_the_admins_own_scheme(
    page, live_server, axe, scheme
):
    """Django's admin has its own dark mode; the project's card styles must not undo it."""
    load_content()
    deal = Deal.objects.filter(published=True).exclude(lesson="").first()
    page.emulate_media(color_scheme=scheme)
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/admin/lessons/deal/{deal.pk}/change/")
    colours = page.evaluate(CARD_EDGES)
    assert (luminance(colours["page"]) < 0.05) == (scheme == "dark"), colours
    # Each card's edge, and the counting card's thick one, show against the page (1.4.11).
    assert contrast(colours["card"], colours["page"]) >= 3, colours
    assert contrast(colours["counts"], colours["page"]) >= 3, colours
    assert axe(page) == []
    page.get_by_role("button", name="Preview as a learner sees it (does not save)").click()
    page.locator("#deal-preview .deal-preview__body").wait_for()
    assert axe(page) == []


def test_a_teacher_tries_a_drafts_answer_in_the_preview_and_sees_a_stale_save_at_the_top(
    page, live_server, axe
):
    """The preview's controls answer for a draft; a refused save says why where it shows."""
    load_content()
    deal = Deal.objects.get(slug="badacey-2")
    Deal.objects.filter(pk=deal.pk).update(published=False)
    deal.refresh_from_db()
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/admin/lessons/deal/{deal.pk}/change/")
    page.get_by_role("button", name="Preview as a learner sees it (does not save)").click()
    preview = page.locator("#deal-preview")
    expect(preview.locator("details.answer-panel")).to_have_attribute("open", "")
    answer(page, deal)
    preview.get_by_role("button", name="Check my answer", exact=False).last.click()
    expect(preview.locator(f"#feedback-{deal.slug}")).to_contain_text(
        "All right: every part is correct."
    )
    assert axe(page) == []

    # Another teacher saves meanwhile: this save is refused, and the reason is in sight.
    Deal.objects.filter(pk=deal.pk).update(version=deal.version + 1)
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Someone else saved this deal after you opened it")).to_be_visible()
