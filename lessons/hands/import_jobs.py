"""Hand-history imports queued for the worker, as the admin's pages show them.

The task backend keeps each import's state and result (``DBTaskResult`` rows
of django-tasks-db), so no table of our own is needed: ``find`` reads one
through the tasks API, ``recent`` lists the latest from the backend's table.
The uploaded text sits in the task's arguments and is never read back here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.tasks import TaskResultStatus, task_backends
from django.tasks.exceptions import TaskResultDoesNotExist

from lessons.hands.hand_import_task import import_history, progress_of

# How many past imports the import page lists.
RECENT = 10

STATUS_WORDS = {
    TaskResultStatus.READY: "Waiting for the worker",
    TaskResultStatus.RUNNING: "Importing",
    TaskResultStatus.SUCCESSFUL: "Done",
    TaskResultStatus.FAILED: "Failed: nothing was saved",
}


@dataclass(frozen=True)
class ImportJob:
    id: str
    status: TaskResultStatus
    source: str
    by: str
    enqueued_at: datetime | None
    finished_at: datetime | None
    result: dict[str, Any] | None
    progress: dict[str, int] | None

    @property
    def finished(self) -> bool:
        return self.status in (TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED)

    @property
    def status_words(self) -> str:
        return STATUS_WORDS[self.status]


def _keeps_results() -> bool:
    return bool(task_backends[import_history.backend].supports_get_result)


def find(task_id: str) -> ImportJob | None:
    """The import with this id, or None when there is none (or results are not kept)."""
    if not _keeps_results():
        return None
    try:
        found = import_history.get_result(task_id)
    except TaskResultDoesNotExist:
        return None
    status = found.status
    return ImportJob(
        id=str(found.id),
        status=status,
        source=str(found.kwargs.get("source", "")),
        by=str(found.kwargs.get("by", "")),
        enqueued_at=found.enqueued_at,
        finished_at=found.finished_at,
        result=found.return_value if status == TaskResultStatus.SUCCESSFUL else None,
        progress=progress_of(str(found.id)) if status == TaskResultStatus.RUNNING else None,
    )


def recent() -> list[ImportJob]:
    """The latest imports, newest first, from the database backend's table."""
    backend = task_backends[import_history.backend]
    if type(backend).__module__.split(".")[0] != "django_tasks_db":
        return []
    from django_tasks_db.models import DBTaskResult

    rows = (
        DBTaskResult.objects.filter(
            task_path=import_history.module_path, backend_name=import_history.backend
        )
        .order_by("-enqueued_at")
        .values(
            "id",
            "status",
            "enqueued_at",
            "finished_at",
            "return_value",
            "args_kwargs__kwargs__source",
            "args_kwargs__kwargs__by",
        )[:RECENT]
    )
    return [
        ImportJob(
            id=str(row["id"]),
            status=TaskResultStatus[row["status"]],
            source=str(row["args_kwargs__kwargs__source"] or ""),
            by=str(row["args_kwargs__kwargs__by"] or ""),
            enqueued_at=row["enqueued_at"],
            finished_at=row["finished_at"],
            result=row["return_value"] if row["status"] == TaskResultStatus.SUCCESSFUL else None,
            progress=None,
        )
        for row in rows
    ]
