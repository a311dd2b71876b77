"""Telling a learner a teacher took them out of a class.

The account page lists each removal until the learner dismisses it; the home
page, where a learner actually lands, tells each one once (``tell_on_home``).
"""

from __future__ import annotations

from typing import Any

from django.utils.timezone import now

from lessons.models import Removal


def tell_on_home(user: Any) -> list[Removal]:
    """The removals home has not told this learner yet, marked told: each is shown once.

    One query when there is none (the common case). Two tabs opened at once
    may both show it; the guarded update means no removal is told twice after.
    """
    if not getattr(user, "is_authenticated", False):
        return []
    fresh = list(Removal.objects.filter(user=user, told_on_home_at=None)[:5])
    if fresh:
        Removal.objects.filter(pk__in=[r.pk for r in fresh], told_on_home_at=None).update(
            told_on_home_at=now()
        )
    return fresh
