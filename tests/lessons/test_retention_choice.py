"""A retention the learner chooses on /progress/: its workload shown before saving, and saving
moves the next reviews as that estimate assumed. The clock is held by time-machine."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
import time_machine
from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.core.management.color import no_style
from django.db import connection, transaction
from django.test import Client
from fsrs import Card

from lessons.learners import mastery
from lessons.memory import retention
from lessons.models import Learner, RetentionChoice, SkillState
from tests.lessons.test_one_review_a_day import MONDAY
from tests.lessons.test_review_log import session_day

pytestmark = pytest.mark.django_db
LATER = MONDAY + timedelta(days=4, hours=2)


def _rows(models) -> dict[tuple[str, object], str]:
    """Every row of ``models``, serialized, by (model label, primary key)."""
    return {
        (obj["model"], obj["pk"]): json.dumps(obj, sort_keys=True)
        for model in models
        for obj in json.loads(serializers.serialize("json", model._default_manager.all()))
    }


@pytest.fixture(scope="module")
def _one_week(django_db_setup, django_db_blocker):
    """Four days of study sessions, simulated once for the whole module.

    Each test used to simulate the same week (forty answers through the
    study pages) for itself, about 38 s of the quick run. The week runs once
    here in a transaction that is rolled back; the rows it wrote or changed
    are kept as JSON, with the browser's session cookie, and each test
    stores them again (``week_of``).
    """
    models = [m for m in apps.get_models() if m._meta.app_label in ("lessons", "sessions")]
    with django_db_blocker.unblock(), transaction.atomic():
        before = _rows(models)
        client = Client()
        for day in range(4):
            session_day(client, MONDAY + timedelta(days=day), ms=6000, wrong_every=4)
        after = _rows(models)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        transaction.set_rollback(True)
    assert set(before) <= set(after), "the week deleted rows: they cannot be replayed"
    changed = [json.loads(row) for key, row in after.items() if before.get(key) != row]
    return json.dumps(changed), cookie, models


@pytest.fixture
def week_of(_one_week):
    """Store the module's simulated week in this test's database; the client is its browser."""
    rows, cookie, models = _one_week

    def load(client) -> Learner:
        for obj in serializers.deserialize("json", rows):
            obj.save()
        with connection.cursor() as cursor:  # PostgreSQL: ids given by hand move no sequence
            for sql in connection.ops.sequence_reset_sql(no_style(), models):
                cursor.execute(sql)
        client.cookies[settings.SESSION_COOKIE_NAME] = cookie
        return Learner(None, SkillState.objects.first().learner_key)

    return load


def offered(body: str) -> dict[int, float]:
    """Each option's reviews a day, as the page labels it."""
    found = re.findall(r"(\d+)%: about ([\d.]+) reviews? and ([\d.]+) minutes? a day", body)
    return {int(percent): float(reviews) for percent, reviews, _ in found}


def test_each_choice_shows_its_workload_and_higher_retention_costs_more(client, week_of):
    learner = week_of(client)
    with time_machine.travel(LATER, tick=False):
        body = client.get("/progress/").content.decode()
        loads = offered(body)
        assert sorted(loads) == [80, 85, 90, 95]
        assert loads[80] <= loads[85] <= loads[90] <= loads[95] and loads[95] > loads[80]
        assert "aim at a 90% chance" in body and "(the site's setting)" in body
        minutes = retention.workloads(learner, LATER, None)
        # Minutes come from the learner's own answer times (6 s each here).
        assert all(w.minutes_per_day == pytest.approx(w.reviews_per_day * 0.1) for w in minutes)


def test_saving_moves_the_next_reviews_as_the_estimate_assumed(client, week_of):
    learner = week_of(client)
    with time_machine.travel(LATER, tick=False):
        before = {s.skill: s.due for s in SkillState.objects.exclude(level=0)}
        estimate = {
            round(w.retention, 2): w.reviews_per_day
            for w in retention.workloads(learner, LATER, None)
        }
        response = client.post("/progress/retention/", {"retention": "0.95"})
        assert response.status_code == 302 and response["Location"].endswith("#retention")
        assert RetentionChoice.objects.get().desired_retention == 0.95
        for state in SkillState.objects.exclude(level=0):
            card = Card.from_dict(state.card)
            days = retention.interval_days(card.stability, 0.95, None)
            assert state.due == card.last_review + timedelta(days=days)
            assert state.due <= before[state.skill]  # aiming higher brings reviews sooner
        assert any(s.due < before[s.skill] for s in SkillState.objects.exclude(level=0))
        # The stored schedule now gives exactly the workload the page promised for 95%.
        stored = retention.expected_reviews(retention.cards_of(learner), LATER, 0.95, None)
        assert sum(stored) / retention.HORIZON_DAYS == pytest.approx(estimate[0.95])
        body = client.get("/progress/").content.decode()
        assert "aim at a 95% chance" in body


def test_answers_after_saving_are_scheduled_with_the_chosen_retention(client, week_of):
    learner = week_of(client)
    with time_machine.travel(LATER, tick=False):
        client.post("/progress/retention/", {"retention": "0.80"})
    day = LATER + timedelta(days=1)
    with time_machine.travel(day, tick=False):
        session_day(client, day, ms=5000)
    state = SkillState.objects.filter(last_answered__gte=day).first()
    card = Card.from_dict(state.card)
    expected = mastery.scheduler(0.80)._next_interval(stability=card.stability)
    assert state.due == card.last_review + timedelta(days=expected)
    assert learner.known


@pytest.mark.parametrize("sent", ["0.5", "0.99", "high", ""])
def test_a_retention_outside_the_choices_is_refused_and_nothing_changes(client, week_of, sent):
    week_of(client)
    with time_machine.travel(LATER, tick=False):
        before = list(SkillState.objects.order_by("skill").values_list("due", flat=True))
        response = client.post("/progress/retention/", {"retention": sent})
        assert response.status_code == 400
        assert "Choose one of the retentions offered" in response.content.decode()
    assert not RetentionChoice.objects.exists()
    assert list(SkillState.objects.order_by("skill").values_list("due", flat=True)) == before


def test_the_choice_is_downloaded_and_deleted_with_the_progress(client, week_of):
    week_of(client)
    with time_machine.travel(LATER, tick=False):
        client.post("/progress/retention/", {"retention": "0.85"})
        data = json.loads(client.get("/accounts/settings/download/").getvalue())
        assert data["desired_retention"] == 0.85
        client.post("/accounts/settings/delete-progress/", {"confirm": "yes"})
    assert not RetentionChoice.objects.exists()
