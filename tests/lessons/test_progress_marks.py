"""After a checked answer: the lesson's own marks follow it, and the next step is the right one.

An htmx answer redraws, out of band, the exercise's entry in "On this page"
and the lesson's count, so they change without a reload. A right answer
sends the learner to the next unsolved exercise, saying how many are left,
before it offers the next lesson. Right answers come from the evaluator
(tests.factories.right_answer).
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from lessons import course
from lessons.models import Deal
from tests.factories import right_answer

pytestmark = [pytest.mark.django_db, pytest.mark.cache]


def lesson_deals() -> list[Deal]:
    return list(Deal.objects.published().for_lesson("badugi"))


def htmx_from(url: str) -> dict:
    """The headers htmx (and site.js, on a page with the lesson's contents) send from ``url``."""
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": f"http://testserver{url}"}
    if url.split("#")[0] in {lesson.url for lesson in course.LESSONS}:
        headers["HTTP_X_LESSON_CONTENTS"] = "true"
    return headers


def wrong_answer(deal: Deal) -> dict:
    data = dict(right_answer(deal))
    key = next(k for k in data if k.endswith("_badugi"))
    data[key] = ["0" if data[key] == ["1"] else "1"]
    return data


def oob_entry(html: str, slug: str) -> re.Match | None:
    return re.search(
        rf'<li id="toc-exercise-{slug}" hx-swap-oob="outerHTML"><a href="#exercise-{slug}" '
        rf'data-status="(\w+)">Exercise \d+</a>\s*<span class="progress-status" '
        rf'data-status="(\w+)">([^<]*?)\s*</span></li>',
        html,
    )


def test_the_htmx_answer_redraws_its_contents_entry_out_of_band(client):
    deal = lesson_deals()[0]
    lesson_url = course.BY_KEY["badugi"].url
    page = client.get(lesson_url).content.decode()
    assert f'<li id="toc-exercise-{deal.slug}"><a href="#exercise-{deal.slug}"' in page

    wrong = client.post(deal.check_url, wrong_answer(deal), **htmx_from(lesson_url))
    entry = oob_entry(wrong.content.decode(), deal.slug)
    assert entry and entry.groups() == ("tried", "tried", "Tried, not solved yet")

    right = client.post(deal.check_url, right_answer(deal), **htmx_from(lesson_url))
    html = right.content.decode()
    entry = oob_entry(html, deal.slug)
    assert entry and entry.groups() == ("solved", "solved", "Solved")
    # The count at the foot of the lesson follows too.
    count = f"1 of {len(lesson_deals())} solved in this lesson"
    assert f'<span id="lesson-pager-count" hx-swap-oob="outerHTML">{count}</span>' in html
    # What the reply says agrees with the page after a reload.
    again = client.get(lesson_url).content.decode()
    assert f'<a href="#exercise-{deal.slug}" data-status="solved">' in again
    assert f'<span id="lesson-pager-count">{count}</span>' in again


def test_a_wrong_answer_after_solving_leaves_the_exercise_solved(client):
    deal = lesson_deals()[0]
    lesson_url = course.BY_KEY["badugi"].url
    client.post(deal.check_url, right_answer(deal), **htmx_from(lesson_url))
    wrong = client.post(deal.check_url, wrong_answer(deal), **htmx_from(lesson_url))
    entry = oob_entry(wrong.content.decode(), deal.slug)
    assert entry and entry.groups() == ("solved", "solved", "Solved")


def test_an_answer_from_the_exercises_own_page_sends_no_contents_entry(client):
    deal = lesson_deals()[0]
    html = client.post(
        deal.check_url, right_answer(deal), **htmx_from(deal.get_absolute_url())
    ).content.decode()
    assert 'id="toc-exercise-' not in html and 'id="lesson-pager-count"' not in html
    assert f'id="status-{deal.slug}" data-status="solved" hx-swap-oob' in html


def next_step(html: str) -> str:
    found = re.search(r'<p class="next-step">(.*?)</p>', html, re.DOTALL)
    assert found, "no next step"
    return " ".join(re.sub(r"<[^>]+>", " ", found[1]).split())


def test_the_last_exercise_solved_first_sends_the_learner_to_the_first_one_left():
    client = Client()
    deals = lesson_deals()
    last = deals[-1]
    html = client.post(last.check_url, right_answer(last), HTTP_HX_REQUEST="true").content.decode()
    step = next_step(html)
    left = len(deals) - 1
    assert f"1 of {len(deals)} solved in this lesson, {left} exercises still to solve." in step
    link = re.search(r'class="btn btn-primary next-step__link" href="([^"]+)">([^<]+)<', html)
    assert link[1].endswith(f"#exercise-{deals[0].slug}")
    assert link[2] == f"Next unsolved: Exercise {deals[0].number}, {deals[0].title}"
    # The next lesson is still there, offered second.
    _, after = course.neighbours("badugi")
    assert step.index(deals[0].title) < step.index(f"Next lesson: {after.title}")


def test_solved_exercises_are_skipped_on_the_way_to_the_next_unsolved_one():
    client = Client()
    deals = lesson_deals()
    for deal in (deals[1], deals[2]):
        client.post(deal.check_url, right_answer(deal), HTTP_HX_REQUEST="true")
    html = client.post(
        deals[0].check_url, right_answer(deals[0]), HTTP_HX_REQUEST="true"
    ).content.decode()
    step = next_step(html)
    assert f"#exercise-{deals[3].slug}" in html and deals[3].title in step
    assert f"{len(deals) - 3} exercises still to solve" in step
    assert "Next lesson" not in step  # the later exercises come first


def test_with_every_exercise_solved_the_next_step_is_the_next_lesson():
    client = Client()
    deals = lesson_deals()
    for deal in deals[1:]:
        client.post(deal.check_url, right_answer(deal), HTTP_HX_REQUEST="true")
    html = client.post(
        deals[0].check_url, right_answer(deals[0]), HTTP_HX_REQUEST="true"
    ).content.decode()
    step = next_step(html)
    _, after = course.neighbours("badugi")
    assert f"{len(deals)} of {len(deals)} solved in this lesson." in step
    assert "still to solve" not in step
    assert f"Next lesson: {after.title}" in step
