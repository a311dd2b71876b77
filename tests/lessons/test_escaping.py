"""Whatever a teacher types reaches learners as text, never as markup."""

from __future__ import annotations

import pytest
from django.urls import reverse

from evaluator.notation import parse_deal
from evaluator.replay import replay
from evaluator.worked_deals import worked_deal
from lessons.models import Deal
from tests.factories import admin_form_data, make_teacher

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"
# The deal notation keeps parentheses out of names, so the history's seat uses backticks.
SEAT_SCRIPT = "<script>alert`1`</script>"


@pytest.fixture
def teacher_deal(client) -> Deal:
    """A deal typed into the admin with script in every free-text box."""
    client.force_login(make_teacher())
    data = admin_form_data(
        title=f"Title {SCRIPT}",
        slug="scripted",
        prompt=f"Prompt {SCRIPT}",
        explanation=f"Explanation {SCRIPT}",
        seats=f"{SCRIPT}: A♠ 2♠ A♥ 3♦ 4♣\nNoor: 5♠ 4♥ 3♣ 2♦ A♣",
        parts=f"badugi {SCRIPT}\nwinners\npayouts\nchoice Which {SCRIPT}? | *one {SCRIPT} | two",
    )
    response = client.post("/admin/lessons/deal/add/", data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    client.logout()
    return Deal.objects.get(slug="scripted")


def assert_escaped(response) -> None:
    page = response.content.decode()
    assert SCRIPT not in page
    assert ESCAPED in page


def test_the_practice_list_shows_a_title_as_text(client, teacher_deal):
    assert_escaped(client.get("/practice/"))


def test_the_exercise_page_shows_every_teacher_text_as_text(client, teacher_deal):
    response = client.get(teacher_deal.get_absolute_url())
    assert_escaped(response)
    page = response.content.decode()
    for text in ("Title", "Prompt", "Which"):
        assert f"{text} {ESCAPED}" in page


def test_the_worked_answer_shows_the_explanation_as_text(client, teacher_deal):
    response = client.get(teacher_deal.answer_url)
    assert_escaped(response)
    assert f"Explanation {ESCAPED}" in response.content.decode()


def test_checking_an_answer_echoes_nothing_as_markup(client, teacher_deal):
    assert_escaped(client.post(teacher_deal.check_url, {}))


def test_the_admin_preview_shows_names_as_text(client, teacher_deal):
    client.force_login(make_teacher("second-teacher"))
    assert_escaped(client.get(reverse("admin:lessons_deal_preview", args=[teacher_deal.pk])))


def test_the_replayer_shows_a_seat_name_from_a_history_as_text(client):
    history = worked_deal("mara_badugi").replace("Mara", SEAT_SCRIPT)
    final = replay(parse_deal(history)).steps[-1].state
    deal = Deal(
        title="Scripted history",
        slug="scripted-history",
        game="badugi",
        seats=[{"name": s.name, "cards": " ".join(c.text for c in s.cards)} for s in final.seats],
        pot=96,
        button=parse_deal(history).button,
        history=history,
        prompt="Who wins?",
        parts=[{"kind": "winners"}],
        published=True,
    )
    deal.full_clean()
    deal.save()
    page = client.get(reverse("lessons:replay", args=[deal.slug])).content.decode()
    assert SEAT_SCRIPT not in page
    assert "&lt;script&gt;alert`1`&lt;/script&gt;" in page
