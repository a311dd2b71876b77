"""Scores back to the simulated gradebook: once per completion, retried, 409 as done."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.core.management import call_command
from django.db.models import Count
from django.test import Client, override_settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from lessons.models import Attempt, Deal
from lti import grades
from lti.models import LearnerScore, LinkedWork
from play.models import PlayedHand
from tests.factories import make_deal, right_answer
from tests.play.helpers import open_seed, play_out, start_hand


def answer_right(client: Client, deal: Deal) -> None:
    response = client.post(deal.check_url, right_answer(deal))
    assert response.status_code == 200


def launch_deal(platform, client: Client, deal: Deal, **kw) -> None:
    response = platform.launch(client, sub="learner-1", target=f"deal:{deal.slug}", **kw)
    assert response.status_code == 302, response.content
    assert response["Location"] == deal.get_absolute_url()


@pytest.mark.django_db
def test_finishing_the_work_sends_exactly_one_score(platform, django_capture_on_commit_callbacks):
    deal = make_deal()
    client = Client()
    launch_deal(platform, client, deal)
    score = LearnerScore.objects.get()
    assert score.state == LearnerScore.WAITING
    assert platform.scores == []

    with django_capture_on_commit_callbacks(execute=True):
        answer_right(client, deal)
    with django_capture_on_commit_callbacks(execute=True):
        answer_right(client, deal)  # the same work again: no second score
        launch_deal(platform, Client(), deal)  # nor on the next launch

    assert len(platform.scores) == 1
    sent = platform.scores[0]
    assert sent["path"] == "/lineitems/link-1/scores"
    assert sent["userId"] == "learner-1"
    assert (sent["scoreGiven"], sent["scoreMaximum"]) == (1, 1)
    assert (sent["activityProgress"], sent["gradingProgress"]) == ("Completed", "FullyGraded")
    score.refresh_from_db()
    assert score.state == LearnerScore.SENT
    assert score.sent_at is not None and score.last_error == ""
    # The platform's token endpoint checked the tool's signed assertion (it refuses a bad one).
    assert platform.token_requests


@pytest.mark.django_db
def test_a_wrong_answer_sends_nothing(platform, django_capture_on_commit_callbacks):
    deal = make_deal()
    client = Client()
    launch_deal(platform, client, deal)
    wrong = right_answer(deal)
    payout = f"{deal.slug}-p2_seat_0"
    wrong[payout] = str(int(str(wrong[payout])) + 10)  # one payout off: a wrong answer
    with django_capture_on_commit_callbacks(execute=True):
        client.post(deal.check_url, wrong)
    assert Attempt.objects.filter(deal=deal, correct=False).exists()
    assert platform.scores == []
    assert LearnerScore.objects.get().state == LearnerScore.WAITING


@pytest.mark.django_db
def test_work_finished_before_the_launch_is_sent_at_the_launch(
    platform, django_capture_on_commit_callbacks
):
    deal = make_deal()
    client = Client()
    launch_deal(platform, client, deal, graded=False)  # an ungraded link first: signs in
    answer_right(client, deal)
    assert platform.scores == []
    with django_capture_on_commit_callbacks(execute=True):
        launch_deal(platform, client, deal, link="link-graded")
    assert [s["path"] for s in platform.stored] == ["/lineitems/link-graded/scores"]


@pytest.mark.django_db
def test_an_instructor_gets_no_score(platform, django_capture_on_commit_callbacks):
    deal = make_deal()
    client = Client()
    platform.launch(client, sub="teacher-1", role="Instructor", target=f"deal:{deal.slug}")
    with django_capture_on_commit_callbacks(execute=True):
        answer_right(client, deal)
    assert platform.scores == [] and not LearnerScore.objects.exists()


@pytest.mark.django_db
def test_a_5xx_is_retried_until_the_gradebook_takes_the_score(
    platform, django_capture_on_commit_callbacks
):
    platform.statuses.extend([503, 502])
    deal = make_deal()
    client = Client()
    launch_deal(platform, client, deal)
    with django_capture_on_commit_callbacks(execute=True):
        answer_right(client, deal)
    assert len(platform.scores) == 3
    assert len(platform.stored) == 1
    score = LearnerScore.objects.get()
    assert (score.state, score.attempts, score.last_error) == (LearnerScore.SENT, 3, "")


@pytest.mark.parametrize(
    ("status", "state"),
    [
        pytest.param(409, LearnerScore.SENT, id="409 counts as sent"),
        pytest.param(404, LearnerScore.FAILED, id="404 will not mend: failed at once"),
    ],
)
@pytest.mark.django_db
def test_a_4xx_answer_is_not_retried(platform, django_capture_on_commit_callbacks, status, state):
    platform.statuses.append(status)
    deal = make_deal()
    client = Client()
    launch_deal(platform, client, deal)
    with django_capture_on_commit_callbacks(execute=True):
        answer_right(client, deal)
    assert len(platform.scores) == 1
    score = LearnerScore.objects.get()
    assert (score.state, score.attempts) == (state, 1)
    assert str(status) in score.last_error


@pytest.mark.django_db
def test_an_unreachable_gradebook_is_retried_and_given_up_on(
    platform, django_capture_on_commit_callbacks
):
    deal = make_deal()
    client = Client()
    launch_deal(platform, client, deal)
    # The gradebook column now points at a port nothing listens on.
    LinkedWork.objects.update(lineitem_url="http://127.0.0.1:9/lineitems/gone")
    with django_capture_on_commit_callbacks(execute=True):
        answer_right(client, deal)
    score = LearnerScore.objects.get()
    assert (score.state, score.attempts) == (LearnerScore.FAILED, grades.MAX_ATTEMPTS)
    assert "could not be reached" in score.last_error and "Gave up" in score.last_error


def test_the_wait_doubles_after_each_failure(settings):
    settings.LTI_SCORE_RETRY_SECONDS = 30
    waits = [grades.retry_delay(n).total_seconds() for n in range(1, 5)]
    assert waits == [30, 60, 120, 240]


@pytest.mark.django_db(transaction=True)
def test_with_the_worker_a_5xx_waits_its_back_off_before_the_next_try(platform):
    platform.statuses.append(500)
    deal = make_deal()
    client = Client()
    with override_settings(TASKS=settings.TASKS_DATABASE, LTI_SCORE_RETRY_SECONDS=30):
        launch_deal(platform, client, deal)
        answer_right(client, deal)
        worker = ("db_worker", "--batch", "--no-startup-delay", "--interval", "0")
        call_command(*worker)
        score = LearnerScore.objects.get()
        assert (score.state, score.attempts) == (LearnerScore.QUEUED, 1)
        waiting = DBTaskResult.objects.get(status="READY")
        assert waiting.run_after >= timezone.now() + timedelta(seconds=25)
        call_command(*worker)  # too early: the retry is not run yet
        assert len(platform.scores) == 1
        with time_machine.travel(timezone.now() + timedelta(seconds=31), tick=True):
            call_command(*worker)
    score.refresh_from_db()
    assert (score.state, score.attempts) == (LearnerScore.SENT, 2)
    assert len(platform.stored) == 1


@pytest.mark.django_db
def test_a_lesson_link_is_finished_by_its_last_exercise(
    platform, django_capture_on_commit_callbacks
):
    counts = (
        Deal.objects.published()
        .filter(section="")
        .exclude(lesson="")
        .values("lesson")
        .annotate(n=Count("pk"))
        .order_by("n", "lesson")
    )
    lesson = counts[0]["lesson"]
    exercises = list(Deal.objects.published().for_lesson(lesson))
    client = Client()
    platform.launch(client, sub="learner-1", target=f"lesson:{lesson}")
    with django_capture_on_commit_callbacks(execute=True):
        for exercise in exercises[:-1]:
            answer_right(client, exercise)
    assert platform.scores == []
    with django_capture_on_commit_callbacks(execute=True):
        answer_right(client, exercises[-1])
    assert len(platform.stored) == 1


@pytest.mark.django_db
def test_a_table_link_is_finished_by_its_hands(
    platform, django_capture_on_commit_callbacks, monkeypatch
):
    # The hands are played as a learner plays them, one action at a time through
    # the table's act: a hand ends through a queryset update, which sends no save signal.
    client = Client()
    platform.launch(client, sub="learner-1", target="play:2")
    first = start_hand(client, open_seed("badugi"), monkeypatch, game="badugi")
    second = start_hand(client, open_seed("badugi", 100), monkeypatch, game="badugi")
    with django_capture_on_commit_callbacks(execute=True):
        play_out(client, first)
    assert PlayedHand.objects.filter(is_over=True).count() == 1
    assert platform.scores == []
    with django_capture_on_commit_callbacks(execute=True):
        play_out(client, second)
    assert len(platform.stored) == 1
    assert LearnerScore.objects.get().state == LearnerScore.SENT
