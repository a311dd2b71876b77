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


def test_a_whole_heads_up_hand_against_it_plays_through_the_pages(client, monkeypatch):
    from evaluator.play import Action, LiveHand, TableSettings
    from tests.play.helpers import live, passive, post_data

    def reaches_last_round(seed: int) -> bool:
        hand = LiveHand.start(TableSettings.default("badugi", seed, personalities=("equilibrium",)))
        while not hand.is_over:
            if hand.draws_left == 0 and hand.phase == "bet":
                return True
            legal = hand.legal_actions()
            hand.play(Action(passive(hand)) if legal[0].kind != "draw" else Action("draw", ()))
        return False

    seed = next(s for s in range(1, 200) if reaches_last_round(s))
    hand = start_hand(client, seed, monkeypatch, game="badugi", seats=2, seat_1="equilibrium")
    for _ in range(40):
        now = live(hand)
        if now.is_over:
            break
        kind = now.legal_actions()[0].kind
        action = Action("draw", ()) if kind == "draw" else Action(passive(now))
        response = client.post(f"/play/{hand.pk}/act", post_data(hand, action))
        assert response.status_code == 302
    now = live(hand)
    assert now.is_over and now.draws_left == 0
    html = client.get(f"/play/{hand.pk}/").content.decode()
    assert "Equilibrium" in html
