"""Running one of lessons' data migrations in a test, and what the content ships today.

The data-migration tests run the migration's own ``forwards`` on the models
as they stand at that migration (not the live ones), then compare a stored
deal with the deal the content loader ships now.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from django.db import connection
from django.db.migrations.loader import MigrationLoader

from lessons.content.loader import content_deals
from lessons.models import CONTENT_FIELDS, Deal


def migration(name: str) -> ModuleType:
    """The module of lessons migration ``name`` (its file name starts with a digit)."""
    return importlib.import_module(f"lessons.migrations.{name}")


def run_forwards(name: str) -> None:
    """Run migration ``name``'s ``forwards`` on the models as they were at that migration."""
    apps = MigrationLoader(connection).project_state(("lessons", name)).apps
    migration(name).forwards(apps, None)


def shipped(slug: str) -> Deal:
    """The deal ``slug`` as the content loader ships it today (not saved)."""
    return next(deal for deal in content_deals() if deal.slug == slug)


def fields(deal: Deal) -> dict:
    """The deal's content fields: what a migration may change and a teacher may edit."""
    return {name: getattr(deal, name) for name in CONTENT_FIELDS}


def assert_brought_up_to_date(name: str, before: Deal) -> Deal:
    """Migration ``name`` turns the stored ``before`` into the shipped deal, as a new version.

    The version moves on so that cached pages and open admin forms do too.
    Returns the deal as stored after, for any further checks.
    """
    run_forwards(name)
    after = Deal.objects.get(pk=before.pk)
    assert fields(after) == fields(shipped(before.slug))
    assert after.version == before.version + 1
    assert after.stored_problems == []
    return after


def assert_left_alone(name: str, before: Deal) -> None:
    """Migration ``name`` changes nothing of the stored ``before``, not even its version."""
    run_forwards(name)
    after = Deal.objects.get(pk=before.pk)
    assert fields(after) == fields(before)
    assert after.version == before.version
