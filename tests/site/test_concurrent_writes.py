"""Teachers saving at the same moment, each in a process of their own, lose nothing.

On SQLite (the default) every write takes the one write lock. Before the
site opened it with IMMEDIATE transactions and a busy timeout, a save that
had read first could not wait for the lock: with four gunicorn workers, most
concurrent saves failed at once with "database is locked". This runs the
admin's own save path in several processes against one database file (on
the PostgreSQL run, one database on the server) and counts what arrived.
"""

from __future__ import annotations

import pytest

from .conftest import manage, run_together

pytestmark = pytest.mark.django_db

WRITERS = 4
SAVES_EACH = 8


def stored_slugs(database_url: str) -> set[str]:
    code = (
        "from lessons.models import Deal; "
        "slugs = Deal.objects.filter(slug__startswith='writer').values_list('slug', flat=True); "
        "print(' '.join(slugs))"
    )
    return set(manage(database_url, "shell", "--no-imports", "-c", code).stdout.split())


def test_concurrent_admin_saves_all_arrive(fresh_database_url, tmp_path):
    manage(fresh_database_url, "createteacher", "teacher", TEACHER_PASSWORD="a-long-teaching-pass")
    results = run_together(
        "tests.site.concurrent_writer", "writer", WRITERS, SAVES_EACH, fresh_database_url, tmp_path
    )
    failures = [failure for result in results for failure in result["failed"]]
    assert failures == []
    expected = {f"writer{w}-{n}" for w in range(WRITERS) for n in range(SAVES_EACH)}
    assert {slug for result in results for slug in result["saved"]} == expected
    assert stored_slugs(fresh_database_url) == expected
