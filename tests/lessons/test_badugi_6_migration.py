"""The data migration that brings an old database's Badugi exercise 6 up to date.

A database loaded before the exercise's second player became Juno (and its
history gained the betting) keeps the old deal, because the content loader
never overwrites. The migration replaces it only when every field is still
exactly the old shipped version. These tests run the migration's own
function on the models as they stand at that migration, and compare the
result with what the content loader ships today.
"""

from __future__ import annotations

import importlib

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from evaluator import parse_deal, replay
from lessons.content.loader import content_deals
from lessons.models import CONTENT_FIELDS, Deal

pytestmark = pytest.mark.django_db

NAME = "0013_badugi_6_juno_and_betting"
step = importlib.import_module(f"lessons.migrations.{NAME}")


def run_forwards() -> None:
    apps = MigrationLoader(connection).project_state(("lessons", NAME)).apps
    step.forwards(apps, None)


def shipped() -> Deal:
    return next(deal for deal in content_deals() if deal.slug == step.SLUG)


def fields(deal: Deal) -> dict:
    return {name: getattr(deal, name) for name in CONTENT_FIELDS}


def make_old(**edits) -> Deal:
    """The stored deal as a database loaded before the change holds it (plus any edits)."""
    old = {
        **step.UNCHANGED,
        "seats": step.SEATS["old"],
        "history": step.HISTORY["old"],
        "prompt": step.PROMPT["old"],
    }
    Deal.objects.filter(slug=step.SLUG).update(**{**old, **edits})
    return Deal.objects.get(slug=step.SLUG)


def test_the_frozen_new_version_is_what_the_content_ships_today():
    """If the content moves on again, this says the migration's target is the older one."""
    new = {
        **step.UNCHANGED,
        "seats": step.SEATS["new"],
        "history": step.HISTORY["new"],
        "prompt": step.PROMPT["new"],
    }
    current = fields(shipped())
    assert {name: current[name] for name in new} == new
    assert set(CONTENT_FIELDS) - set(new) <= {"slug"}


def test_the_frozen_old_version_is_the_earlier_record_of_the_same_deal():
    old, new = (replay(parse_deal(step.HISTORY[v])) for v in ("old", "new"))
    assert [s.name for s in old.record.seats] == ["Mara", "Spade"]
    assert [s.name for s in new.record.seats] == ["Mara", "Juno"]
    assert old.settlement.payouts == new.settlement.payouts
    assert old.settlement.total == new.settlement.total == step.UNCHANGED["pot"]
    assert [seat["cards"] for seat in step.SEATS["old"]] == [
        seat["cards"] for seat in step.SEATS["new"]
    ]


def test_an_untouched_old_deal_becomes_the_shipped_one():
    before = make_old()
    assert fields(before) != fields(shipped())
    run_forwards()
    after = Deal.objects.get(slug=step.SLUG)
    assert fields(after) == fields(shipped())
    assert after.version == before.version + 1  # cached pages and open admin forms move on
    assert after.stored_problems == []
    assert after.history.count("Juno") and "Spade" not in after.history


@pytest.mark.parametrize(
    "edit",
    [
        {"explanation": "A teacher's own note on reading the draws."},
        {"prompt": "A teacher's own question about Spade's cards."},
        {"title": "Retitled by a teacher"},
        {"pot": 100},
    ],
)
def test_a_teachers_edit_of_the_old_deal_is_kept(edit):
    before = make_old(**edit)
    run_forwards()
    after = Deal.objects.get(slug=step.SLUG)
    assert fields(after) == fields(before)
    assert after.version == before.version


def test_a_database_already_holding_the_new_version_is_left_alone():
    before = Deal.objects.get(slug=step.SLUG)
    assert fields(before) == fields(shipped())
    run_forwards()
    after = Deal.objects.get(slug=step.SLUG)
    assert fields(after) == fields(before) and after.version == before.version
