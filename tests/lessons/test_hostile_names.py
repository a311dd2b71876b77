"""Player names a card room allows but the notation reserves never cost a 500.

Rooms let players call themselves "Bob (NL)", "a,b" or put a DEL or a
direction control in a name. The hand is read, its names carried into the
notation in quotes (so they come back exactly), and anything the reader
still refuses is a sentence on the page. Hypothesis fuzzes names through
every form that takes a hand history (the paste page, saving a pasted hand,
the teacher's import check and its confirm); a named list pins the cases
the fix was written for.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.html import escape
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
    if name.isprintable():  # the page shows the player's own name, not a look-alike
        assert escape(name) in replayed.content.decode()


@settings(max_examples=40)
@given(name=st.text(min_size=1, max_size=14).filter(lambda n: "Ivy" not in n))
def test_no_name_makes_the_paste_page_or_the_import_fail(name):
    from django.test import Client

    # Each example pastes from an address of its own, under the paste limit.
    spot = abs(hash(name)) % 10**9
    address = f"10.{spot % 250}.{spot // 250 % 250}.{spot // 62500 % 250 + 1}"
    visitor = Client(REMOTE_ADDR=address)
    response = visitor.post(reverse("lessons:paste_hand"), {"hand": renamed(name)})
    assert response.status_code < 500
    if response.status_code == 302:
        assert visitor.get(response["Location"]).status_code < 500
        learner = Client(REMOTE_ADDR=address)
        learner.force_login(User.objects.create_user(f"l{spot}"))
        pasted = learner.post(reverse("lessons:paste_hand"), {"hand": renamed(name)})
        saved = learner.post(pasted["Location"] + "save/", {"shared": "on"})
        assert saved.status_code < 500
        assert learner.get(saved["Location"]).status_code < 500
    teacher = Client()
    teacher.force_login(make_teacher(f"t{spot}"))
    url = reverse("admin:lessons_deal_import_hands")
    page = teacher.post(url, {"text": renamed(name)})
    assert page.status_code < 500
    confirmed = teacher.post(url, {"text": renamed(name), "_confirm": "1"})
    assert confirmed.status_code < 500
