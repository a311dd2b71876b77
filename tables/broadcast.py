"""Tell a table's browsers what changed, each person only what they may see.

After a change commits, the server that made it draws the table once and
sends every viewer (the seated people, the owner, the class's teachers) a
message on a group of their own, ``live-table-<table>-user-<person>``, which
only that person's sockets join: the new events (public) and that person's
view. A busy table so costs one drawing per change, not one per socket and
per event. The table's group hears only the new last event number and who
was sent a view; any other socket there (someone who just lost their seat)
reads the table itself, and is shut out if it may no longer watch.

A message that is lost or arrives out of order costs nothing: each socket
keeps the number of the last event it passed on, and reads the log (the
truth) whenever a message does not follow on from it.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

if TYPE_CHECKING:
    from tables.views_state import TableView

log = logging.getLogger(__name__)


def group(table_id: int) -> str:
    return f"live-table-{table_id}"


def user_group(table_id: int, user_id: int) -> str:
    return f"live-table-{table_id}-user-{user_id}"


async def _send_all(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
    await asyncio.gather(*(layer.group_send(name, message) for name, message in messages))


def _send(messages: list[tuple[str, dict[str, Any]]]) -> None:
    layer = get_channel_layer()
    if layer is None:  # pragma: no cover - settings always name a layer
        return
    send = async_to_sync(_send_all)
    try:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            send(layer, messages)  # the usual case: a view's, a socket's or a task's thread
        else:
            # Called from a thread that runs an event loop of its own (a browser test's
            # Playwright): async_to_sync cannot wait there, so another thread sends.
            with ThreadPoolExecutor(max_workers=1) as pool:
                pool.submit(send, layer, messages).result()
    except Exception:  # a lost push is caught up by the next resync; the log is the truth
        log.warning("could not tell a table's browsers about a change", exc_info=True)


def publish(view: TableView, events: list[dict[str, Any]]) -> None:
    """Send each viewer of ``view`` the new ``events`` and their own state."""
    from tables.views_state import state_in  # the views read this module's groups

    table = view.table
    if not events:
        return
    viewers = sorted(view.viewers())
    messages: list[tuple[str, dict[str, Any]]] = [
        (
            user_group(table.pk, user_id),
            {
                "type": "table.state",
                "first": events[0]["seq"],
                "last": table.last_seq,
                "events": events,
                "state": state_in(view, user_id),
            },
        )
        for user_id in viewers
    ]
    messages.append(
        (group(table.pk), {"type": "table.changed", "seq": table.last_seq, "viewers": viewers})
    )
    _send(messages)


def changed(table_id: int, seq: int) -> None:
    """Only the number: every socket reads the table itself (when drawing it failed)."""
    _send([(group(table_id), {"type": "table.changed", "seq": seq, "viewers": []})])
