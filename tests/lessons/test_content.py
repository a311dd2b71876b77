"""The shipped lesson content: loaded after migrate, never over a teacher's work.

The exercises and the worked deal live in ``lessons/content`` and are loaded
by ``lessons.content.loader`` after every ``migrate``. These tests hold the
loader and the migrations to the promise that data migrations neither
overwrite nor destroy what teachers did.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from lessons.content.loader import content_deals, load_content
from lessons.models import CONTENT_FIELDS, Deal, LoadedContent
from tests.factories import make_teacher

MIGRATIONS = Path(__file__).resolve().parents[2] / "lessons" / "migrations"


def fields(deal: Deal) -> dict:
    return {name: getattr(deal, name) for name in CONTENT_FIELDS}


@pytest.mark.django_db
def test_the_database_holds_every_shipped_deal_as_the_content_defines_it():
    shipped = content_deals()
    assert len({d.slug for d in shipped}) == len(shipped)
    for deal in shipped:
        deal.full_clean(validate_unique=False, validate_constraints=False)  # the model accepts it
        assert fields(Deal.objects.get(slug=deal.slug)) == fields(deal), deal.slug


@pytest.mark.django_db
def test_migrate_again_keeps_a_teachers_edit_and_a_deletion():
    Deal.objects.filter(slug="badacey-2").update(title="Retitled by a teacher")
    Deal.objects.filter(slug="badacey-3").delete()
    call_command("migrate", verbosity=0)  # post_migrate runs the loader
    assert Deal.objects.get(slug="badacey-2").title == "Retitled by a teacher"
    assert not Deal.objects.filter(slug="badacey-3").exists()


@pytest.mark.django_db
def test_a_deal_under_a_shipped_slug_is_never_overwritten_even_unrecorded():
    """The old worked-deal migration's update_or_create replaced such a deal."""
    seed = Deal.objects.get(slug="amara-bram-kira-noor")
    seed.prompt = "A teacher's own question about this deal."
    seed.save()
    LoadedContent.objects.all().delete()  # as if this database had never been loaded
    report = load_content()
    assert report.created == []
    assert "amara-bram-kira-noor" in report.kept
    assert Deal.objects.get(slug="amara-bram-kira-noor").prompt == seed.prompt


@pytest.mark.django_db
def test_an_empty_database_is_given_every_shipped_deal_once():
    Deal.objects.all().delete()
    LoadedContent.objects.all().delete()
    first = load_content()
    assert sorted(first.created) == sorted(d.slug for d in content_deals())
    assert load_content().created == []
    for deal in Deal.objects.all():
        assert deal.stored_problems == [], deal.slug


@pytest.mark.django_db
def test_a_shipped_exercise_whose_number_a_teacher_took_is_left_out_with_a_reason():
    Deal.objects.filter(slug="badugi-4").delete()
    LoadedContent.objects.filter(slug="badugi-4").delete()
    Deal.objects.filter(slug="badugi-5").update(slug="teachers-own", number=4)
    report = load_content()
    assert [r.split(":")[0] for r in report.refused] == ["badugi-4"]
    assert Deal.objects.get(slug="teachers-own").number == 4


def test_no_migration_runs_the_live_engine():
    for path in MIGRATIONS.glob("0*.py"):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import)\s+evaluator", source, re.M), path.name
        assert "import_module" not in source, path.name


@pytest.mark.long  # migrations run backwards and forwards
@pytest.mark.django_db(transaction=True)
def test_reversing_the_teachers_group_migration_keeps_the_group_and_its_teachers():
    before_the_group = [("lessons", "0002_lesson_exercises")]

    def migrate(targets=None) -> None:
        executor = MigrationExecutor(connection)
        executor.migrate(targets or executor.loader.graph.leaf_nodes())

    # An earlier test's flush may have emptied the group: go back and forward once to make it.
    migrate(before_the_group)
    migrate()
    teacher = make_teacher()
    seed_history = Deal.objects.get(slug="badugi-6").history

    migrate(before_the_group)
    group = Group.objects.get(name="Teachers")
    assert teacher in group.user_set.all()
    # Going back also keeps the lesson content the old data migrations loaded.
    assert Deal.objects.filter(slug="amara-bram-kira-noor").exists()

    migrate()
    load_content()  # what the migrate command's post_migrate does for content added since 0008
    teacher.refresh_from_db()
    assert teacher.has_perm("lessons.change_deal")
    assert Deal.objects.get(slug="badugi-6").history == seed_history
    assert set(LoadedContent.objects.values_list("slug", flat=True)) >= {
        d.slug for d in content_deals()
    }
