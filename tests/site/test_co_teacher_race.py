"""Two co-teachers removing each other at the same moment leave the class one teacher.

Each request counted two teachers, then each removed the other: a class with
no teacher, which nobody could open again. ``removals.remove_teacher`` locks
the class's row before it counts, so the second request waits, then counts
one and is refused. The race is PostgreSQL's (SQLite takes its write lock
when a transaction begins), so this runs on the PostgreSQL half of scripts/test.

The requests are held apart, after their first check and before removing,
by a pause in the view (``signed_in_user`` is called between the two), so
both are always past that check together: without the lock both removals
land every time, not once in a while.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from lessons.classes import manage_views
from lessons.models import Classroom
from tests.factories import make_teacher

ON_POSTGRES = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"

pytestmark = pytest.mark.database_engine


@pytest.mark.skipif(not ON_POSTGRES, reason="the removals interleave only on PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_two_co_teachers_removing_each_other_at_once_leave_one_teacher(monkeypatch):
    ann, bob = make_teacher("ann"), make_teacher("bob")
    classroom = Classroom.objects.create(name="Shared class", join_code="ABCDEFGH")
    classroom.teachers.add(ann, bob)
    real = manage_views.signed_in_user

    def slow(request):
        time.sleep(0.3)  # both requests are now past the view's first count
        return real(request)

    monkeypatch.setattr(manage_views, "signed_in_user", slow)
    barrier = threading.Barrier(2)
    statuses: list[int] = []

    def remove(me, other) -> None:
        client = Client(raise_request_exception=False)
        client.force_login(me)
        try:
            barrier.wait()
            url = f"/teach/{classroom.pk}/teachers/{other.pk}/remove/"
            statuses.append(client.post(url).status_code)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=remove, args=(ann, bob)),
        threading.Thread(target=remove, args=(bob, ann)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [302, 302]  # one removed, one told it was refused; no 500
    assert classroom.teachers.count() == 1
