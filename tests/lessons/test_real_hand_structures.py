"""A pasted pot-limit or no-limit hand replays under its own rules and says which.

The replayer names the structure and the draws in the deal step, and each
raise shows the size the room wrote, read back from the engine's own state.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from evaluator.hand_histories import read_text, to_notation
from evaluator.notation import parse_deal
from evaluator.replay import replay

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent.parent / "evaluator" / "room_files"


def first_hand(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8").split("\n\n")[0]


@pytest.mark.parametrize(
    "name",
    ["game_badugi_pot_limit.txt", "game_deuce_to_seven_single_draw_no_limit.txt"],
)
def test_a_pasted_big_bet_hand_names_its_game_and_shows_each_raise_size(client, name):
    text = first_hand(name)
    location = client.post(reverse("lessons:paste_hand"), {"hand": text})["Location"]
    (verified,) = [r.verified for r in read_text(text)]
    played = replay(parse_deal(to_notation(verified)))
    title = played.profile.title
    assert title != played.profile.name  # not the lessons' fixed-limit triple draw
    assertContains(client.get(location, {"step": 0}), f"The game is {title}.")
    money = played.record.money
    for step in played.steps:
        if step.kind == "action" and step.action == "raise":
            to = money.amount(step.state.bet_to)
            assertContains(client.get(location, {"step": step.index}), f"raises to {to}")
