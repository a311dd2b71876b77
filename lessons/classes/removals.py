"""Taking people out of a class: telling a learner they were removed, and removing a teacher.

The account page lists each removal until the learner dismisses it; the home
page, where a learner actually lands, tells each one once (``tell_on_home``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.timezone import now

from lessons.models import Classroom, Removal


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


def remove_teacher(classroom: Classroom, teacher: User, by: User) -> bool:
    """Take ``teacher`` off the class unless they are its last; False when refused.

    Two co-teachers removing each other at the same moment each counted two
    teachers and each removed the other, leaving the class with none. The
    class's row is locked first, so the second waits for the first, then
    counts one teacher (or finds its own teacher gone) and is refused.
    """
    with transaction.atomic():
        Classroom.objects.select_for_update().filter(pk=classroom.pk).first()
        teachers = set(classroom.teachers.values_list("pk", flat=True))
        if len(teachers) <= 1 or by.pk not in teachers or teacher.pk not in teachers:
            return False
        classroom.teachers.remove(teacher)
    return True
