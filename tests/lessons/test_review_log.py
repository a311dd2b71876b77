"""The review log: a row per FSRS review with how long the answer took, kept and deleted with
the rest of a learner's progress. The clock is held by time-machine."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client

from lessons.memory import review_log
from lessons.memory.review_log import MAX_MS, MIN_MS
from lessons.models import Deal, FittedParameters, ReviewLog, SkillState
from tests.factories import right_answer as deal_answer
from tests.lessons.test_drills import drill_url, engine_answer
from tests.lessons.test_study_views import answer_url, current, right_answer, start, wrong_answer

pytestmark = pytest.mark.django_db
MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
HTMX = {"HTTP_HX_REQUEST": "true"}


def session_day(client, day: datetime, ms: object = None, wrong_every: int = 0) -> None:
    """Ten answers a minute apart, each sending ``ms`` as the browser's timing (None: no script)."""
    with time_machine.travel(day, tick=False) as clock:
        session = start(client)
        for n in range(10):
            clock.shift(timedelta(minutes=1))
            item = current(session)
            wrong = wrong_every and n % wrong_every == 0
            data = (wrong and wrong_answer(item)) or right_answer(item)
            if ms is not None:
                data = data | {"answer_ms": str(ms)}
            assert client.post(answer_url(session, item), data).status_code == 200


def test_a_week_of_answers_writes_one_row_per_skill_and_day_with_durations(client):
    for day in range(7):
        session_day(client, MONDAY + timedelta(days=day), ms=4000 + day, wrong_every=3)
    rows = list(ReviewLog.objects.order_by("reviewed_at", "pk"))
    days = {(row.skill, row.reviewed_at.date()) for row in rows}
    assert len(rows) == len(days)  # never two reviews of one skill on one day
    assert {row.reviewed_at.date() for row in rows} == {
        (MONDAY + timedelta(days=d)).date() for d in range(7)
    }
    assert {row.timed_by for row in rows} == {"browser"}
    assert {row.duration_ms for row in rows} <= {4000 + d for d in range(7)}
    assert {row.source for row in rows} == {"study"}
    for skill in {row.skill for row in rows}:
        mine = [row for row in rows if row.skill == skill]
        assert mine[0].elapsed_days is None and mine[0].state_before == 0
        assert mine[0].stability_before is None and mine[0].stability_after > 0
        for earlier, later in zip(mine, mine[1:], strict=False):
            gap = (later.reviewed_at.date() - earlier.reviewed_at.date()).days
            assert later.elapsed_days == gap  # whole UTC days, as the fit counts them
            assert later.stability_before == pytest.approx(earlier.stability_after)
        state = SkillState.objects.get(skill=skill)
        assert state.card["stability"] == pytest.approx(mine[-1].stability_after)
    assert {row.rating for row in rows} >= {1, 3}  # wrong answers are "Again", right "Good"


@pytest.mark.parametrize(
    ("sent", "kept", "by"),
    [("12", MIN_MS, "browser"), ("99999999", MAX_MS, "browser"), ("7300", 7300, "browser")],
)
def test_the_browsers_figure_is_clamped_to_a_sane_range(client, sent, kept, by):
    session_day(client, MONDAY, ms=sent)
    assert {(row.duration_ms, row.timed_by) for row in ReviewLog.objects.all()} == {(kept, by)}


@pytest.mark.parametrize("sent", [None, "-5", "4.5e3", "soon", "1" * 40])
def test_without_a_usable_browser_figure_the_servers_clock_measures(client, sent):
    session_day(client, MONDAY, ms=sent)
    rows = list(ReviewLog.objects.all())
    assert rows and {row.timed_by for row in rows} == {"server"}
    # Answers a minute apart: the server saw each item come up a minute before its answer.
    assert {row.duration_ms for row in rows} == {60_000}


def test_a_long_pause_is_not_measured_by_the_server(client):
    with time_machine.travel(MONDAY, tick=False) as clock:
        session = start(client)
        clock.shift(timedelta(hours=2))  # the learner left the tab
        item = current(session)
        client.post(answer_url(session, item), right_answer(item))
    assert {(r.duration_ms, r.timed_by) for r in ReviewLog.objects.all()} == {(None, "")}


def test_each_feature_names_itself_as_the_source(client):
    with time_machine.travel(MONDAY, tick=False):
        exercise = Deal.objects.get(lesson="badugi", number=1)
        client.post(exercise.check_url, deal_answer(exercise) | {"answer_ms": "9000"}, **HTMX)
        check = Deal.objects.published().filter(lesson="badacey").exclude(section="").first()
        client.post(check.check_url, deal_answer(check), **HTMX)
        url = drill_url("betting", "badacey", 1, 5)
        client.post(url, engine_answer("betting", "badacey", 1, 5))
    sources = set(ReviewLog.objects.values_list("source", flat=True))
    assert {"exercise", "quick-check", "drill"} <= sources
    assert ReviewLog.objects.filter(source="exercise", duration_ms=9000).exists()
    # The timer's figure is not kept as part of the answer.
    from lessons.models import Attempt

    assert all("answer_ms" not in a.answer for a in Attempt.objects.all())


def test_the_download_holds_the_log_and_deleting_progress_removes_it(client):
    session_day(client, MONDAY, ms=3000)
    with time_machine.travel(MONDAY + timedelta(hours=1), tick=False):
        data = json.loads(client.get("/accounts/settings/download/").getvalue())
        reviews = data["reviews"]
        assert len(reviews) == ReviewLog.objects.count() > 0
        first = reviews[0]
        assert first["duration_ms"] == 3000 and first["timed_by"] == "browser"
        assert first["days_since_last_review"] is None and first["source"] == "study"
        client.post("/accounts/settings/delete-progress/", {"confirm": "yes"})
    assert not ReviewLog.objects.exists()


def test_deleting_the_account_deletes_its_log_and_fitted_sets():
    user = User.objects.create_user("rhea", password="rhea's long phrase 8")
    client = Client()
    client.force_login(user)
    session_day(client, MONDAY, ms=3000)
    FittedParameters.objects.create(scope="learner", user=user, parameters=[0.5] * 21, reviews=600)
    other = User.objects.create_user("sam", password="sam's long phrase 88")
    ReviewLog.objects.create(
        user=other, skill="badugi-cards", rating=3, state_before=0, state_after=2, source="drill"
    )
    with time_machine.travel(MONDAY + timedelta(hours=1), tick=False):
        client.post("/accounts/settings/delete-account/", {"password": "rhea's long phrase 8"})
    assert not User.objects.filter(username="rhea").exists()
    assert list(ReviewLog.objects.values_list("user", flat=True)) == [other.pk]
    assert not FittedParameters.objects.exists()


def test_signing_up_moves_the_browsers_log_to_the_account(client):
    session_day(client, MONDAY, ms=2500)
    count = ReviewLog.objects.count()
    with time_machine.travel(MONDAY + timedelta(hours=1), tick=False):
        client.post(
            "/accounts/sign-up/",
            {
                "username": "amara",
                "password1": "a long safe phrase 91",
                "password2": "a long safe phrase 91",
            },
        )
    user = User.objects.get(username="amara")
    assert ReviewLog.objects.filter(user=user).count() == count > 0
    assert not ReviewLog.objects.filter(user=None).exists()


def test_posted_ms_reads_only_whole_numbers():
    assert review_log.posted_ms("1500") == 1500
    assert review_log.posted_ms("") is None and review_log.posted_ms(None) is None
    assert review_log.posted_ms("١٢٣٤") is None  # digits, but not ASCII ones


def test_home_says_about_how_long_the_due_reviews_take(client):
    session_day(client, MONDAY, ms=45_000)
    later = max(SkillState.objects.values_list("due", flat=True)) + timedelta(hours=1)
    with time_machine.travel(later, tick=False):
        due = SkillState.objects.filter(due__lte=later).count()
        body = client.get("/").content.decode()
        minutes = -(-due * 45 // 60)  # 45 s each, rounded up to whole minutes
        assert f"{due} review{'s' * (due != 1)} due." in body
        assert (
            f"About {minutes} minute{'s' * (minutes != 1)}, going by your own answer times" in body
        )


def test_one_streak_of_study_days_on_home_and_progress(client):
    for day in (0, 1, 2, 4, 5):  # a day off on the fourth day
        session_day(client, MONDAY + timedelta(days=day), ms=4000)
    with time_machine.travel(MONDAY + timedelta(days=5, hours=3), tick=False):
        body = client.get("/").content.decode()
        assert "Day streak: <strong>2 days</strong> in a row with at least one answer." in body
        progress = client.get("/progress/").content.decode()
        assert "Day streak: <strong>2 days</strong> in a row with at least one answer" in progress
    with time_machine.travel(MONDAY + timedelta(days=6, hours=3), tick=False):
        # The morning after: yesterday still counts until the day ends without an answer.
        body = client.get("/").content.decode()
        assert "Day streak: <strong>2 days</strong>" in body
        assert "answer something today to keep it" in body
        progress = client.get("/progress/").content.decode()
        assert "Day streak: <strong>2 days</strong>" in progress
    with time_machine.travel(MONDAY + timedelta(days=8), tick=False):
        assert "Answer something today to start a day streak." in client.get("/").content.decode()
        assert "Day streak: <strong>0 days</strong>" in client.get("/progress/").content.decode()
