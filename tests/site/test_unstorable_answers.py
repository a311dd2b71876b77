"""A NUL in an answer post is refused with a message, and nothing is stored.

The whole post of a checked answer is kept in ``Attempt.answer`` (to fill
the form again later). SQLite stored a NUL sent in any field of it;
PostgreSQL refuses one (a 500), and a SQLite backup holding one no longer
restores there. The answer forms now refuse such a post, saying why.
"""

from __future__ import annotations

import pytest

from lessons.deals import parts
from lessons.drills.forms import drill_url
from lessons.exercises.model_answers import right_answer
from lessons.models import Attempt, Deal
from tests.drill_tables import table_of

pytestmark = pytest.mark.django_db

NUL = "\x00"
SEED = 5
EXTRAS = [{"note": f"kept{NUL}"}, {f"note{NUL}": "kept"}]


@pytest.mark.parametrize("extra", EXTRAS)
@pytest.mark.parametrize("htmx", [False, True])
def test_an_exercise_answer_with_a_nul_is_refused_and_not_stored(client, extra, htmx):
    deal = Deal.objects.published().for_lesson("badacey").first()
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(deal.check_url, right_answer(deal) | extra, headers=headers)
    assert response.status_code == 400
    assert "NUL character (U+0000)" in response.content.decode()
    assert not Attempt.objects.exists()


@pytest.mark.parametrize("extra", EXTRAS)
def test_a_drill_answer_with_a_nul_is_refused_and_not_stored(client, extra):
    table = table_of("winners", "badacey", 1, SEED)
    answer = {f"drill-{key}": value for key, value in parts.model_answer(table).items()}
    response = client.post(drill_url("winners", "badacey", 1, SEED), answer | extra)
    assert response.status_code == 400
    assert "NUL character (U+0000)" in response.content.decode()
    assert not Attempt.objects.exists()


def test_the_same_answers_without_the_nul_are_stored(client):
    deal = Deal.objects.published().for_lesson("badacey").first()
    assert client.post(deal.check_url, right_answer(deal) | {"note": "kept"}).status_code == 200
    table = table_of("winners", "badacey", 1, SEED)
    answer = {f"drill-{key}": value for key, value in parts.model_answer(table).items()}
    assert client.post(drill_url("winners", "badacey", 1, SEED), answer).status_code == 200
    assert Attempt.objects.count() == 2
