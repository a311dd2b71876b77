"""Teachers add and edit quick checks in the deal admin, like any other deal."""

from __future__ import annotations

import pytest
from pytest_django.asserts import assertContains, assertRedirects

from lessons.models import Deal
from tests.factories import admin_form_data, make_deal, make_teacher

pytestmark = pytest.mark.django_db

ADD_URL = "/admin/lessons/deal/add/"
LIST_URL = "/admin/lessons/deal/"


@pytest.fixture
def teacher_client(client):
    client.force_login(make_teacher())
    return client


def quick_check_form(**kw):
    kw.setdefault("lesson", "badacey")
    kw.setdefault("section", "awarding")
    kw.setdefault("published", False)
    return admin_form_data(**kw)


def test_the_section_shows_with_its_help_text_and_the_lessons_sections(teacher_client):
    response = teacher_client.get(ADD_URL)
    field = response.context["adminform"].form.fields["section"]
    assertContains(response, field.help_text)
    assertContains(response, 'name="section"')
    assertContains(response, "Awarding each half and splitting ties")


def test_a_teacher_adds_a_quick_check_without_a_number(teacher_client):
    response = teacher_client.post(ADD_URL, quick_check_form())
    assertRedirects(response, LIST_URL)
    deal = Deal.objects.get(slug="two-aces-one-counts")
    assert (deal.lesson, deal.section, deal.number) == ("badacey", "awarding", None)


def test_the_admin_refuses_a_section_that_is_not_in_the_lesson(teacher_client):
    response = teacher_client.post(ADD_URL, quick_check_form(lesson="badugi"))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors["section"]
    assert any("is not a section of the Badugi lesson" in e for e in errors)
    assert not Deal.objects.filter(slug="two-aces-one-counts").exists()


def test_the_deal_list_filters_by_section(teacher_client):
    make_deal(
        slug="a-draft-check",
        title="A draft check",
        lesson="badugi",
        section="draws",
        published=False,
    )
    response = teacher_client.get(LIST_URL, {"section": "draws"})
    assertContains(response, "A draft check")
    assert "badugi-check-draws" in {d.slug for d in response.context["cl"].result_list}
    assert all(d.section == "draws" for d in response.context["cl"].result_list)


def test_publishing_a_second_check_for_a_section_is_refused_whole(teacher_client):
    draft = make_deal(slug="another", lesson="badugi", section="draws", published=False)
    response = teacher_client.post(
        LIST_URL, {"action": "publish", "_selected_action": [draft.pk]}, follow=True
    )
    assert response.status_code == 200
    assertContains(response, "Nothing was published")
    draft.refresh_from_db()
    assert not draft.published
