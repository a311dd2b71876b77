"""Tell a table's browsers that something changed: the number of the last event only.

A message carries no card and no state: each browser then fetches its own
view of the table (``tables.views``), which the server draws for that person
alone. So a message seen by the wrong socket can leak nothing.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def group(table_id: int) -> str:
    return f"live-table-{table_id}"


def _send(table_id: int, message: dict[str, object]) -> None:
    layer = get_channel_layer()
    if layer is None:  # pragma: no cover - settings always name a layer
        return
    send = async_to_sync(layer.group_send)
    try:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            send(group(table_id), message)  # the usual case: a view's or a task's thread
        else:
            # Called from a thread that runs an event loop of its own (a browser test's
            # Playwright): async_to_sync cannot wait there, so another thread sends.
            with ThreadPoolExecutor(max_workers=1) as pool:
                pool.submit(send, group(table_id), message).result()
    except Exception:  # a lost push is caught up by the next resync; the log is the truth
        log.warning("could not tell table %s's browsers about a change", table_id, exc_info=True)


def changed(table_id: int, seq: int) -> None:
    _send(table_id, {"type": "table.changed", "seq": seq})


def hand_over(table_id: int) -> None:
    _send(table_id, {"type": "table.hand_over"})
