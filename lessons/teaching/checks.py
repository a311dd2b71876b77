"""The ``deals`` system check: every stored deal that no longer validates.

A deal saved before a rule change, or written to the database by hand, may
be one the engine now refuses. Its pages show the engine's message instead
of failing (``Deal.stored_problems``), and this check lists every such deal
so a teacher can correct it in the admin::

    python manage.py check --tag deals            # or: check --database default

It is tagged ``database`` as well, so a plain ``manage.py check`` (and
``runserver``) skips it, while ``migrate`` runs it once the lessons tables
are up to date. Each broken deal is a warning, not an error: it must never
stop a deploy, and ``check --fail-level WARNING`` makes it fail a CI run.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core import checks
from django.db import DatabaseError

from lessons.content.loader import lessons_schema_current

TAG = "deals"


@checks.register(TAG, checks.Tags.database)
def stored_deals_validate(
    app_configs: Iterable[Any] | None = None, databases: Iterable[str] | None = None, **kwargs: Any
) -> list[checks.CheckMessage]:
    from lessons.models import Deal

    found: list[checks.CheckMessage] = []
    for using in databases or ():
        try:
            if not lessons_schema_current(using):
                continue  # migrate checks before it migrates; the tables are not ready yet
            deals = list(Deal.objects.using(using).order_by("lesson", "number", "slug"))
        except DatabaseError:
            continue  # no database to read: Django's own checks say so
        for deal in deals:
            if deal.stored_problems:
                found.append(
                    checks.Warning(
                        f"Deal “{deal.slug}” ({deal}) no longer validates: "
                        + " ".join(deal.stored_problems),
                        hint="Correct it in the admin; until then its pages show this "
                        "message instead of the deal.",
                        obj=f"{using}: {deal.slug}",
                        id="lessons.W001",
                    )
                )
    return found
