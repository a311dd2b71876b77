"""Background tasks: tests run them at once; a served site queues them for db_worker.

The second test is the pattern for any test that needs the real queue: switch
TASKS to the database backend, queue, then run the worker in-process until the
queue is empty (`--batch`), exactly the command scripts/serve and production run.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command
from django.tasks import TaskResultStatus, task
from django.test import override_settings

pytestmark = pytest.mark.django_db(transaction=True)


@task
def remember(key: str, value: int) -> int:
    """Leave a mark a test can see, and return it doubled (stored as the result)."""
    cache.set(key, value, timeout=60)
    return value * 2


def test_a_task_queued_in_a_test_has_run_before_enqueue_returns():
    result = remember.enqueue("test:tasks:now", 21)
    assert result.status == TaskResultStatus.SUCCESSFUL
    assert result.return_value == 42
    assert cache.get("test:tasks:now") == 21


def test_the_database_queue_keeps_a_task_until_the_worker_runs_it():
    with override_settings(TASKS=settings.TASKS_DATABASE):
        result = remember.enqueue("test:tasks:queued", 5)
        result.refresh()
        assert result.status == TaskResultStatus.READY
        assert cache.get("test:tasks:queued") is None

        call_command("db_worker", "--batch", "--no-startup-delay", "--interval", "0")

        result.refresh()
        assert result.status == TaskResultStatus.SUCCESSFUL
        assert result.return_value == 10
        assert cache.get("test:tasks:queued") == 5
