"""After the hand: the review, practising a decision, the history and the PHH export."""

from __future__ import annotations

import pytest

from evaluator.hand_histories import to_phh
from evaluator.hand_histories.phh import variant_code
from evaluator.play import Action, LiveHand, coach_action, grade_decision
from lessons.deals.histories import replay_history
from play.models import GradedDecision
from tests.play.helpers import (
    hand_of,
    live,
    open_seed,
    play_out,
    post_data,
    settings_of,
    start_hand,
)

pytestmark = pytest.mark.django_db


def finished(client, monkeypatch, game="badacey", first=1, chooser=coach_action):
    """A finished hand; ``chooser`` picks each action from the engine's hand."""
    hand = start_hand(client, open_seed(game, first), monkeypatch, game=game)
    for _ in range(60):
        now = live(hand)
        if now.is_over:
            return hand
        client.post(f"/play/{hand.pk}/act", post_data(hand, chooser(now)))
    raise AssertionError("the hand never ended")


def loose(hand: LiveHand) -> Action:
    """Call or check every bet and stand pat: mistakes the coach will grade."""
    kinds = [a.kind for a in hand.legal_actions()]
    if "draw" in kinds:
        return Action("draw", ())
    return Action("check" if "check" in kinds else "call")


def test_the_review_waits_for_the_end_of_the_hand(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    response = client.get(f"/play/{hand.pk}/review/")
    assert response.status_code == 302 and response["Location"] == f"/play/{hand.pk}/"


def test_the_review_lists_every_grade_and_replays_the_hand(client, monkeypatch):
    hand = finished(client, monkeypatch, chooser=loose)
    html = client.get(f"/play/{hand.pk}/review/").content.decode()
    grades = list(GradedDecision.objects.filter(hand=hand))
    assert grades
    for g in grades:
        assert f'id="decision-{g.step}"' in html
        assert g.get_grade_display() in html
        if g.better_play:
            assert g.better_play.replace("'", "&#x27;") in html
    # The replayer reads the hand's own notation: the same step count as its replay.
    steps = len(replay_history(live(hand).to_notation()).steps)
    assert f"?step={steps - 1}" in html
    fragment = client.get(f"/play/{hand.pk}/review/?step=1", HTTP_HX_REQUEST="true")
    assert "<html" not in fragment.content.decode()


def test_practising_a_decision_checks_the_answer_with_the_engine(client, monkeypatch):
    hand = finished(client, monkeypatch, chooser=loose)
    missed = GradedDecision.objects.filter(hand=hand).exclude(grade="correct").first()
    if missed is None:
        pytest.skip("the coach graded every loose play correct in this hand")  # pragma: no cover
    url = f"/play/{hand.pk}/practise/{missed.step}/"
    assert client.get(url).status_code == 200
    settings = settings_of(hand)
    actions = [Action(a["kind"]) for a in hand.actions]  # loose play throws nothing
    before = LiveHand.replay(settings, actions[: missed.step])
    better = coach_action(before)
    expected = grade_decision(before, better)
    data = {"step": missed.step, "action": better.kind}
    if better.kind == "draw":
        from evaluator.play import card_code

        data["throw"] = [card_code(c) for c in better.discards]
    html = client.post(url, data).content.decode()
    assert expected.grade.capitalize() in html
    hand.refresh_from_db()
    assert len(hand.actions) == hand.step  # practising never changes the hand


def test_the_history_sums_each_game_and_lists_the_blunders(client, monkeypatch):
    hands = [finished(client, monkeypatch, first=n * 7 + 1, chooser=loose) for n in range(2)]
    html = client.get("/play/history/").content.decode()
    decisions = sum(h.decisions for h in hands)
    mistakes = sum(h.mistake_total for h in hands)
    assert f"{mistakes / decisions:.2f}" in html
    assert "Badacey" in html
    for g in GradedDecision.objects.filter(grade="blunder"):
        assert f"/play/{g.hand_id}/practise/{g.step}/" in html
    assert "Browse my blunders" in html or not GradedDecision.objects.filter(grade="blunder")


def test_a_badugi_hand_exports_as_phh_and_badacey_with_its_proposed_code(client, monkeypatch):
    hand = finished(client, monkeypatch, game="badugi")
    response = client.get(f"/play/{hand.pk}/hand.phh")
    assert response.status_code == 200
    expected = to_phh(replay_history(live(hand).to_notation()), hand=f"study table {hand.pk}")
    assert response.content.decode() == expected
    assert "which PokerKit reads" in client.get(f"/play/{hand.pk}/review/").content.decode()
    other = finished(client, monkeypatch, game="badacey", first=3)
    played = replay_history(live(other).to_notation())
    code = variant_code(played.profile, proposed=True)
    review = client.get(f"/play/{other.pk}/review/").content.decode()
    assert f"the code {code} this site proposes" in review
    exported = client.get(f"/play/{other.pk}/hand.phh").content.decode()
    assert exported == to_phh(played, hand=f"study table {other.pk}", proposed=True)


def test_the_next_hand_moves_the_button_and_carries_the_chips(client, monkeypatch):
    hand = finished(client, monkeypatch)
    response = client.post(f"/play/{hand.pk}/next")
    assert response.status_code == 302
    new = hand_of(response["Location"])
    old_settings, new_settings = settings_of(hand), settings_of(new)
    assert new_settings.button == (old_settings.button + 1) % old_settings.seats
    stacks = live(hand).final_stacks()
    assert new_settings.stacks == tuple(
        s if s > 0 else old_settings.stacks[i] for i, s in enumerate(stacks)
    )


def test_signing_in_keeps_the_hands_played_before(client, monkeypatch, django_user_model):
    hand = start_hand(client, open_seed(), monkeypatch)
    user = django_user_model.objects.create_user("ana", password="a long pass phrase 1")
    client.force_login(user)
    hand.refresh_from_db()
    assert hand.user == user and hand.learner_key == ""
    assert client.get(f"/play/{hand.pk}/").status_code == 200


def test_a_whole_hand_with_htmx_answers_fragments(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    responses = play_out(client, hand, HTTP_HX_REQUEST="true")
    assert all(r.status_code == 200 and "<html" not in r.content.decode() for r in responses)
    assert "The hand is over" in responses[-1].content.decode()


def test_deleting_my_progress_deletes_the_hands_played(client, monkeypatch):
    hand = start_hand(client, open_seed(), monkeypatch)
    client.post(f"/play/{hand.pk}/act", post_data(hand, coach_action(live(hand))))
    client.post("/accounts/settings/delete-progress/", {"confirm": "yes"})
    from play.models import PlayedHand

    assert not PlayedHand.objects.exists() and not GradedDecision.objects.exists()


def test_practising_a_decision_is_limited_per_address(client, monkeypatch, settings):
    hand = finished(client, monkeypatch, chooser=loose)
    graded = GradedDecision.objects.filter(hand=hand).first()
    settings.LIMITS = {**settings.LIMITS, "play_practise_per_address": 1}
    url = f"/play/{hand.pk}/practise/{graded.step}/"
    data = {"step": graded.step, "action": "fold"}
    assert client.post(url, data).status_code in (200, 400)
    assert client.post(url, data).status_code == 429
