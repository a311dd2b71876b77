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
state: what that person may see, never another seat's hidden card.
"""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import JsonWebsocketConsumer

from evaluator import EvaluatorError
from tables import broadcast, service, views_state
from tables.models import LiveTable


class TableConsumer(JsonWebsocketConsumer):  # type: ignore[misc]
    table_id: int
    last_sent: int

    def connect(self) -> None:
        user = self.scope.get("user")
        table = (
            LiveTable.objects.select_related("classroom")
            .filter(pk=self.scope["url_route"]["kwargs"]["table_id"])
            .first()
        )
        if table is None or not views_state.may_view(table, user):
            self.close(code=4403)
            return
        self.table_id = table.pk
        self.last_sent = 0
        self.accept()
        from asgiref.sync import async_to_sync

        async_to_sync(self.channel_layer.group_add)(broadcast.group(table.pk), self.channel_name)

    def disconnect(self, code: int) -> None:
        if getattr(self, "table_id", None) is not None:
            from asgiref.sync import async_to_sync

            async_to_sync(self.channel_layer.group_discard)(
                broadcast.group(self.table_id), self.channel_name
            )

    def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not isinstance(content, dict):
            self.send_json({"type": "error", "message": "Send a JSON object."})
            return
        kind = content.get("type")
        if kind == "resync":
            after = content.get("after", 0)
            self.last_sent = after if isinstance(after, int) and after >= 0 else 0
            self._catch_up()
        elif kind == "poll":
            after = content.get("after", 0)
            if isinstance(after, int) and after > self.last_sent:
                self.last_sent = after
            self._catch_up(only_new=True)
        elif kind == "act":
            self._act(content)
        elif kind == "tick":
            service.tick(self.table_id)
        elif kind == "next":
            service.next_hand(self.table_id)
        else:
            self.send_json({"type": "error", "message": "Unknown message."})

    def _act(self, content: dict[str, Any]) -> None:
        user = self.scope.get("user")
        try:
            action = views_state.action_from_message(content)
            step = content.get("step")
            if not isinstance(step, int):
                raise service.TableRefused("The message lost track of the hand: look again.")
            service.act(self.table_id, user, step, action)
        except (service.TableRefused, EvaluatorError) as error:
            self.send_json({"type": "refused", "message": str(error)})

    def table_changed(self, message: dict[str, Any]) -> None:
        self._catch_up()

    def table_hand_over(self, message: dict[str, Any]) -> None:
        self._catch_up()

    def _catch_up(self, only_new: bool = False) -> None:
        table = LiveTable.objects.select_related("classroom").get(pk=self.table_id)
        if only_new and table.last_seq <= self.last_sent:
            return
        user = self.scope.get("user")
        if not views_state.may_view(table, user):
            self.close(code=4403)
            return
        events = service.events_after(table, self.last_sent)
        if events:
            self.last_sent = events[-1]["seq"]
        self.send_json(
            {
                "type": "events",
                "events": events,
                "last": self.last_sent,
                "state": views_state.state_for(table, user),
            }
        )
