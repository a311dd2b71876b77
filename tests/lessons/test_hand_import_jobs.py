"""A confirmed hand-history import runs on the task worker, with a page that follows it.

These tests use the real database queue (TASKS_DATABASE) and run the worker
in-process with `db_worker --batch`, as production runs it beside the site.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from evaluator.hand_histories import read_text
from lessons.hands import hand_import
from lessons.hands.hand_import_task import progress_of
from lessons.models import RealHand
from tests.factories import make_teacher

pytestmark = pytest.mark.django_db(transaction=True)
DATA = Path(__file__).parent.parent / "evaluator" / "hand_histories"
URL = reverse("admin:lessons_deal_import_hands")
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def teacher(client):
    client.force_login(make_teacher())
    with override_settings(TASKS=settings.TASKS_DATABASE):
        yield client


def history() -> tuple[str, list[str]]:
    """A history with one hand the room mispays, and the ids of the hands that replay."""
    text = (DATA / "mix_badacey.txt").read_text(encoding="utf-8")
    text = text.replace("Hero wins (90)", "Hero wins (91)", 1)
    return text, [r.hand_id for r in read_text(text) if r.ok]


def run_worker() -> None:
    call_command("db_worker", "--batch", "--no-startup-delay", "--interval", "0")


def test_confirming_queues_the_import_and_its_page_follows_it_to_the_result(teacher):
    text, good = history()
    response = teacher.post(URL, {"text": text, "source_name": "tuesday.txt", "_confirm": "1"})
    assert response.status_code == 302
    job_url = response["Location"]

    waiting = teacher.get(job_url)
    assert RealHand.objects.count() == 0
    assertContains(waiting, "Waiting for the worker")
    assertContains(waiting, f'<a href="{job_url}">Refresh</a>', html=True)
    assertContains(waiting, f'hx-get="{job_url}"')
    fragment = teacher.get(job_url, **HTMX).content.decode()
    assert "Waiting for the worker" in fragment and "<html" not in fragment

    run_worker()

    assert sorted(RealHand.objects.values_list("hand_id", flat=True)) == sorted(good)
    done = teacher.get(job_url, **HTMX)
    assertContains(done, f"{len(good)} new hand(s)")
    assertContains(done, "1 not imported")
    assertNotContains(done, "hx-get")  # a finished import is no longer polled
    # The teacher can leave and come back: the import page lists it with its result.
    listed = teacher.get(URL)
    assertContains(listed, f'<a href="{job_url}">tuesday.txt</a>', html=True)
    assertContains(listed, f"{len(good)} new hand(s)")


def test_a_worker_dying_mid_import_leaves_no_hand_stored(teacher, monkeypatch):
    text, good = history()
    assert len(good) >= 2
    store = hand_import._store
    calls = []

    def dies_on_the_second_hand(report, publish):
        calls.append(report)
        if len(calls) == 2:
            raise MemoryError("the worker was killed")
        return store(report, publish)

    monkeypatch.setattr(hand_import, "_store", dies_on_the_second_hand)
    job_url = teacher.post(URL, {"text": text, "_confirm": "1"})["Location"]
    run_worker()

    assert len(calls) == 2  # the first hand was stored, then rolled back with the rest
    assert RealHand.objects.count() == 0
    page = teacher.get(job_url)
    assertContains(page, "Failed: nothing was saved")
    assertContains(page, "you can import it again")

    monkeypatch.setattr(hand_import, "_store", store)
    teacher.post(URL, {"text": text, "_confirm": "1"})
    run_worker()
    assert sorted(RealHand.objects.values_list("hand_id", flat=True)) == sorted(good)


@pytest.mark.parametrize("task_id", ["00000000-0000-0000-0000-000000000000", "not-an-id"])
def test_an_unknown_import_is_a_404(teacher, task_id):
    url = reverse("admin:lessons_deal_import_job", args=[task_id])
    assert teacher.get(url).status_code == 404


def test_a_signed_out_visitor_cannot_see_an_import(teacher, client):
    text, _ = history()
    job_url = teacher.post(URL, {"text": text, "_confirm": "1"})["Location"]
    client.logout()
    assert client.get(job_url).status_code == 302  # the admin sends a visitor to sign in


def test_the_running_import_tells_the_page_how_far_it_has_got(teacher):
    text, good = history()
    job_url = teacher.post(URL, {"text": text, "_confirm": "1"})["Location"]
    task_id = job_url.rstrip("/").rsplit("/", 1)[1]
    assert progress_of(task_id) is None
    run_worker()
    assert progress_of(task_id) == {"done": len(good), "total": len(good)}
