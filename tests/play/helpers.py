"""Shared steps for the study table's tests: start a hand, play it through the pages.

Every action the tests post is chosen by the engine (its legal actions or
its coach), and every expected answer is asked of the engine too.
"""

from __future__ import annotations

from typing import Any

from evaluator.play import Action, LiveHand, TableSettings, card_code, coach_action
from play import encoding, hands
from play.models import PlayedHand

START = {
    "game": "badacey",
    "seats": 4,
    "coaching": "live",
    "seat_1": "solid",
    "seat_2": "caller",
    "seat_3": "aggressor",
    "seat_4": "solid",
    "seat_5": "solid",
}


def open_seed(game: str = "badacey", first: int = 1) -> int:
    """A seed whose hand still waits for the learner once it is dealt (found by the engine)."""
    seed = first
    while LiveHand.start(TableSettings.default(game, seed)).is_over:
        seed += 1
    return seed


def lasting_seed(game: str = "badacey", first: int = 1) -> int:
    """A seed whose hand is still open after the learner's first legal action but one (a call
    or check), so a second post can meet a hand that waits at a later step.
    """
    seed = first
    while True:
        hand = LiveHand.start(TableSettings.default(game, seed))
        if not hand.is_over:
            hand.play(Action(passive(hand)))
            if not hand.is_over:
                return seed
        seed += 1


def passive(hand: LiveHand) -> str:
    """The learner's call or check: the action that keeps them in without raising."""
    return next(a.kind for a in hand.legal_actions() if a.kind in ("call", "check"))


def hand_of(location: str) -> PlayedHand:
    """The hand a redirect lands on (/play/<pk>/#play-table)."""
    return PlayedHand.objects.get(pk=int(location.split("#")[0].strip("/").split("/")[-1]))


def start_hand(client: Any, seed: int, monkeypatch: Any, **fields: Any) -> PlayedHand:
    monkeypatch.setattr(hands, "new_seed", lambda: seed)
    response = client.post("/play/", {**START, **fields})
    assert response.status_code == 302, response.content.decode()[:500]
    return hand_of(response["Location"])


def live(hand: PlayedHand) -> LiveHand:
    hand.refresh_from_db()
    return hands.live_of(hand)


def post_data(hand: PlayedHand, action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"step": hand.step, "action": action.kind}
    if action.kind == "draw":
        data["throw"] = [card_code(c) for c in action.discards]
        if not action.discards:
            data["action"] = "pat"
    return data


def play_out(client: Any, hand: PlayedHand, **headers: Any) -> list[Any]:
    """Play the hand to its end with the coach's choices; return each response."""
    responses = []
    for _ in range(60):
        now = live(hand)
        if now.is_over:
            return responses
        responses.append(
            client.post(f"/play/{hand.pk}/act", post_data(hand, coach_action(now)), **headers)
        )
    raise AssertionError("the hand never ended")


def settings_of(hand: PlayedHand) -> TableSettings:
    return encoding.settings_from(hand.table)
