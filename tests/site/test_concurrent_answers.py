"""One learner answering in several tabs at once, each served by its own process, loses nothing.

Attempts are inserted, never updated, so every answer is its own row however
the writes interleave; this counts the rows that arrived.
"""

from __future__ import annotations

import pytest

from .conftest import manage, run_together

pytestmark = pytest.mark.django_db

TABS = 4
ANSWERS_EACH = 6


def test_answers_from_tabs_at_once_all_arrive(fresh_database_url, tmp_path):
    make = "from django.contrib.auth.models import User; User.objects.create_user('learner')"
    manage(fresh_database_url, "shell", "--no-imports", "-c", make)
    results = run_together(
        "tests.site.concurrent_answerer", "tab", TABS, ANSWERS_EACH, fresh_database_url, tmp_path
    )
    assert [failure for result in results for failure in result["failed"]] == []
    count = (
        "from lessons.models import Attempt; "
        "print(Attempt.objects.filter(user__username='learner', correct=True).count())"
    )
    stored = manage(fresh_database_url, "shell", "--no-imports", "-c", count).stdout.split()[-1]
    assert int(stored) == TABS * ANSWERS_EACH
