"""A short fuzz of the answer check: whatever is posted, the answer is 200 or 400, never 500.

The post is built from the form's own field names (so every kind of part is
reached) with values no form as served would send: long digit strings,
signs, symbols, repeated and missing fields. Seconds, not minutes.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lessons.exercises.forms import AnswerForm
from tests.factories import make_deal, right_answer

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
EVERY_KIND = [
    {"kind": "badugi_cards", "seat": 0},
    {"kind": "winners", "game": "badeucey"},
    {"kind": "payouts"},
    {"kind": "raise_to", "round": 2, "facing": 12, "options": [18, 24]},
    {"kind": "choice", "question": "Which half?", "options": ["low", "Badugi"], "answer": 1},
]

VALUES = st.one_of(
    st.text(alphabet="0123456789-+.,e ", max_size=20),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(["9" * 4300, "9" * 4301, "1" * 20000, "As", "10s", "x", "", "٦", "²"]),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12),
)


@pytest.fixture
def deal():
    return make_deal(slug="fuzzed", parts=EVERY_KIND)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_any_post_to_the_check_is_answered_with_200_or_400(client, deal, data):
    names = [f"{deal.slug}-{name}" for name in AnswerForm(deal=deal).fields]
    post = dict(right_answer(deal))
    for name in data.draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names))):
        post[name] = data.draw(st.lists(VALUES, min_size=0, max_size=3))
    htmx = data.draw(st.booleans())
    response = client.post(deal.check_url, post, **(HTMX if htmx else {}))
    assert response.status_code in (200, 400), post
