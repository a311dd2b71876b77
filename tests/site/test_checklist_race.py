"""One learner's checklist is one row per lesson, however many saves arrive at once.

A double-clicked first save of a lesson's checklist used to make two rows on
PostgreSQL (the save looked for a row, found none, and both requests
inserted one), and every later save of that checklist then failed with a
500 for good. Two unique constraints now allow one row per learner and
lesson, and the save falls back to updating the row that won.

SQLite takes its write lock when a transaction begins (see the settings),
so saves cannot interleave there: the race itself is PostgreSQL's, and that
test runs on the PostgreSQL half of scripts/test only.
"""

from __future__ import annotations

import threading

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.test import Client

from lessons.learners.progress import SESSION_KEY
from lessons.models import ChecklistTicks

from .conftest import manage

ON_POSTGRES = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
SAVES_AT_ONCE = 4
LEARNERS = 6
URL = "/progress/checklist/badacey/"


def _save_at_once(clients: list[Client], ticks: list[str]) -> list[int]:
    """Post the same checklist from every client at one instant; the status codes."""
    barrier = threading.Barrier(len(clients))
    statuses: list[int] = []

    def save(client: Client) -> None:
        try:
            barrier.wait()
            statuses.append(client.post(URL, {"tick": ticks}).status_code)
        finally:
            connection.close()  # each thread had its own connection

    threads = [threading.Thread(target=save, args=(c,)) for c in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def _signed_in(n: int) -> tuple[list[Client], dict]:
    user = User.objects.create_user(f"learner{n}")
    clients = [Client(raise_request_exception=False) for _ in range(SAVES_AT_ONCE)]
    for client in clients:
        client.force_login(user)
    return clients, {"user": user}


def _one_session(n: int) -> tuple[list[Client], dict]:
    """Several requests of one newcomer's browser: one session cookie, a learner key in it."""
    first = Client(raise_request_exception=False)
    session = first.session
    session[SESSION_KEY] = f"newcomer-{n}-" + "k" * 20
    session.save()
    clients = [first] + [Client(raise_request_exception=False) for _ in range(SAVES_AT_ONCE - 1)]
    for client in clients:
        client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    return clients, {"user": None, "learner_key": session[SESSION_KEY]}


@pytest.mark.skipif(not ON_POSTGRES, reason="saves interleave only on PostgreSQL")
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("learner", [_signed_in, _one_session], ids=["account", "session"])
def test_a_first_checklist_save_sent_several_times_at_once_keeps_one_row(learner):
    for n in range(LEARNERS):
        clients, owner = learner(n)
        assert _save_at_once(clients, ["1", "2"]) == [302] * SAVES_AT_ONCE
        assert clients[0].post(URL, {"tick": ["3"]}).status_code == 302  # later saves work
        rows = ChecklistTicks.objects.filter(lesson="badacey", **owner)
        assert list(rows.values_list("ticked", flat=True)) == [[3]]


@pytest.mark.django_db
def test_the_database_itself_refuses_a_second_row_for_one_learner_and_lesson():
    user = User.objects.create_user("kira")
    ChecklistTicks.objects.create(user=user, lesson="badacey", ticked=[1])
    with pytest.raises(IntegrityError), transaction.atomic():
        ChecklistTicks.objects.create(user=user, lesson="badacey", ticked=[2])
    ChecklistTicks.objects.create(learner_key="k" * 20, lesson="badacey", ticked=[1])
    with pytest.raises(IntegrityError), transaction.atomic():
        ChecklistTicks.objects.create(learner_key="k" * 20, lesson="badacey", ticked=[2])
    # One row per lesson: the same learner's other lessons, and other learners, are free.
    ChecklistTicks.objects.create(user=user, lesson="badugi", ticked=[1])
    ChecklistTicks.objects.create(learner_key="j" * 20, lesson="badacey", ticked=[1])


@pytest.mark.django_db
def test_the_migration_keeps_the_latest_of_the_rows_a_double_save_left(fresh_database_url):
    manage(fresh_database_url, "migrate", "lessons", "0014", "--noinput", "-v0")
    make_duplicates = (
        "from datetime import timedelta; from django.utils import timezone; "
        "from django.contrib.auth.models import User; from lessons.models import ChecklistTicks; "
        "u = User.objects.create_user('dee'); now = timezone.now(); "
        "rows = [ChecklistTicks.objects.create(**owner, lesson='badacey', ticked=[n]) "
        "        for owner in ({'user': u}, {'learner_key': 'k' * 20}) for n in (1, 2)]; "
        "ago = lambda r: now - timedelta(hours=r.ticked[0]); "
        "[ChecklistTicks.objects.filter(pk=r.pk).update(updated_at=ago(r)) for r in rows]"
    )
    manage(fresh_database_url, "shell", "--no-imports", "-c", make_duplicates)
    manage(fresh_database_url, "migrate", "--noinput", "-v0")
    left = (
        "from lessons.models import ChecklistTicks; "
        "print(sorted((str(t.user_id is None), t.ticked[0]) for t in ChecklistTicks.objects.all()))"
    )
    # Ticks [1] were saved an hour ago, [2] two hours ago: the later save stays.
    output = manage(fresh_database_url, "shell", "--no-imports", "-c", left).stdout.strip()
    assert output == "[('False', 1), ('True', 1)]"
