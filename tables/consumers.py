"""The websocket of one browser at one table.

It speaks a small JSON protocol (docs/live-tables.md):
- the browser sends ``{"type": "resync", "after": n}`` on (re)connecting and
  gets every public event after ``n``, then ``{"type": "state", ...}`` for its
  own seat;
- ``{"type": "act", "step": s, "action": "call", "throw": [...]}`` plays a
  decision for the socket's own seat only (the seat comes from the signed-in
  account, never from the message);
- ``{"type": "tick"}`` asks the server to enforce the clock, ``{"type": "next"}``
  to deal the next hand once one is over;
- ``{"type": "poll", "after": n}`` is answered only when events followed ``n``:
  the browser sends it every few seconds, so a move made through another
  server process with no shared channel layer still arrives.
Whenever the table changes, each socket receives the new events and its own
state: what that person may see, never another seat's hidden card. The
server that made the change draws each person's view once and sends it on
that person's own group (``tables.broadcast``); a socket that finds a gap
reads the log instead.

The consumer is asynchronous so that passing a view on costs no thread: only
reading the database and playing a move go to Django's synchronous thread.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import connections

from evaluator import EvaluatorError
from tables import broadcast, service, views_state
from tables.models import LiveTable


class TableConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    table_id: int
    last_sent: int

    async def connect(self) -> None:
        table_id = await database_sync_to_async(self._admitted)()
        if table_id is None:
            await self.close(code=4403)
            return
        self.table_id = table_id
        self.last_sent = 0
        await self.accept()
        for name in self._groups():
            await self.channel_layer.group_add(name, self.channel_name)

    def _admitted(self) -> int | None:
        table = (
            LiveTable.objects.select_related("classroom")
            .filter(pk=self.scope["url_route"]["kwargs"]["table_id"])
            .first()
        )
        if table is None or not views_state.may_view(table, self.scope.get("user")):
            return None
        return table.pk

    def _groups(self) -> tuple[str, str]:
        """The table's group, and this person's own (only their sockets join it)."""
        user_id = self.scope["user"].pk
        return broadcast.group(self.table_id), broadcast.user_group(self.table_id, user_id)

    async def disconnect(self, code: int) -> None:
        if getattr(self, "table_id", None) is not None:
            for name in self._groups():
                await self.channel_layer.group_discard(name, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not isinstance(content, dict):
            await self.send_json({"type": "error", "message": "Send a JSON object."})
            return
        kind = content.get("type")
        if kind == "resync":
            after = content.get("after", 0)
            self.last_sent = after if isinstance(after, int) and after >= 0 else 0
            await self._catch_up()
        elif kind == "poll":
            after = content.get("after", 0)
            if isinstance(after, int) and after > self.last_sent:
                self.last_sent = after
            await self._catch_up(only_new=True)
        elif kind == "act":
            # Off the process's one synchronous thread: moves at different tables wait on
            # the database side by side (the table's row lock still orders each table's).
            # SQLite lets one writer in at a time, so there they stay on that thread.
            parallel = connections["default"].vendor != "sqlite"
            act = database_sync_to_async(self._act, thread_sensitive=not parallel)
            refusal = await act(content)
            if refusal:
                await self.send_json({"type": "refused", "message": refusal})
        elif kind == "tick":
            await database_sync_to_async(service.tick)(self.table_id)
        elif kind == "next":
            await database_sync_to_async(service.next_hand)(self.table_id)
        else:
            await self.send_json({"type": "error", "message": "Unknown message."})

    def _act(self, content: dict[str, Any]) -> str:
        """Play the move; the refusal in words, or "" when it was played."""
        try:
            action = views_state.action_from_message(content)
            step = content.get("step")
            if not isinstance(step, int):
                raise service.TableRefused("The message lost track of the hand: look again.")
            service.act(self.table_id, self.scope.get("user"), step, action)
        except (service.TableRefused, EvaluatorError) as error:
            return str(error)
        return ""

    async def table_state(self, message: dict[str, Any]) -> None:
        """This person's view after a change, drawn once by the server that made it."""
        if message["last"] <= self.last_sent:
            return  # older than what this socket already passed on
        if message["first"] > self.last_sent + 1:
            await self._catch_up()  # something in between went astray: read the log
            return
        events = [e for e in message["events"] if e["seq"] > self.last_sent]
        self.last_sent = message["last"]
        await self.send_json(
            {"type": "events", "events": events, "last": self.last_sent, "state": message["state"]}
        )

    async def table_changed(self, message: dict[str, Any]) -> None:
        if self.scope["user"].pk in message.get("viewers", ()):
            return  # this person's own message carries the change
        if message["seq"] > self.last_sent:
            await self._catch_up()

    async def _catch_up(self, only_new: bool = False) -> None:
        """Read the log after this socket's last number, and this person's view."""
        reply = await database_sync_to_async(self._read)(self.last_sent, only_new)
        if reply is None:
            return
        if reply == "gone":
            await self.close(code=4403)
            return
        assert isinstance(reply, dict)
        if reply["events"]:
            self.last_sent = max(self.last_sent, reply["events"][-1]["seq"])
        reply["last"] = self.last_sent
        await self.send_json(reply)

    def _read(self, after: int, only_new: bool) -> dict[str, Any] | str | None:
        table = LiveTable.objects.select_related("classroom").get(pk=self.table_id)
        if only_new and table.last_seq <= after:
            return None
        user = self.scope.get("user")
        if not views_state.may_view(table, user):
            return "gone"
        return {
            "type": "events",
            "events": service.events_after(table, after),
            "state": views_state.state_for(table, user),
        }
