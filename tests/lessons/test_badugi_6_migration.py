"""The data migration that brings an old database's Badugi exercise 6 up to date.

A database loaded before the exercise's second player became Juno (and its
history gained the betting) keeps the old deal, because the content loader
never overwrites. The migration replaces it only when every field is still
exactly the old shipped version (tests.data_migrations runs it as it ran).
"""

from __future__ import annotations

import pytest

from evaluator import parse_deal, replay
from lessons.models import CONTENT_FIELDS, Deal
from tests.data_migrations import (
    assert_brought_up_to_date,
    assert_left_alone,
    fields,
    migration,
    shipped,
)

pytestmark = pytest.mark.django_db

NAME = "0013_badugi_6_juno_and_betting"
step = migration(NAME)


def frozen(version: str) -> dict:
    """The deal's fields as the migration holds them, "old" or "new"."""
    return {
        **step.UNCHANGED,
        "seats": step.SEATS[version],
        "history": step.HISTORY[version],
        "prompt": step.PROMPT[version],
    }


def make_old(**edits) -> Deal:
    """The stored deal as a database loaded before the change holds it (plus any edits)."""
    Deal.objects.filter(slug=step.SLUG).update(**{**frozen("old"), **edits})
    return Deal.objects.get(slug=step.SLUG)


def test_the_frozen_new_version_is_what_the_content_ships_today():
    """If the content moves on again, this says the migration's target is the older one."""
    new = frozen("new")
    current = fields(shipped(step.SLUG))
    assert {name: current[name] for name in new} == new
    # ``section`` came after this migration (0020): an exercise leaves it empty.
    assert set(CONTENT_FIELDS) - set(new) <= {"slug", "section"}
    assert current["section"] == ""


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
    assert fields(before) != fields(shipped(step.SLUG))
    after = assert_brought_up_to_date(NAME, before)
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
    assert_left_alone(NAME, before)


def test_a_database_already_holding_the_new_version_is_left_alone():
    before = Deal.objects.get(slug=step.SLUG)
    assert fields(before) == fields(shipped(step.SLUG))
    assert_left_alone(NAME, before)
