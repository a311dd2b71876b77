"""Player names a card room allows but the notation reserves never cost a 500.

Rooms let players call themselves "Bob (NL)", "a,b" or put a DEL or a
direction control in a name. The hand is read, its names carried into the
notation as look-alikes, and anything the reader still refuses is a
sentence on the page. Hypothesis fuzzes names through the paste page and the
teacher's import; a named list pins the cases the fix was written for.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator.hand_histories import read_text, to_notation
from tests.factories import make_teacher

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent.parent / "evaluator" / "hand_histories"
HAND = (DATA / "mix_badacey.txt").read_text(encoding="utf-8").split("\n\n")[0]
RESERVED = [
    "Bob (NL)",
    "a,b",
    "x;y",
    "time: 9",
    "#1 fan",
    "left->right",
    "Del\x7fete",
    "Ev\u202eil",
]


def renamed(name: str) -> str:
    return HAND.replace("Ivy", name)


@pytest.mark.parametrize("name", RESERVED)
def test_a_reserved_character_in_a_name_is_read_and_replayed(client, name):
    (result,) = read_text(renamed(name))
    assert result.ok, result.error
    text = to_notation(result.verified)
    response = client.post(reverse("lessons:paste_hand"), {"hand": renamed(name)})
    assert response.status_code == 302, response.content[:400]
    replayed = client.get(response["Location"])
    assert replayed.status_code == 200
    assert text  # the hand is stored as notation the replayer reads


@settings(max_examples=40)
@given(name=st.text(min_size=1, max_size=14).filter(lambda n: "Ivy" not in n))
def test_no_name_makes_the_paste_page_or_the_import_fail(name):
    from django.test import Client

    visitor = Client()
    response = visitor.post(reverse("lessons:paste_hand"), {"hand": renamed(name)})
    assert response.status_code < 500
    teacher = Client()
    teacher.force_login(make_teacher(f"t{abs(hash(name)) % 10**9}"))
    page = teacher.post(reverse("admin:lessons_deal_import_hands"), {"text": renamed(name)})
    assert page.status_code < 500
