"""The study table offers the equilibrium player as an opponent at a heads-up table only."""

from __future__ import annotations

import re

import pytest

from evaluator.play import PERSONALITIES
from play.models import PlayedHand
from tests.play.helpers import open_seed, settings_of, start_hand

pytestmark = pytest.mark.django_db


def options_of(html: str, field: str) -> list[str]:
    select = re.search(rf'<select name="{field}".*?</select>', html, re.S)
    assert select, field
    return re.findall(r'<option value="([^"]+)"', select.group(0))


def test_only_the_first_opponents_seat_lists_the_equilibrium_player(client):
    html = client.get("/play/").content.decode()
    assert "equilibrium" in options_of(html, "seat_1")
    assert "equilibrium" not in options_of(html, "seat_2")
    assert PERSONALITIES["equilibrium"].description in html


def test_a_heads_up_table_deals_against_the_equilibrium_player(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch, seats=2, seat_1="equilibrium")
    assert settings_of(hand).personalities == (None, "equilibrium")


def test_a_bigger_table_refuses_it_with_a_clear_message_and_deals_nothing(client):
    data = {"game": "badacey", "seats": 4, "coaching": "live", "seat_1": "equilibrium"}
    response = client.post("/play/", data)
    assert response.status_code == 400
    assert "sits only at a heads-up table" in response.content.decode()
    assert PlayedHand.objects.count() == 0
