"""A confirmed hand-history import, run by the task worker instead of the request.

Checking and storing ten thousand hands takes seconds of CPU, too long for a
request. The confirm step queues ``import_history`` and sends the teacher to
a page that follows it (``hand_admin.import_job_view``); the task's result,
kept by the task backend, is what that page shows afterwards, so the teacher
may leave and come back.

The whole import is one transaction: a worker that dies part-way (killed,
out of memory) leaves no hand of that file stored, and the file can simply be
imported again (hands already stored are reported unchanged). While it runs,
the task writes how far it has got to the cache, where the page reads it;
with a cache the web servers and the worker do not share (the local-memory
cache of a development server), the page says only that the import is running.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.tasks import TaskContext, task

from lessons.hands import hand_import

# How many refused hands' messages the kept result holds; the count is always whole.
KEPT_MESSAGES = 50
# Progress is written to the cache every this many hands, not for every one.
PROGRESS_EVERY = 25
PROGRESS_SECONDS = 60 * 60


def progress_key(task_id: str) -> str:
    return f"hand-import-progress:{task_id}"


def progress_of(task_id: str) -> dict[str, int] | None:
    """How many hands of how many the running import has stored, if the cache knows."""
    found = cache.get(progress_key(task_id))
    return found if isinstance(found, dict) else None


@task(takes_context=True)
def import_history(
    context: TaskContext, history: str, source: str, publish: bool, by: str
) -> dict[str, Any]:
    """Check and store every hand of ``history`` that replays, all in one transaction."""
    key = progress_key(str(context.task_result.id))
    reports = hand_import.check(history.encode("utf-8"), source)
    total = sum(1 for report in reports if report.ok)
    cache.set(key, {"done": 0, "total": total}, PROGRESS_SECONDS)

    def progress(done: int) -> None:
        if done % PROGRESS_EVERY == 0 or done == total:
            cache.set(key, {"done": done, "total": total}, PROGRESS_SECONDS)

    with transaction.atomic():
        outcome = hand_import.import_reports(reports, publish=publish, progress=progress)
    return {
        "source": source,
        "by": by,
        "published": publish,
        "summary": outcome.summary(),
        "created": len(outcome.created),
        "updated": len(outcome.updated),
        "unchanged": len(outcome.unchanged),
        "refused": len(outcome.refused),
        "refused_messages": outcome.refused[:KEPT_MESSAGES],
    }
