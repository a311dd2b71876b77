"""The table behind every request limit when no Redis is configured.

A per-process cache would give each gunicorn worker a count of its own (two
workers, twice the sign-ups); the database is the one thing every worker of a
site already shares, and a single UPDATE adds one atomically.

The model lives beside the code that counts with it (``shared_counts``), so
the site's own plumbing never imports up into the apps built on it. It keeps
the ``lessons`` label it was created under, so its table
(``lessons_limitcount``), permissions and migrations are unchanged;
``lessons/models.py`` registers it with that app's other tables.
"""

from __future__ import annotations

from django.db import models


class LimitCount(models.Model):
    """How many requests one limit has counted for one address or account in one window.

    ``key`` names the limit, a digest of who, and the window, so a new window
    starts a new row; rows whose window has ended are pruned as new ones start.
    """

    key = models.CharField(max_length=160, unique=True)
    count = models.PositiveIntegerField(default=0)
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        app_label = "lessons"

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"
