"""Quick checks: one short question after each lesson section, answered in place.

A quick check is a lesson deal with a ``section`` instead of a number
(``lessons.content.quick_checks``). These tests post its answers through the
lesson page's own forms, with and without htmx, and read what a learner
would notice: the feedback, where the checked block lands, the attempt
stored, the skill level beside "Practise this". Right answers come from the
evaluator (``right_answer``); wrong ones are built from them.
"""

from __future__ import annotations

import re
from functools import partial

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from pytest_django.asserts import assertContains, assertNotContains

from evaluator import parse_cards
from lessons import course, skills
from lessons.content.loader import content_deals
from lessons.deals import parts
from lessons.learners import mastery
from lessons.models import Attempt, Deal, SkillState
from lessons.pages import lesson_page, page_cache, slots
from lessons.pages.section_ends import level_slot
from tests.factories import card_value, make_deal, right_answer

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SECTIONS = [(lesson.key, s.anchor) for lesson in course.LESSONS for s in lesson.sections]
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def check_of(lesson: str, anchor: str) -> Deal:
    return Deal.objects.published().get(lesson=lesson, section=anchor)


def section_html(html: str, lesson: str, anchor: str) -> str:
    """The page from the section's heading to the next declared section's heading."""
    start = html.index(f'id="{anchor}"')
    later = [
        html.find(f'id="{s.anchor}"', start + 1)
        for s in course.BY_KEY[lesson].sections
        if s.anchor != anchor
    ]
    ends = [i for i in later if i > start] + [html.find('id="exercises"', start)]
    return html[start : min(i for i in ends if i > 0)]


def fewer_cards(deal: Deal) -> dict:
    """The right Badugi cards less one: still a legal selection, but not the best."""
    answer = right_answer(deal)
    (key,) = answer  # one part, one field: the cards
    answer[key] = list(answer[key])[:-1]
    return answer


# ---- every section has its check -------------------------------------------------


@pytest.mark.parametrize(("lesson", "anchor"), SECTIONS, ids=[f"{k}-{a}" for k, a in SECTIONS])
def test_every_section_has_a_published_quick_check_after_it(client, lesson, anchor):
    html = client.get(reverse(f"lessons:{lesson}")).content.decode()
    deal = Deal.objects.published().filter(lesson=lesson, section=anchor).first()
    assert deal is not None, f"{lesson}#{anchor} has no published quick check"
    here = section_html(html, lesson, anchor)
    assert f'id="exercise-{deal.slug}"' in here
    assert f"Quick check: {deal.title}" in here


def test_no_quick_check_deals_an_exercises_hand():
    deals = content_deals()
    for check in (d for d in deals if d.section):
        exercise_hands = {
            frozenset(hand)
            for d in deals
            if d.lesson == check.lesson and not d.section
            for hand in d.hands
        }
        for seat in check.seats:
            hand = frozenset(parse_cards(seat["cards"]))
            assert hand not in exercise_hands, f"{check.slug} repeats {seat['cards']}"


def test_each_shipped_check_asks_one_short_question():
    for check in (d for d in content_deals() if d.section):
        assert check.number is None and len(check.parts) == 1, check.slug
        assert check.slug == f"{check.lesson}-check-{check.section}"


# ---- quick checks are not among the six exercises -------------------------------------


def test_quick_checks_are_not_counted_as_the_lessons_exercises(client):
    deal = check_of("badugi", "best-subset")
    client.post(deal.check_url, right_answer(deal), **HTMX)
    exercises = Deal.objects.published().filter(lesson="badugi", number__isnull=False).count()
    page = client.get(reverse("lessons:badugi")).content.decode()
    assert f"0 of {exercises} solved in this lesson" in page
    assert 'id="toc-exercise-badugi-check-' not in page
    assertNotContains(client.get(reverse("lessons:progress")), deal.title)


def test_a_right_quick_check_offers_no_next_exercise_and_a_wrong_one_rereads_its_section(client):
    deal = check_of("badugi", "best-subset")
    right = client.post(deal.check_url, right_answer(deal), **HTMX)
    assertNotContains(right, "Next unsolved")
    assertNotContains(right, "Next exercise")
    assertNotContains(right, 'id="toc-exercise-', html=False)
    wrong = client.post(deal.check_url, fewer_cards(deal), **HTMX)
    assertContains(wrong, f'href="{reverse("lessons:badugi")}#best-subset"')


# ---- answering, wrong then right --------------------------------------------------


def level_in_section(html: str, lesson: str, anchor: str, skill: str) -> str:
    """The level words beside "Practise this" for ``skill`` in that section."""
    here = section_html(html, lesson, anchor)
    name = skills.BY_KEY[skill].name
    found = re.search(
        rf"Practise this: {re.escape(name)}</a>.*?skill-level__name\">([^<]+)<", here, re.S
    )
    assert found, f"no level shown for {skill}"
    return found.group(1)


def level_of(skill: str) -> int:
    state = SkillState.objects.filter(skill=skill).first()
    return state.level if state else mastery.NOT_STARTED


def test_an_htmx_answer_is_checked_in_place_recorded_and_moves_the_skill(client):
    deal = check_of("badugi", "best-subset")
    skill = skills.BADUGI_SKILL["badugi"]
    page = client.get(reverse("lessons:badugi")).content.decode()
    before = level_in_section(page, "badugi", "best-subset", skill)
    assert before == mastery.level_name(mastery.NOT_STARTED)

    wrong = client.post(deal.check_url, fewer_cards(deal), **HTMX)
    assert wrong.status_code == 200
    assertContains(wrong, "Not yet")
    assertContains(wrong, f'id="feedback-{deal.slug}-summary"')
    assertNotContains(wrong, "<html")
    result = wrong.context["exercise"].form.results[0]
    assert not result.ok and result.message in wrong.content.decode()
    after_wrong = level_of(skill)
    page = client.get(reverse("lessons:badugi")).content.decode()
    assert level_in_section(page, "badugi", "best-subset", skill) == mastery.level_name(after_wrong)

    right = client.post(deal.check_url, right_answer(deal), **HTMX)
    assertContains(right, "All right")
    assert [a.correct for a in Attempt.objects.filter(deal=deal).order_by("pk")] == [False, True]
    assert level_of(skill) != after_wrong
    page = client.get(reverse("lessons:badugi")).content.decode()
    assert level_in_section(page, "badugi", "best-subset", skill) == mastery.level_name(
        level_of(skill)
    )
    assert 'data-status="solved"' in section_html(page, "badugi", "best-subset")


def test_without_javascript_the_whole_lesson_returns_with_the_check_answered_in_place(client):
    deal = check_of("badacey", "choosing-badugi")
    wrong = client.post(deal.check_url, fewer_cards(deal))
    assert wrong.status_code == 200
    html = wrong.content.decode()
    assert "<h1" in html and html.count(f'id="exercise-{deal.slug}"') == 1
    here = section_html(html, "badacey", "choosing-badugi")
    assert "Not yet" in here and f'id="feedback-{deal.slug}-summary"' in here
    assert "<!--slot:" not in html
    right = client.post(deal.check_url, right_answer(deal))
    here = section_html(right.content.decode(), "badacey", "choosing-badugi")
    assert "All right" in here
    assert [a.correct for a in Attempt.objects.filter(deal=deal).order_by("pk")] == [False, True]
    skill = skills.BADUGI_SKILL["badacey"]
    assert level_in_section(right.content.decode(), "badacey", "choosing-badugi", skill) == (
        mastery.level_name(level_of(skill))
    )


def test_a_wrong_check_names_the_wrong_idea_and_offers_a_hint(client):
    deal = check_of("badugi", "best-subset")
    hand = parse_cards(deal.seats[0]["cards"])
    # Keep the lowest card of each suit, then drop repeated ranks: the shortcut the lesson warns of.
    kept: dict[str, object] = {}
    for card in sorted(hand, key=lambda c: c.rank):
        kept.setdefault(card.suit, card)
    chosen, ranks = [], set()
    for card in sorted(kept.values(), key=lambda c: c.rank):
        if card.rank not in ranks:
            chosen.append(card)
            ranks.add(card.rank)
    (key,) = right_answer(deal)
    response = client.post(deal.check_url, {key: [card_value(c) for c in chosen]}, **HTMX)
    result = response.context["exercise"].form.results[0]
    assert not result.ok and result.misconception is not None
    assertContains(response, result.misconception.correction[1:40])  # after its capital
    page = client.get(reverse("lessons:badugi")).content.decode()
    assert deal.hint_url in section_html(page, "badugi", "best-subset")
    hint = client.post(deal.hint_url, {"hint": "0", f"{deal.slug}-p0_hints": "0"}, **HTMX)
    assert hint.status_code == 200
    first = parts.kind_of(deal.parts[0]).hints(deal.parts[0], deal)[0]
    assertContains(hint, escape(first.split(",")[0]))


# ---- the cached page ---------------------------------------------------------------


@pytest.mark.cache
def test_the_cached_page_is_the_same_for_two_learners(monkeypatch):
    renders: list[str] = []
    real = lesson_page.lesson_context
    monkeypatch.setattr(lesson_page, "lesson_context", lambda key: renders.append(key) or real(key))
    first, second = Client(), Client()
    deal = check_of("badugi", "best-subset")
    first.post(deal.check_url, right_answer(deal), **HTMX)
    mine = first.get(reverse("lessons:badugi")).content.decode()
    theirs = second.get(reverse("lessons:badugi")).content.decode()
    assert renders == ["badugi"]
    assert 'data-status="solved"' in section_html(mine, "badugi", "best-subset")
    assert 'data-status="solved"' not in section_html(theirs, "badugi", "best-subset")
    key = page_cache.page_key("badugi", partial(lesson_page.lesson_deals, "badugi"))
    stored = b"".join(slots.join(p, {}) for p in cache.get(key).values()).decode()
    assert "solved" not in section_html(stored, "badugi", "best-subset")
    assert level_slot(skills.BADUGI_SKILL["badugi"]) in slots.names(
        [piece for pieces in cache.get(key).values() for piece in pieces]
    )


# ---- bad posts --------------------------------------------------------------------


def test_an_unknown_check_is_a_404_page(client):
    response = client.post(reverse("lessons:check_answer", args=["badugi-check-nowhere"]), {})
    assert response.status_code == 404


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_garbled_answer_is_a_clear_400(client, htmx):
    deal = check_of("badugi", "best-subset")
    headers = HTMX if htmx else {}
    (key,) = right_answer(deal)
    response = client.post(deal.check_url, {key: ["not a card", "X♠"]}, **headers)
    assert response.status_code == 400
    assertContains(response, "There is a problem", status_code=400)
    assert not Attempt.objects.exists()


def test_an_oversized_answer_is_refused_without_a_500(client):
    deal = check_of("badacey", "awarding")
    key = next(iter(right_answer(deal)))
    response = client.post(deal.check_url, {key: "9" * 5000}, **HTMX)
    assert response.status_code == 400
    assert not Attempt.objects.exists()


# ---- the model and the admin --------------------------------------------------------


def test_a_section_of_another_lesson_is_refused_with_a_clear_message():
    with pytest.raises(ValidationError) as error:
        make_deal(slug="stray", lesson="badugi", section="schedule", published=False)
    message = " ".join(error.value.message_dict["section"])
    assert "is not a section of the Badugi lesson" in message


def test_a_quick_check_has_no_number_and_needs_a_lesson():
    with pytest.raises(ValidationError) as error:
        make_deal(slug="numbered", lesson="badugi", number=40, section="draws", published=False)
    assert "no exercise number" in " ".join(error.value.message_dict["number"])
    with pytest.raises(ValidationError) as error:
        make_deal(slug="lessonless", section="draws", published=False)
    assert "belongs to a lesson" in " ".join(error.value.message_dict["section"])


def test_several_drafts_but_one_published_check_per_section():
    make_deal(slug="draft-1", lesson="badugi", section="draws", published=False)
    make_deal(slug="draft-2", lesson="badugi", section="draws", published=False)
    with pytest.raises(ValidationError) as error:
        make_deal(slug="second-live", lesson="badugi", section="draws", published=True)
    assert "already has a published quick check" in str(error.value)


# ---- "Practise this" ---------------------------------------------------------------

TAUGHT = [s for s in skills.SKILLS if s.lesson in course.BY_KEY]


@pytest.mark.parametrize("skill", TAUGHT, ids=[s.key for s in TAUGHT])
def test_each_section_that_teaches_a_skill_links_its_drill(client, skill):
    lesson, _, anchor = skill.section.partition("#")
    here = section_html(client.get(reverse(f"lessons:{lesson}")).content.decode(), lesson, anchor)
    found = re.search(rf'href="([^"]+)">Practise this: {re.escape(skill.name)}</a>', here)
    assert found, f"{skill.section} has no link to practise {skill.name}"
    url = found.group(1).replace("&amp;", "&")
    assert url.startswith(reverse("lessons:drill", args=[skill.drill]))
    assert f"game={skill.game}" in url and f"difficulty={skill.difficulty}" in url
    response = client.get(url, follow=True)
    assert response.status_code == 200
    assert f"game={skill.game}" in response.redirect_chain[-1][0]


# ---- elsewhere on the site -----------------------------------------------------------


def test_home_carries_on_with_an_exercise_not_a_quick_check(client):
    deal = check_of("badugi", "draws")
    client.post(deal.check_url, right_answer(deal), **HTMX)
    home = client.get(reverse("lessons:home")).content.decode()
    first = Deal.objects.published().for_lesson("badugi").first()
    assert f"#exercise-{first.slug}" in home
    assert "#exercise-badugi-check-" not in home


def test_a_lesson_assignment_is_finished_by_the_exercises_alone():
    from types import SimpleNamespace

    from lessons.classes import assigned
    from lessons.models import Assignment

    found = assigned.lesson_deals([SimpleNamespace(kind=Assignment.LESSON, lesson="badugi")])
    exercises = set(Deal.objects.published().for_lesson("badugi").values_list("pk", flat=True))
    assert found["badugi"] == exercises
    assert check_of("badugi", "draws").pk not in found["badugi"]


def test_a_quick_check_has_its_own_page_too(client):
    deal = check_of("badacey", "schedule")
    response = client.get(deal.get_absolute_url())
    assertContains(response, f"Quick check: {deal.title}")


def test_a_quick_checks_own_page_shows_the_learners_status(client):
    deal = check_of("badacey", "schedule")
    client.post(deal.check_url, right_answer(deal), **HTMX)
    response = client.get(deal.get_absolute_url())
    assertContains(response, f'id="status-{deal.slug}" data-status="solved"')


def test_without_javascript_a_checks_worked_answer_is_a_link_to_its_own_page(client):
    # The lesson page carries each exercise's answer for readers without
    # JavaScript, but a check's only as a link: seven of them cost /badacey/
    # over 20 KB and pushed it past its size budget.
    check = check_of("badacey", "five-card-low")
    page = client.get(reverse("lessons:badacey")).content.decode()
    block = section_html(page, "badacey", "five-card-low")
    noscript = re.search(r"<noscript>(.*?)</noscript>", block, re.S).group(1)
    assert f'href="{check.answer_url}"' in noscript and "worked-answer" not in noscript
    answer = client.get(check.answer_url)
    assert answer.status_code == 200
    assertContains(answer, "worked-answer")
    assertContains(answer, check.explanation[:40])


def test_a_missed_quick_check_shows_under_missed_most_recently(client):
    deal = check_of("badugi", "best-subset")
    wrong = fewer_cards(deal)
    assert client.post(deal.check_url, wrong, HTTP_HX_REQUEST="true").status_code == 200
    page = client.get("/progress/").content.decode()
    missed = page[page.index('id="missed"') :]
    assert deal.title in missed[: missed.index("</section>")]
