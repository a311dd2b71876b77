"""Every lesson page stays under a size budget of uncompressed HTML.

Why uncompressed: gzip hides repetition from the network (the weight test,
``test_page_weight.py``, counts the compressed bytes), but the browser still
parses, lays out and keeps every element, and a slow phone pays for that in
Lighthouse's blocking time. The budget is a size, not a timing, so it holds on
any machine. Every lesson of the course is weighed, including any added later.
"""

from __future__ import annotations

import pytest

from lessons.course import LESSONS

BUDGET_KB = 250


@pytest.mark.django_db
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_a_lesson_page_is_under_the_html_budget(client, lesson):
    response = client.get(lesson.url)
    assert response.status_code == 200
    size_kb = len(response.content) / 1024
    assert size_kb <= BUDGET_KB, f"{lesson.url} is {size_kb:.0f} KB of HTML (budget {BUDGET_KB} KB)"
