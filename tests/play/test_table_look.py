"""The table as a learner meets it: the live region's words, no Fold when checking is free,
the finished hand's JSON, the table remembered, and the summary after every ten hands.

Every expectation is asked of the engine (its hand, grades and public state)
or summed from the stored hands, never typed in.
"""

from __future__ import annotations

import html as markup
from datetime import timedelta

import pytest

from evaluator.play import Action, LiveHand, TableSettings, coach_action
from play import sessions
from play.models import GradedDecision, PlayedHand
from tests.play.helpers import live, open_seed, play_out, post_data, start_hand

pytestmark = pytest.mark.django_db


def status_of(response) -> str:
    """The words the htmx answer puts in the polite live region."""
    text = response.content.decode()
    start = text.index('id="play-status" hx-swap-oob="innerHTML">') + len(
        'id="play-status" hx-swap-oob="innerHTML">'
    )
    return markup.unescape(text[start : text.index("</p>", start)])


def draw_seed() -> int:
    """A seed whose hand, played the coach's way, reaches a draw that throws cards."""
    for seed in range(1, 400):
        hand = LiveHand.start(TableSettings.default("badacey", seed))
        while not hand.is_over:
            action = coach_action(hand)
            if action.kind == "draw" and action.discards:
                return seed
            hand.play(action)
    raise AssertionError("no seed reaches a throw")


def test_the_live_region_reads_the_grade_in_full_the_turn_and_the_price(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    before = live(hand)
    action = coach_action(before)
    response = client.post(f"/play/{hand.pk}/act", post_data(hand, action), HTTP_HX_REQUEST="true")
    said = status_of(response)
    grade = GradedDecision.objects.get(hand=hand, step=0)
    assert said.startswith(f"Coach: {grade.get_grade_display()}, {grade.decision}")
    assert grade.reason in said
    if grade.better_play:
        assert f"Better: {grade.better_play}" in said
    now = live(hand)
    if now.is_over:
        assert "The hand is over." in said
        return
    assert "Your turn." in said
    point = now.decision_points()[-1]
    if point.kind == "bet" and point.to_call:
        assert f"{point.to_call} to call" in said
    elif point.kind == "bet":
        assert "Checking is free" in said


def test_after_a_draw_the_live_region_reads_the_new_cards(client, monkeypatch):
    hand = start_hand(client, draw_seed(), monkeypatch)
    for _ in range(20):
        now = live(hand)
        action = coach_action(now)
        response = client.post(
            f"/play/{hand.pk}/act", post_data(hand, action), HTTP_HX_REQUEST="true"
        )
        if action.kind == "draw" and action.discards:
            break
    after = live(hand)
    thrown, received = after.learner_last_draw()
    assert thrown == action.discards
    said = status_of(response)
    assert "Your new card" in said
    for card in received:
        assert card.name in said
    page = response.content.decode()
    # The thrown cards leave (a moving copy hidden from screen readers); the new are marked.
    assert 'class="play-seat__thrown" aria-hidden="true"' in page
    for card in received:
        assert f"{card.name} (new)" in page


def test_fold_is_not_a_button_when_checking_is_free(client, monkeypatch):
    for first in range(1, 200, 7):
        hand = start_hand(client, open_seed(first=first), monkeypatch)
        for _ in range(12):
            now = live(hand)
            kinds = {a.kind for a in now.legal_actions()}
            if "check" in kinds:
                page = client.get(f"/play/{hand.pk}/").content.decode()
                assert 'value="check"' in page and 'value="fold"' not in page
                refused = client.post(f"/play/{hand.pk}/act", post_data(hand, Action("fold")))
                assert (
                    refused.status_code == 400 and "no reason to fold" in refused.content.decode()
                )
                return
            if now.is_over:
                break
            client.post(f"/play/{hand.pk}/act", post_data(hand, coach_action(now)))
        PlayedHand.objects.filter(pk=hand.pk).delete()
    raise AssertionError("no hand offered a free check")


def test_the_finished_hands_json_shows_the_stacks_after_the_payouts(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    play_out(client, hand)
    now = live(hand)
    state = client.get(f"/play/{hand.pk}/state.json").json()
    assert state["is_over"] and state["pot"] == 0
    assert [s["stack"] for s in state["seats"]] == list(now.final_stacks())
    page = client.get(f"/play/{hand.pk}/").content.decode()
    hand.refresh_from_db()
    assert hand.result_words in page


def test_result_and_grade_words_read_as_sentences():
    assert PlayedHand(net=1).result_words == "You won 1 chip."
    assert PlayedHand(net=-2).result_words == "You lost 2 chips."
    assert PlayedHand(net=0).result_words == "You broke even."
    assert GradedDecision(grade="inaccuracy").called == "an inaccuracy"
    assert GradedDecision(grade="blunder").called == "a blunder"


def test_the_start_form_remembers_the_last_table(client, monkeypatch):
    start_hand(
        client,
        open_seed("badugi"),
        monkeypatch,
        game="badugi",
        seats=3,
        coaching="after",
        seat_1="aggressor",
        seat_2="caller",
    )
    form = client.get("/play/").context["form"]
    assert form["game"].value() == "badugi" and int(form["seats"].value()) == 3
    assert form["coaching"].value() == "after"
    assert (form["seat_1"].value(), form["seat_2"].value()) == ("aggressor", "caller")


def test_every_tenth_hand_of_a_sitting_ends_with_a_summary(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    play_out(client, hand)
    hand.refresh_from_db()
    # Nine earlier hands of the same sitting, a minute apart (copies of the real one).
    for n in range(1, sessions.EVERY):
        copy = PlayedHand.objects.get(pk=hand.pk)
        copy.pk = None
        copy.created_at = hand.created_at - timedelta(minutes=n)
        copy.save()
    page = client.get(f"/play/{hand.pk}/").content.decode()
    rows = PlayedHand.objects.filter(is_over=True)
    assert rows.count() == sessions.EVERY
    assert f"Your last {sessions.EVERY} hands" in page
    chips = sum(r.net for r in rows)
    assert f"<dd>{'+' if chips > 0 else ''}{chips}</dd>" in page
    assert f"<dd>{sum(r.blunders for r in rows)}</dd>" in page
    # A long pause starts a new sitting: nine hands in it, no summary yet.
    oldest = rows.order_by("created_at").first()
    oldest.created_at -= sessions.PAUSE * 2
    oldest.save()
    assert "Your last" not in client.get(f"/play/{hand.pk}/").content.decode()
