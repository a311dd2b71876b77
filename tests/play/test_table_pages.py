"""The study table's pages: starting, acting, refusals, the fragment and the JSON.

Expected grades, legal actions and cards are asked of the engine
(``evaluator.play``); the tests check the pages say and store the same.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client

from evaluator.play import PERSONALITIES, Action, IllegalAction, LiveHand, grade_decision
from lessons import skills
from lessons.models import SkillState
from play.models import GradedDecision, PlayedHand
from tests.play.helpers import (
    lasting_seed,
    live,
    open_seed,
    passive,
    play_out,
    post_data,
    settings_of,
    start_hand,
)

pytestmark = pytest.mark.django_db


def test_the_start_page_names_every_computer_player_with_its_description(client):
    html = client.get("/play/").content.decode()
    for personality in PERSONALITIES.values():
        assert personality.name in html
        assert personality.description in html
    assert 'name="coaching"' in html and "After the hand" in html


def test_starting_deals_the_chosen_table_for_an_anonymous_learner(client, monkeypatch):
    seed = open_seed()
    hand = start_hand(client, seed, monkeypatch, seats=3, seat_1="caller", seat_2="aggressor")
    settings = settings_of(hand)
    assert (settings.seats, settings.personalities) == (3, (None, "caller", "aggressor"))
    assert hand.user is None and hand.learner_key == client.session["learner_key"]
    expected = LiveHand.start(settings)
    assert hand.step == expected.step == 0 and not hand.is_over


def test_a_bad_start_form_says_why_and_deals_nothing(client):
    response = client.post("/play/", {"game": "chess", "seats": 9, "coaching": "live"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "chess is not one of the available choices" in html
    assert PlayedHand.objects.count() == 0


def test_the_table_shows_the_learners_cards_and_never_an_opponents(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    now = live(hand)
    html = client.get(f"/play/{hand.pk}/").content.decode()
    for card in now.learner_cards:
        assert card.name in html
    for seat in now.settings.computer_seats:
        for card in now.hand_of(seat):
            assert card.name not in html
    # Each opponent still in holds a group of backs at its seat, each named only as a back.
    waiting = [s for s in now.settings.computer_seats if not now.folded(s)]
    for seat in waiting:
        name = now.settings.names[seat]
        assert f'aria-label="{name}&#x27;s cards, face down"' in html
    backs = sum(len(now.hand_of(s)) for s in waiting)
    assert html.count(">a face-down card</span>") == backs
    for legal in now.legal_actions():
        assert legal.label in html


def test_state_json_has_the_public_state_and_no_hidden_card(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    now = live(hand)
    response = client.get(f"/play/{hand.pk}/state.json")
    state = response.json()
    assert state["step"] == 0 and state["is_over"] is False and state["payouts"] is None
    assert [a["kind"] for a in state["legal_actions"]] == [a.kind for a in now.legal_actions()]
    assert [c["name"] for c in state["learner_cards"]] == [c.name for c in now.learner_cards]
    text = json.dumps(state)
    for seat in now.settings.computer_seats:
        assert state["seats"][seat]["cards"] is None
        for card in now.hand_of(seat):
            assert card.name not in text and f'"{card.text}"' not in text
    assert state["grades"] == []


def test_an_action_is_graded_as_the_engine_grades_it_and_the_hand_moves_on(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    before = live(hand)
    action = Action(before.legal_actions()[-1].kind)
    expected = grade_decision(LiveHand.replay(before.settings, []), action)
    response = client.post(f"/play/{hand.pk}/act", post_data(hand, action))
    assert response.status_code == 302
    assert response["Location"] == f"/play/{hand.pk}/#play-table"
    hand.refresh_from_db()
    assert hand.step == 1 and hand.actions == [{"kind": action.kind, "discards": []}]
    stored = GradedDecision.objects.get(hand=hand, step=0)
    assert (stored.grade, stored.reason_code, stored.reason) == (
        expected.grade,
        expected.reason_code,
        expected.reason,
    )
    # As-you-play coaching: the coach's slot shows the grade, then the log what the others did.
    html = client.get(f"/play/{hand.pk}/").content.decode()
    assert expected.reason.replace("'", "&#x27;") in html
    slot = html[html.index('id="play-coach-title"') : html.index('id="play-log-title"')]
    assert expected.reason.replace("'", "&#x27;") in slot
    state = client.get(f"/play/{hand.pk}/state.json").json()
    assert state["grades"][0]["grade"] == expected.grade and state["step"] == 1


def test_a_stale_step_is_refused_with_a_message_and_plays_nothing(client, monkeypatch):
    hand = start_hand(client, lasting_seed(), monkeypatch)
    data = post_data(hand, Action(passive(live(hand))))
    assert client.post(f"/play/{hand.pk}/act", data).status_code == 302
    again = client.post(f"/play/{hand.pk}/act", data)
    assert again.status_code == 409
    assert "was not played again" in again.content.decode()
    hand.refresh_from_db()
    assert hand.step == 1 and len(hand.actions) == 1
    assert GradedDecision.objects.filter(hand=hand).count() == 1


def test_an_illegal_action_gets_the_engines_reason_and_nothing_is_saved(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    now = live(hand)
    allowed = {a.kind for a in now.legal_actions()}
    refused = Action("draw") if "draw" not in allowed else Action("raise")
    with pytest.raises(IllegalAction) as reason:
        now.check_legal(refused)
    response = client.post(f"/play/{hand.pk}/act", {"step": 0, "action": refused.kind})
    assert response.status_code == 400
    html = response.content.decode()
    assert str(reason.value)[1:] in html and 'role="alert"' in html
    hand.refresh_from_db()
    assert hand.step == 0 and hand.actions == [] and not GradedDecision.objects.exists()


@pytest.mark.parametrize(
    "data, words",
    [
        ({"action": "call"}, "lost track of the hand"),
        ({"step": "x", "action": "call"}, "whole number"),
        ({"step": 0, "action": "shove"}, "is not an action at this table"),
        ({"step": 0, "action": "draw", "throw": ["Zz"]}, "is not a card"),
    ],
)
def test_an_unreadable_post_gets_a_clear_message(client, monkeypatch, data, words):
    hand = start_hand(client, open_seed(), monkeypatch)
    response = client.post(f"/play/{hand.pk}/act", data)
    assert response.status_code == 400
    assert words in response.content.decode()


def test_htmx_gets_the_table_fragment_with_the_live_region_out_of_band(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    action = Action(live(hand).legal_actions()[-1].kind)
    response = client.post(f"/play/{hand.pk}/act", post_data(hand, action), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and 'id="play-status" hx-swap-oob="innerHTML"' in html
    now = live(hand)
    for event in [e for e in now.events if e.step == now.step]:
        assert event.text in html
    plain = client.get(f"/play/{hand.pk}/").content.decode()
    assert "<html" in plain


def test_a_whole_hand_plays_to_the_end_with_plain_posts(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    responses = play_out(client, hand)
    assert responses and all(r.status_code == 302 for r in responses)
    now = live(hand)
    assert hand.is_over and now.is_over
    assert hand.net == now.net()[now.settings.learner_seat]
    assert hand.decisions == len(responses) == GradedDecision.objects.filter(hand=hand).count()
    state = client.get(f"/play/{hand.pk}/state.json").json()
    assert state["payouts"] == {str(k): v for k, v in now.payouts().items()}
    html = client.get(f"/play/{hand.pk}/").content.decode()
    assert "The hand is over" in html and f"/play/{hand.pk}/review/" in html
    late = client.post(f"/play/{hand.pk}/act", {"step": hand.step, "action": "fold"})
    assert late.status_code == 409 and "already over" in late.content.decode()


def test_each_decision_moves_the_skills_it_exercises(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    play_out(client, hand)
    exercised = set()
    for grade in GradedDecision.objects.filter(hand=hand):
        exercised |= set(skills.decision_skills(grade.skill_kind, grade.reason_code))
    assert exercised
    key = client.session["learner_key"]
    stored = set(SkillState.objects.filter(learner_key=key).values_list("skill", flat=True))
    assert exercised <= stored


def test_after_the_hand_coaching_keeps_the_grades_for_the_review(client, monkeypatch):
    hand = start_hand(client, lasting_seed(), monkeypatch, coaching="after")
    action = Action(passive(live(hand)))
    client.post(f"/play/{hand.pk}/act", post_data(hand, action))
    hand.refresh_from_db()
    assert not hand.is_over and hand.decisions == 1
    html = client.get(f"/play/{hand.pk}/").content.decode()
    assert "play-grade__badge" not in html
    assert client.get(f"/play/{hand.pk}/state.json").json()["grades"] == []


def test_another_learner_cannot_see_or_play_the_hand(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    other = Client()
    other.get("/play/")
    for url in ("/", "/state.json", "/review/", "/hand.phh"):
        assert other.get(f"/play/{hand.pk}{url}").status_code == 404
    assert other.post(f"/play/{hand.pk}/act", {"step": 0, "action": "fold"}).status_code == 404
    hand.refresh_from_db()
    assert hand.step == 0


def test_a_learner_keeps_only_a_few_open_hands(client, monkeypatch):
    from play.hands import MAX_OPEN_HANDS

    made = [start_hand(client, open_seed(first=10 * n + 1), monkeypatch) for n in range(3)]
    assert len(made) == MAX_OPEN_HANDS
    response = client.post("/play/", {"game": "badugi", "seats": 2, "coaching": "live"})
    assert (
        response.status_code == 302
        and response["Location"] == made[-1].get_absolute_url() + "#play-table"
    )
    assert PlayedHand.objects.count() == MAX_OPEN_HANDS


def test_starts_are_limited_per_address(client, monkeypatch, settings):
    settings.LIMITS = {**settings.LIMITS, "play_start_per_address": 1}
    hand = start_hand(client, open_seed(), monkeypatch)
    client.post(f"/play/{hand.pk}/act", {"step": 0, "action": "fold"})
    response = client.post("/play/", {"game": "badugi", "seats": 2, "coaching": "live"})
    assert response.status_code == 429
    assert PlayedHand.objects.count() == 1
