"""The deal figures kept as answers arrive always equal a recount of the answers.

Answers go through the site as a learner sends them (the exercise check),
then the events that move or remove answers in bulk: an anonymous learner
signing up, deleting one's progress, deleting an account. After each, the
kept rows must be exactly what ``deal_figures.recount`` rebuilds from the
log, and the admin's list shows them.
"""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
import time_machine
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from lessons.learners import deal_figures
from lessons.models import Attempt, Deal, DealFigures, DealProgress, LearnerActivity
from tests.factories import make_teacher, right_answer
from tests.lessons.test_progress import winners_deal, wrong_answer

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-learning-pass"


def kept() -> tuple:
    return (
        sorted(
            DealFigures.objects.values_list(
                "deal_id", "attempts", "learners", "hints", "first_right"
            )
        ),
        sorted(
            DealProgress.objects.values_list(
                "user_id", "learner_key", "deal_id", "tries", "rights", "hints", "first_right"
            ),
            key=repr,
        ),
        sorted(Attempt.objects.filter(first_try=True).values_list("pk", flat=True)),
        sorted(LearnerActivity.objects.values_list("user_id", "answers", "last_at")),
    )


def recount_everything() -> None:
    deal_figures.recount()
    deal_figures.recount_activity(User.objects.values_list("pk", flat=True))


def assert_equal_to_a_recount() -> tuple:
    before = kept()
    recount_everything()
    assert kept() == before
    return before


def answer(client: Client, deal: Deal, right: bool) -> None:
    data = right_answer(deal) if right else wrong_answer(deal)
    assert client.post(deal.check_url, data, HTTP_HX_REQUEST="true").status_code == 200


def test_answers_through_the_site_keep_figures_equal_to_the_log(client):
    deals = [winners_deal(1), winners_deal(2)]
    ana, bo = Client(), Client()
    ana.force_login(User.objects.create_user("ana"))
    bo.force_login(User.objects.create_user("bo"))
    answer(ana, deals[0], right=False)
    answer(ana, deals[0], right=True)
    answer(bo, deals[0], right=True)
    answer(bo, deals[1], right=True)
    answer(client, deals[0], right=True)  # an anonymous learner
    figures = assert_equal_to_a_recount()[0]
    first = DealFigures.objects.get(deal=deals[0])
    assert (first.attempts, first.learners, first.first_right) == (4, 3, 2)
    assert figures

    # The anonymous learner signs up: their answers are the account's now.
    client.post(
        reverse("accounts:sign_up"),
        {
            "username": "cy",
            "password1": "a-long-learning-pass",
            "password2": "a-long-learning-pass",
        },
    )
    assert Attempt.objects.filter(user__username="cy").count() == 1
    assert_equal_to_a_recount()

    bo.post(reverse("accounts:delete_progress"), {"confirm": "yes"})
    User.objects.filter(username="ana").delete()
    assert_equal_to_a_recount()


def test_a_tab_that_loses_the_race_to_the_first_try_is_stored_as_the_later_answer():
    """Two tabs answer a deal at once; the one whose answer was checked first counts second.

    The slower tab's answer (a wrong one) was made before the quicker tab's
    (a right one) but reaches the learner's row after it. The kept row calls
    the quicker one the first try; the stored times must say so too, or a
    recount of the answers by time picks the other and the first-try figures
    change when the log is counted again.
    """
    lee = User.objects.create_user("lee")
    deal = winners_deal(1)
    start = timezone.now()

    def store(attempt: Attempt) -> None:
        deal_figures.save_answer(attempt)
        deal_figures.count_activity(attempt)

    with time_machine.travel(start, tick=False):
        slower = Attempt(user=lee, deal=deal, correct=False, parts=[False])
    with time_machine.travel(start + timedelta(seconds=1), tick=False):
        store(Attempt(user=lee, deal=deal, correct=True, parts=[True]))
    with time_machine.travel(start + timedelta(seconds=2), tick=False):
        store(slower)

    kept = assert_equal_to_a_recount()
    first = Attempt.objects.get(first_try=True)
    assert first.correct and first.pk in kept[2]
    assert DealFigures.objects.get(deal=deal).first_right == 1
    assert slower.created_at == start + timedelta(seconds=2)


def test_the_admin_list_reads_the_kept_figures(client):
    deal = Deal.objects.published().for_lesson("badugi").first()
    learner = Client()
    learner.force_login(User.objects.create_user("ana"))
    answer(learner, deal, right=True)
    client.force_login(make_teacher())
    page = client.get(
        reverse("admin:lessons_deal_changelist") + "?q=" + deal.title.replace(" ", "+")
    )
    assert f'<td class="field-attempts">{Attempt.objects.filter(deal=deal).count()}</td>' in (
        page.content.decode()
    )


@pytest.mark.long  # migrations run backwards and forwards
@pytest.mark.django_db(transaction=True)
def test_the_migration_counts_the_answers_an_existing_site_already_has():
    before, after = [("lessons", "0023_attempt_time_indexes")], [("lessons", "0024_deal_figures")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    user = old.get_model("auth", "User").objects.create(username="old-timer")
    deal = old.get_model("lessons", "Deal").objects.exclude(lesson="").first()
    attempts = old.get_model("lessons", "Attempt").objects
    now = timezone.now()
    attempts.create(user=user, deal=deal, correct=False, hints_used=1, created_at=now, parts=[])
    attempts.create(user=user, deal=deal, correct=True, hints_used=0, created_at=now, parts=[])
    attempts.create(learner_key="k" * 20, deal=deal, correct=True, created_at=now, parts=[])

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    figures = new.get_model("lessons", "DealFigures").objects.get(deal_id=deal.pk)
    assert (figures.attempts, figures.learners, figures.hints, figures.first_right) == (3, 2, 1, 1)
    firsts = new.get_model("lessons", "Attempt").objects.filter(first_try=True).count()
    assert firsts == 2

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_the_rebuild_command_recounts_figures_that_drifted(client):
    learner = Client()
    learner.force_login(User.objects.create_user("ana"))
    answer(learner, winners_deal(1), right=True)
    right = kept()
    DealFigures.objects.update(attempts=999, learners=0)
    DealProgress.objects.update(tries=42)
    out = StringIO()
    call_command("rebuild_deal_figures", stdout=out)
    assert kept() == right
    assert "Recounted 1 deal(s)" in out.getvalue()


@pytest.mark.long  # migrations run backwards and forwards
@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_existing_mistakes_their_answers_learner_and_time():
    before = [("lessons", "0027_table_basics_first_check")]
    after = [("lessons", "0028_mistake_learner_time")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    user = old.get_model("auth", "User").objects.create(username="old-mistaker")
    deal = old.get_model("lessons", "Deal").objects.exclude(lesson="").first()
    when = timezone.now() - timedelta(days=3)
    attempt = old.get_model("lessons", "Attempt").objects.create(
        user=user, deal=deal, correct=False, created_at=when, parts=[]
    )
    old.get_model("lessons", "DiagnosedMistake").objects.create(
        attempt=attempt, misconception="whole-pot-split"
    )

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    mistake = new.get_model("lessons", "DiagnosedMistake").objects.get()
    assert (mistake.user_id, mistake.created_at) == (user.pk, when)

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
