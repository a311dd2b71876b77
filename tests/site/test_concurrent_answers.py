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


FIGURES_EQUAL_A_RECOUNT = """
from tests.lessons.test_deal_figures import kept, recount_everything
before = kept()
recount_everything()
print("EQUAL" if before == kept() and before[0] else f"DIFFERENT {before!r} {kept()!r}")
"""


def test_the_deal_figures_kept_during_answers_at_once_equal_a_recount(fresh_database_url, tmp_path):
    """Tabs racing to a learner's first try at the same deals: exactly one is first."""
    make = "from django.contrib.auth.models import User; User.objects.create_user('learner')"
    manage(fresh_database_url, "shell", "--no-imports", "-c", make)
    run_together(
        "tests.site.concurrent_answerer", "tab", TABS, ANSWERS_EACH, fresh_database_url, tmp_path
    )
    out = manage(fresh_database_url, "shell", "--no-imports", "-c", FIGURES_EQUAL_A_RECOUNT)
    assert out.stdout.split()[-1] == "EQUAL", out.stdout[-2000:]
