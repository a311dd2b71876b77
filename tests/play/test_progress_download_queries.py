"""The progress download reads each table once, however many hands the learner played."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from play.models import GradedDecision
from tests.play.helpers import open_seed
from tests.play.test_review_pages import finished, loose

pytestmark = pytest.mark.django_db


def download(client) -> tuple[dict, int]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/accounts/settings/download/")
        body = b"".join(response.streaming_content)
    return json.loads(body), len(queries)


def test_more_hands_played_cost_the_download_no_more_queries(monkeypatch):
    user = User.objects.create_user("player", password="a long pass phrase 1")
    client = Client()
    client.force_login(user)
    hand = finished(client, monkeypatch, chooser=loose)
    client.post(f"/play/{hand.pk}/practise/{hand.grades.first().step}/queue")
    one, queries_for_one = download(client)
    for first in (20, 40, 60):
        finished(client, monkeypatch, first=open_seed(first=first), chooser=loose)
    four, queries_for_four = download(client)
    assert len(four["played_hands"]) == len(one["played_hands"]) + 3 == 4
    assert sum(len(h["grades"]) for h in four["played_hands"]) == GradedDecision.objects.count()
    assert sum(g["in_review_queue"] for h in four["played_hands"] for g in h["grades"]) == 1
    assert queries_for_four == queries_for_one
