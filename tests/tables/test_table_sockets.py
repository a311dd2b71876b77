"""Several real websocket clients at one table (Channels' communicator): a whole hand
between two people, a dropped connection that catches up, no message carrying another
seat's hidden card, and nobody acting for another seat or out of turn."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User

from evaluator.play import card_code
from tables import broadcast, service
from tables.routing import websocket_urlpatterns
from tests.tables.helpers import (
    class_table,
    current,
    engine_hand,
    hidden_from,
    quiet_action,
    to_act,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.database_engine]

APP = URLRouter(websocket_urlpatterns)


def run_async(scenario: Any) -> Any:
    """Run an async scenario to its end in a thread of its own: a browser test earlier in
    the same worker leaves Playwright's event loop running in this one, where
    async_to_sync refuses to wait."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(async_to_sync(scenario)).result()


def socket(table_id: int, user: Any) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(APP, f"/ws/tables/{table_id}/")
    communicator.scope["user"] = user
    return communicator


async def drain(communicator: WebsocketCommunicator, wait: float = 0.5) -> list[dict[str, Any]]:
    """Every message waiting on this socket (``wait`` seconds of quiet after the last)."""
    found = []
    while not await communicator.receive_nothing(timeout=wait):
        found.append(await communicator.receive_json_from())
    return found


def message_for_action(live, action) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "act", "step": live.step, "action": action.kind}
    if action.kind == "draw":
        message["throw"] = [card_code(c) for c in action.discards]
    return message


def test_two_people_play_a_whole_hand_over_websockets_and_each_hears_only_their_own_cards():
    table, teacher, people = class_table()
    for person in people:
        service.sit(table.pk, person)

    async def play() -> dict[int, list[dict[str, Any]]]:
        sockets = {p.pk: socket(table.pk, p) for p in people}
        heard: dict[int, list[dict[str, Any]]] = {p.pk: [] for p in people}
        for person in people:
            connected, _ = await sockets[person.pk].connect()
            assert connected
            await sockets[person.pk].send_json_to({"type": "resync", "after": 0})
        for _ in range(60):
            for person in people:
                for message in await drain(sockets[person.pk]):
                    heard[person.pk].append(message)
                    for spelling in await hidden(person):
                        assert spelling not in json.dumps(message, ensure_ascii=False)
            if not await still_playing():
                break
            mover, live = await whose_turn()
            await sockets[mover.pk].send_json_to(message_for_action(live, quiet_action(live)))
        for person in people:  # the end of the hand: settling and grading take a moment
            heard[person.pk] += await drain(sockets[person.pk], wait=3)
        for s in sockets.values():
            await s.disconnect()
        return heard

    from channels.db import database_sync_to_async

    @database_sync_to_async
    def hidden(person: User) -> set[str]:
        return hidden_from(table, person)

    @database_sync_to_async
    def still_playing() -> bool:
        return table.hands.filter(is_over=False).exists()

    @database_sync_to_async
    def whose_turn():
        return to_act(table, people), engine_hand(table)

    heard = run_async(play)
    assert not table.hands.filter(is_over=False).exists()
    table.refresh_from_db()
    for person in people:
        numbers = [e["seq"] for m in heard[person.pk] if m["type"] == "events" for e in m["events"]]
        assert numbers == list(range(1, table.last_seq + 1))  # none lost, none twice


def test_a_dropped_connection_catches_up_from_its_last_number():
    table, _, people = class_table()
    for person in people:
        service.sit(table.pk, person)
    first, second = people

    async def scenario() -> tuple[int, list[dict[str, Any]]]:
        s = socket(table.pk, first)
        await s.connect()
        await s.send_json_to({"type": "resync", "after": 0})
        seen = await drain(s)
        last = seen[-1]["last"]
        await s.disconnect()
        await move_twice()
        again = socket(table.pk, first)
        await again.connect()
        await again.send_json_to({"type": "resync", "after": last})
        caught = await drain(again, wait=2)
        await again.disconnect()
        return last, caught

    from channels.db import database_sync_to_async

    @database_sync_to_async
    def move_twice() -> None:
        for _ in range(2):
            if not table.hands.filter(is_over=False).exists():
                return
            live = engine_hand(table)
            service.act(table.pk, to_act(table, people), live.step, quiet_action(live))

    last, caught = run_async(scenario)
    table.refresh_from_db()
    numbers = [e["seq"] for m in caught for e in m["events"]]
    assert numbers == list(range(last + 1, table.last_seq + 1))
    state = caught[-1]["state"]
    assert state["last"] == table.last_seq


def test_nobody_acts_for_another_seat_or_out_of_turn_and_strangers_are_refused():
    table, teacher, people = class_table()
    for person in people:
        service.sit(table.pk, person)
    stranger = User.objects.create_user("stranger", password="a-long-stranger-pass")
    mover = to_act(table, people)
    waiting = next(p for p in people if p != mover)
    live = engine_hand(table)
    before = list(current(table).actions)

    async def scenario() -> list[dict[str, Any]]:
        outsider = socket(table.pk, stranger)
        connected, _ = await outsider.connect()
        assert not connected
        s = socket(table.pk, waiting)
        await s.connect()
        await s.send_json_to(message_for_action(live, quiet_action(live)))
        replies = await drain(s)
        await s.disconnect()
        return replies

    replies = run_async(scenario)
    assert {"type": "refused", "message": "It is not your turn."} in replies
    assert list(current(table).actions) == before


def test_each_change_reaches_a_socket_once_with_all_its_events_and_a_gap_reads_the_log():
    """A move that logs several events (a call that ends the round, say) arrives as one
    message; a message that does not follow on from the socket's last number (one lost on
    the way) makes the socket read the log instead of trusting it."""
    table, _, people = class_table()
    for person in people:
        service.sit(table.pk, person)
    first = people[0]

    async def scenario() -> tuple[list[dict[str, Any]], int, list[dict[str, Any]]]:
        from channels.layers import get_channel_layer

        s = socket(table.pk, first)
        await s.connect()
        await s.send_json_to({"type": "resync", "after": 0})
        await drain(s)
        before = await last_number()
        await move_once()
        after_move = await drain(s)
        # A view that claims to follow events this socket never heard.
        layer = get_channel_layer()
        await layer.group_send(
            broadcast.user_group(table.pk, first.pk),
            {
                "type": "table.state",
                "first": before + 50,
                "last": before + 60,
                "events": [],
                "state": {"forged": True},
            },
        )
        after_gap = await drain(s)
        await s.disconnect()
        return after_move, before, after_gap

    from channels.db import database_sync_to_async

    @database_sync_to_async
    def last_number() -> int:
        table.refresh_from_db()
        return table.last_seq

    @database_sync_to_async
    def move_once() -> None:
        live = engine_hand(table)
        service.act(table.pk, to_act(table, people), live.step, quiet_action(live))

    after_move, before, after_gap = run_async(scenario)
    table.refresh_from_db()
    assert len(after_move) == 1
    assert [e["seq"] for e in after_move[0]["events"]] == list(
        range(before + 1, table.last_seq + 1)
    )
    assert after_move[0]["state"]["last"] == table.last_seq
    # The socket read the log: nothing new there, so the forged view never reached it.
    assert len(after_gap) == 1
    assert "forged" not in after_gap[0]["state"]
    assert after_gap[0]["last"] == table.last_seq
