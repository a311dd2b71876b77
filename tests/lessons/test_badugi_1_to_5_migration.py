"""The data migration that renames Spade to Juno in an old database's Badugi exercises 1-5.

A database loaded before the rename keeps Spade, because the content loader
never overwrites. The migration renames her only where every field is still
exactly the old shipped version (tests.data_migrations runs it as it ran).
"""

from __future__ import annotations

import pytest

from lessons.content.loader import content_deals
from lessons.models import CONTENT_FIELDS, Deal
from tests.data_migrations import (
    assert_brought_up_to_date,
    assert_left_alone,
    fields,
    migration,
    run_forwards,
    shipped,
)

pytestmark = pytest.mark.django_db

NAME = "0014_badugi_1_to_5_juno"
step = migration(NAME)
FROZEN = {deal["slug"]: deal for deal in step.DEALS}
SLUGS = list(FROZEN)


def make_old(slug: str, **edits) -> Deal:
    """The stored deal as a database loaded before the rename holds it (plus any edits)."""
    Deal.objects.filter(slug=slug).update(**{**step._version(FROZEN[slug], "old"), **edits})
    return Deal.objects.get(slug=slug)


def test_every_shipped_deal_with_juno_is_moved_by_this_step_or_0013():
    """A deal that gained Juno and is in neither step would keep Spade in old databases."""
    earlier = migration("0013_badugi_6_juno_and_betting")
    with_juno = {d.slug for d in content_deals() if any(s["name"] == "Juno" for s in d.seats)}
    assert with_juno == {*SLUGS, earlier.SLUG}


@pytest.mark.parametrize("slug", SLUGS)
def test_the_frozen_new_version_is_what_the_content_ships_today(slug):
    """If the content moves on again, this says the migration's target is the older one."""
    new = step._version(FROZEN[slug], "new")
    current = fields(shipped(slug))
    assert {name: current[name] for name in new} == new
    # ``section`` came after this migration (0020): an exercise leaves it empty.
    assert set(CONTENT_FIELDS) - set(new) <= {"slug", "section"}
    assert current["section"] == ""


@pytest.mark.parametrize("slug", SLUGS)
def test_the_old_version_differs_only_by_the_name(slug):
    old, new = (step._version(FROZEN[slug], v) for v in ("old", "new"))
    assert [s["name"] for s in old["seats"]] == ["Mara", "Spade"]
    assert [s["cards"] for s in old["seats"]] == [s["cards"] for s in new["seats"]]
    assert old["prompt"].replace("Spade", "Juno") == new["prompt"]
    assert {k: v for k, v in old.items() if k not in ("seats", "prompt")} == {
        k: v for k, v in new.items() if k not in ("seats", "prompt")
    }


@pytest.mark.parametrize("slug", SLUGS)
def test_an_untouched_old_deal_becomes_the_shipped_one(slug):
    before = make_old(slug)
    assert fields(before) != fields(shipped(slug))
    after = assert_brought_up_to_date(NAME, before)
    assert "Spade" not in str(after.seats) + after.prompt


def test_all_five_move_in_one_run_and_a_second_run_changes_nothing():
    before = {slug: make_old(slug).version for slug in SLUGS}
    run_forwards(NAME)
    run_forwards(NAME)
    for slug in SLUGS:
        after = Deal.objects.get(slug=slug)
        assert fields(after) == fields(shipped(slug)) and after.version == before[slug] + 1


@pytest.mark.parametrize(
    "edit",
    [
        {"explanation": "A teacher's own note on reading the cards."},
        {"prompt": "A teacher's own question about Spade's cards."},
        {"title": "Retitled by a teacher"},
        {"seats": [{"name": "Mara", "cards": "A♥ 4♥ 6♣ 9♦"}, {"name": "Spade", "cards": "K♠"}]},
        {"pot": 40},
    ],
)
def test_a_teachers_edit_of_the_old_deal_is_kept(edit):
    before = make_old("badugi-1", **edit)
    assert_left_alone(NAME, before)


def test_badugi_5_before_0010_gave_it_its_question_is_not_touched():
    """0010 runs first; a deal whose parts are not what it left was edited, so it stays."""
    parts = FROZEN["badugi-5"]["parts"][:3]
    before = make_old("badugi-5", parts=parts)
    assert_left_alone(NAME, before)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_database_already_holding_the_new_version_is_left_alone(slug):
    before = Deal.objects.get(slug=slug)
    assert fields(before) == fields(shipped(slug))
    assert_left_alone(NAME, before)
