"""Hints in steps: shown one at a time with and without htmx, counted into the answer.

The hints' text comes from the part kinds (computed from the deal); these
tests read it from the registry, never type it, and check what a learner
sees and what the check records.
"""

from __future__ import annotations

import re

import pytest
from pytest_django.asserts import assertContains, assertNotContains

from evaluator import badugi, parse_cards
from evaluator.wording import number_word
from lessons.deals import parts
from lessons.models import Deal
from tests.factories import field, lesson_exercises, make_deal, right_answer
from tests.form_values import answer_boxes, as_sent, kept
from tests.hint_checks import assert_hints_shown, first_hint_fragment
from tests.speech import heard

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
WITH_HINTS = [
    pytest.param(deal.slug, index, id=f"{deal.slug}-part{index}")
    for deal in lesson_exercises()
    for index, hints in enumerate(parts.hints(deal))
    if hints
]


def hint_url(deal: Deal) -> str:
    return f"/exercises/{deal.slug}/hint/"


def count_field(deal: Deal, index: int) -> str:
    return f"{deal.slug}-p{index}_hints"


def ask(client, deal, index, shown=0, extra=None, htmx=False):
    data = {"hint": str(index), count_field(deal, index): str(shown)} | (extra or {})
    return client.post(hint_url(deal), data, **(HTMX if htmx else {}))


def said(response) -> str:
    return heard(response.content.decode())


def test_every_shipped_part_but_a_teachers_own_question_has_hints():
    for deal in lesson_exercises():
        for part, hints in zip(deal.parts, parts.hints(deal), strict=True):
            assert 1 <= len(hints) <= parts.MAX_HINTS or part["kind"] == "choice", part


@pytest.mark.parametrize("slug, index", WITH_HINTS)
def test_without_javascript_each_hint_comes_back_with_the_page(client, slug, index):
    deal = Deal.objects.get(slug=slug)
    hints = parts.hints(deal)[index]
    for shown in range(len(hints)):
        response = ask(client, deal, index, shown)
        assert response.status_code == 200
        assertContains(response, "<html")
        assert_hints_shown(said(response), hints, shown)
        html = response.content.decode()
        assert f'name="{count_field(deal, index)}" value="{shown + 1}"' in html


@pytest.mark.parametrize("slug, index", WITH_HINTS[:6])
def test_with_htmx_only_the_new_hint_and_the_controls_come_back(client, slug, index):
    deal = Deal.objects.get(slug=slug)
    hints = parts.hints(deal)[index]
    response = ask(client, deal, index, 0, htmx=True)
    hints_list = f"{deal.slug}-p{index}-hints-list"
    first_hint_fragment(response, hints, count_field(deal, index), hints_list)


def test_the_answer_so_far_is_kept_when_a_hint_is_shown(client):
    deal = make_deal()
    right = right_answer(deal)
    payout = field(deal, 2, "seat", 0)
    cards = field(deal, 0, "cards")
    response = ask(client, deal, 0, 0, extra={payout: right[payout], cards: right[cards]})
    html = response.content.decode()
    assert re.search(rf'name="{payout}"[^>]*value="{right[payout]}"', html)
    for value in right[cards]:
        assert re.search(rf'name="{cards}" value="{value}"[^>]*checked', html)
    assertNotContains(response, "Not yet")  # asking for a hint is not a check
    assertNotContains(response, 'aria-invalid="true"')


def one_exercise_per_part_kind() -> list:
    """For each kind of question the shipped exercises ask, the first exercise asking it.

    A deal none of whose parts has hints (a quick check asking one choice) has no hint
    button to press, so it is passed over.
    """
    first: dict[str, Deal] = {}
    for deal in lesson_exercises():
        if not any(parts.hints(deal)):
            continue
        for part in deal.parts:
            first.setdefault(part["kind"], deal)
    return [pytest.param(deal.slug, id=kind) for kind, deal in sorted(first.items())]


@pytest.mark.parametrize("slug", one_exercise_per_part_kind())
def test_without_javascript_a_hint_keeps_every_answer_box_of_every_kind(client, slug):
    """Ticks, numbers and choices of every question kind come back as the learner left them."""
    deal = Deal.objects.get(slug=slug)
    index = next(i for i, hints in enumerate(parts.hints(deal)) if hints)
    answer = right_answer(deal)
    response = ask(client, deal, index, 0, extra=answer)
    assert response.status_code == 200
    assert kept(response.content.decode(), answer) == as_sent(answer)


@pytest.mark.parametrize("slug", one_exercise_per_part_kind())
def test_with_htmx_a_hint_reply_holds_no_answer_box_of_any_kind(client, slug):
    """The reply only adds the hint and swaps the controls, so no typed answer is replaced."""
    deal = Deal.objects.get(slug=slug)
    index = next(i for i, hints in enumerate(parts.hints(deal)) if hints)
    response = ask(client, deal, index, 0, extra=right_answer(deal), htmx=True)
    assert response.status_code == 200
    assert answer_boxes(response.content.decode()) == {}


def test_a_teachers_own_choice_is_kept_through_another_parts_hint(client):
    """A choice has no hints of its own, but a hint on the part before must not clear it."""
    options = ["low", "Badugi"]
    choice = {"kind": "choice", "question": "Which half?", "options": options, "answer": 1}
    deal = make_deal(parts=[{"kind": "winners"}, choice])
    answer = right_answer(deal)
    response = ask(client, deal, 0, 0, extra=answer)
    assert response.status_code == 200
    assert kept(response.content.decode(), answer) == as_sent(answer)


def test_the_hints_taken_go_with_the_answer_to_each_result(client):
    deal = make_deal()
    data = right_answer(deal) | {count_field(deal, 0): "2", count_field(deal, 2): "1"}
    response = client.post(deal.check_url, data, **HTMX)
    form = response.context["exercise"].form
    assert form.all_right
    taken = {r.index: r.hints for r in form.results}
    assert taken == {0: 2, 1: 0, 2: 1, 3: 0}
    assert form.hints_taken == 3


@pytest.mark.parametrize("count", ["-1", "9", "x", "1e3"])
def test_a_tampered_hint_count_is_a_400(client, count):
    deal = make_deal()
    response = client.post(deal.check_url, right_answer(deal) | {count_field(deal, 0): count})
    assert response.status_code == 400
    assert ask(client, deal, 0, count).status_code == 400


def test_a_hint_for_a_question_without_hints_is_a_400_with_a_message(client):
    part = {"kind": "choice", "question": "Is a spare card a kicker?", "options": ["Yes", "No"]}
    deal = make_deal(parts=[part | {"answer": 1}])
    response = client.post(hint_url(deal), {"hint": "0"})
    assertContains(response, "no hints for that question", status_code=400)
    assertContains(client.post(hint_url(deal), {"hint": "7"}), "no hints", status_code=400)
    assertContains(client.post(hint_url(deal), {}), "which question", status_code=400)


def test_a_hint_url_opened_directly_goes_back_to_the_exercise(client):
    deal = make_deal()
    response = client.get(hint_url(deal))
    assert response.status_code == 302 and response.url == deal.get_absolute_url()


def test_badugi_hints_grow_more_specific_from_the_deal():
    deal = make_deal()
    cards = parse_cards(deal.seats[0]["cards"])
    first, second, third = parts.hints(deal)[0]
    suits = len({c.suit for c in cards})
    assert number_word(suits) + " suit" in first
    assert f"has {number_word(badugi(cards).size)} card" in second
    used = {c for s in badugi(cards).selections for c in s}
    assert any(c.text in third for c in cards if c not in used) or "-high" in third
