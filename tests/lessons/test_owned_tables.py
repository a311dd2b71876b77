"""Deleting my progress empties every table that keeps my rows: every ``OwnedByLearner``."""

from __future__ import annotations

import json

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client

from lessons import events
from lessons.learners import owned
from lessons.models import Deal, SkillState
from play.models import PlayedHand
from tests.factories import right_answer
from tests.play.test_review_pages import finished, loose

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-owning-pass"


def busy_learner(monkeypatch) -> tuple[User, Client]:
    """An account that answered an exercise, started a study session and played a hand."""
    user = User.objects.create_user("owner", password=PASSWORD)
    client = Client()
    client.force_login(user)
    deal = Deal.objects.published().exclude(lesson="").first()
    client.post(deal.check_url, right_answer(deal))
    client.post("/study/start/", {"kind": "practice"})
    finished(client, monkeypatch, chooser=loose)
    return user, client


def test_every_table_with_an_owners_columns_takes_them_from_the_one_base():
    """A table that declared ``user`` and ``learner_key`` itself would be missed by the sweep."""
    shaped = {
        m._meta.label
        for m in apps.get_models()
        if {"user", "learner_key"} <= {f.name for f in m._meta.get_fields()}
    }
    assert shaped == {m._meta.label for m in owned.owned_models()}


def test_every_owned_table_is_found():
    labels = {m._meta.label for m in owned.owned_models()}
    for known in (
        "lessons.Attempt",
        "lessons.ChecklistTicks",
        "lessons.DealProgress",
        "lessons.SkillState",
        "lessons.StudySession",
        "lessons.ReviewLog",
        "play.PlayedHand",
    ):
        assert known in labels


def test_deleting_progress_leaves_no_row_in_any_owned_table(monkeypatch):
    user, client = busy_learner(monkeypatch)
    assert SkillState.objects.filter(user=user).exists()
    assert PlayedHand.objects.filter(user=user).exists()
    client.post("/accounts/settings/delete-progress/", {"confirm": "yes"})
    left = {
        m._meta.label: m._default_manager.filter(user=user).count() for m in owned.owned_models()
    }
    assert {label: n for label, n in left.items() if n} == {}


def test_a_table_whose_feature_forgot_its_hook_is_swept_all_the_same(monkeypatch):
    user, client = busy_learner(monkeypatch)
    monkeypatch.setattr(events.PROGRESS_DELETED, "_subscribers", [])
    client.post("/accounts/settings/delete-progress/", {"confirm": "yes"})
    assert not PlayedHand.objects.filter(user=user).exists()


def test_every_owned_table_names_a_section_of_the_progress_download_that_carries_it(monkeypatch):
    """A learner can take away everything the site keeps of theirs (or what it is rebuilt from)."""
    user, client = busy_learner(monkeypatch)
    client.post("/progress/retention/", {"retention": "0.85"})
    response = client.get("/accounts/settings/download/")
    download = json.loads(b"".join(response.streaming_content))
    for model in owned.owned_models():
        assert model.exported_in in download, f"{model._meta.label} is in no section"
        if model._default_manager.filter(user=user).exists():
            assert download[model.exported_in], f"{model._meta.label}'s section is empty"
    kept = {m._meta.label for m in owned.owned_models() if m.objects.filter(user=user).exists()}
    assert {"lessons.Attempt", "lessons.RetentionChoice", "play.PlayedHand"} <= kept
