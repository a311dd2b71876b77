"""Teachers' authoring: drafts by default, every problem in one save, help with the notation."""

from __future__ import annotations

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from evaluator import get_profile, parse_cards
from evaluator.settlement import hand_problems
from lessons.models import Deal
from tests.factories import admin_form_data, make_teacher

pytestmark = pytest.mark.django_db

ADD_URL = "/admin/lessons/deal/add/"


@pytest.fixture
def teacher_client(client):
    client.force_login(make_teacher())
    return client


def test_a_new_deal_starts_as_an_unpublished_draft(teacher_client):
    form = teacher_client.get(ADD_URL).content.decode()
    assert 'name="published"' in form and 'name="published" checked' not in form
    response = teacher_client.post(ADD_URL, admin_form_data(published=False))
    assert response.status_code == 302
    deal = Deal.objects.get(slug="two-aces-one-counts")
    assert not deal.published
    assert teacher_client.logout() is None
    assert teacher_client.get(deal.get_absolute_url()).status_code == 404
    assert Deal().published is False


def test_one_save_reports_every_problem_of_a_deal(teacher_client):
    """An unknown seat in the parts, a card dealt twice, a four-card hand and no pot, at once."""
    seats = "Kira: A♠ 2♠ A♥ 3♦\nNoor: A♠ 4♥ 3♣ 2♦ 5♣"
    data = admin_form_data(seats=seats, parts="badugi Zed\nwinners\npayouts", pot="")
    response = teacher_client.post(ADD_URL, data)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    profile = get_profile("badacey")
    for problem in hand_problems(profile, ["A♠ 2♠ A♥ 3♦", "A♠ 4♥ 3♣ 2♦ 5♣"], ["Kira", "Noor"]):
        assert any(problem in message for message in errors["seats"])
    assert len(errors["seats"]) == 2  # the four-card hand and the repeated ace
    assert any("Zed" in message for message in errors["parts"])
    assert "pot" in errors  # the payouts part needs one: said in the same save
    assert not Deal.objects.filter(slug="two-aces-one-counts").exists()
    assert len(parse_cards("A♠ 2♠ A♥ 3♦")) != profile.hand_size


def test_the_history_box_gives_an_example_and_links_to_the_notation_guide(teacher_client):
    response = teacher_client.get(ADD_URL)
    assertContains(response, reverse("lessons:notation"))
    assertContains(response, "For example")
    guide = teacher_client.get(reverse("lessons:notation"))
    assert guide.status_code == 200
    assertContains(guide, "<h1")


def test_the_preview_shows_the_learners_exercise_below_the_form(teacher_client):
    from lessons.deals.parts import questions

    data = admin_form_data()
    response = teacher_client.post(
        reverse("admin:lessons_deal_preview"), data, HTTP_HX_REQUEST="true"
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in body  # only the region below the form
    assert "What the learner sees" in body and "Draft" not in body
    deal = Deal(
        title=data["title"],
        slug=data["slug"],
        seats=[
            {"name": "Kira", "cards": "A♠ 2♠ A♥ 3♦ 4♣"},
            {"name": "Noor", "cards": "5♠ 4♥ 3♣ 2♦ A♣"},
        ],
        pot=80,
        parts=[{"kind": "badugi_cards", "seat": 0}, {"kind": "winners"}, {"kind": "payouts"}],
    )
    for question in questions(deal):
        assert question.legend.replace("'", "&#x27;") in body
    assert "ace of spades" in body
    assert not Deal.objects.filter(slug=data["slug"]).exists()
    form = teacher_client.get(ADD_URL).content.decode()
    assert 'hx-target="#deal-preview"' in form and 'formtarget="_blank"' not in form
