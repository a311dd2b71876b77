"""What live tables add to a learner's home page: the open tables of their classes."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from tables.models import CLOSED, LiveTable


def open_class_tables(request: HttpRequest) -> tuple[str, dict[str, Any]] | None:
    """The ``lessons.events.HOME_PANELS`` panel: one query, and none for a visitor."""
    if not request.user.is_authenticated:
        return None
    tables = list(
        LiveTable.objects.filter(
            classroom__memberships__user_id=request.user.pk,
            classroom__memberships__left_at=None,
            classroom__archived_at=None,
        )
        .exclude(status=CLOSED)
        .select_related("classroom")[:6]
    )
    if not tables:
        return None
    return "tables/_home_panel.html", {"live_tables": tables}
