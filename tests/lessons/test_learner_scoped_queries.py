"""A learner's pages read only that learner's answers.

Every query a returning learner's lesson page, home page and /progress/ send
is captured; whenever one reads the answers table, it must name the learner
in the same SELECT, and never join the answers to the deals unfiltered. A
join from a lesson's deals to every attempt (filtered only inside COUNT)
once made each lesson page read the whole school's answers to that lesson.
The same check runs on PostgreSQL in scripts/test's database half.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from lessons import course
from lessons.models import Attempt, Deal

pytestmark = pytest.mark.django_db

ATTEMPTS = Attempt._meta.db_table


def selects_reading_attempts(sql: str) -> list[str]:
    """Each SELECT (outer or sub) whose own FROM/JOIN list names the answers table."""
    pieces = re.split(r"\(\s*SELECT\b", sql, flags=re.IGNORECASE)
    return [p for p in pieces if re.search(rf'(FROM|JOIN)\s+"?{ATTEMPTS}"?', p, re.IGNORECASE)]


def answers_from_others(deals: list[Deal]) -> None:
    for n in range(3):
        other = User.objects.create_user(f"other{n}")
        for deal in deals:
            Attempt.objects.create(user=other, deal=deal, correct=bool(n % 2), parts=[])


@pytest.mark.parametrize("page", ["lesson", "home", "progress"])
def test_a_returning_learners_page_reads_only_their_own_answers(client, page):
    lesson = course.LESSONS[1]
    deals = list(Deal.objects.published().for_lesson(lesson.key))
    assert deals, "the shipped lesson has exercises"
    answers_from_others(deals)
    me = User.objects.create_user("me")
    Attempt.objects.create(user=me, deal=deals[0], correct=True, parts=[])
    client.force_login(me)
    url = {"lesson": lesson.url, "home": "/", "progress": "/progress/"}[page]

    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200

    reading = [
        (query["sql"], select)
        for query in captured.captured_queries
        for select in selects_reading_attempts(query["sql"])
    ]
    assert reading, "the page should read the learner's answers"
    for sql, select in reading:
        assert not re.search(rf'JOIN\s+"?{ATTEMPTS}"?', select, re.IGNORECASE), (
            f"a query joins every answer to another table:\n{sql}"
        )
        where = re.split(r"\bWHERE\b", select, maxsplit=1, flags=re.IGNORECASE)
        assert len(where) == 2 and re.search(rf'"?user_id"? = {me.pk}\b', where[1]), (
            f"a query reads answers without naming the learner in its WHERE:\n{sql}"
        )
