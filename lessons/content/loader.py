"""Turning the lesson content into deals, and loading the ones a database lacks.

``content_deals()`` builds one unsaved ``Deal`` per entry of
``lessons.content.exercises``, ``lessons.content.quick_checks`` and
``lessons.content.practice``. An entry with
a ``worked_deal`` gets that notation file as its history (its seats renamed
to the entry's, if it names them) and takes from the engine's replay
whatever the entry leaves out: seats and final cards, button, table
settings, pot, and parts given as a function of the history.

``load_content()`` runs after every ``migrate`` (see ``lessons.apps``), so a
fresh database, the test database and ``scripts/serve`` all get the lessons.
It only ever creates: a slug this database has loaded before is skipped, so
a deal a teacher edited is never overwritten and one a teacher deleted stays
deleted. ``LoadedContent`` remembers each slug loaded.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connections, transaction
from django.db.migrations.executor import MigrationExecutor

from evaluator import worked_deal
from lessons.deals.histories import history_facts, rename_seats

from ..models import Deal, LoadedContent
from .exercises import lesson_entries
from .practice import PRACTICE
from .quick_checks import check_entries


def content_entries() -> list[dict]:
    """Every shipped deal as written: exercises, then quick checks, then practice; fresh copies."""
    return copy.deepcopy([*lesson_entries(), *check_entries(), *PRACTICE])


def build(entry: dict) -> Deal:
    """The unsaved deal of one content entry, its history's facts filled in."""
    fields = dict(entry)
    fields.setdefault("published", True)  # the shipped deals are finished, not drafts
    name = fields.pop("worked_deal", None)
    if name is not None:
        history = worked_deal(name)
        if "seats" in fields:
            history = rename_seats(history, [seat["name"] for seat in fields["seats"]])
        facts = history_facts(history)
        fields["history"] = history
        fields.setdefault("game", facts.game)
        fields.setdefault("settings", facts.settings)
        fields.setdefault("seats", facts.seats)
        fields.setdefault("button", facts.button)
        fields.setdefault("pot", facts.pot)
        if callable(fields.get("parts")):
            fields["parts"] = fields["parts"](facts)
    return Deal(**fields)


def content_deals() -> list[Deal]:
    """Every shipped deal, unsaved: what a fresh database is loaded with."""
    return [build(entry) for entry in content_entries()]


@dataclass
class LoadReport:
    created: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # already here: never overwritten
    refused: list[str] = field(default_factory=list)  # "slug: why", left for a teacher


def load_content(using: str = "default") -> LoadReport:
    """Create each shipped deal whose slug this database has never loaded."""
    report = LoadReport()
    loaded = set(LoadedContent.objects.using(using).values_list("slug", flat=True))
    present = set(Deal.objects.using(using).values_list("slug", flat=True))
    for deal in content_deals():
        if deal.slug in loaded:
            continue
        if deal.slug in present:
            report.kept.append(deal.slug)
        else:
            try:
                with transaction.atomic(using=using):
                    deal.full_clean()
                    deal.save(using=using)
            except (ValidationError, IntegrityError) as error:
                # e.g. a teacher's own deal holds that exercise number: theirs stays.
                report.refused.append(f"{deal.slug}: {_describe(error)}")
                continue
            report.created.append(deal.slug)
        LoadedContent.objects.using(using).create(slug=deal.slug)
    return report


def _describe(error: Exception) -> str:
    if isinstance(error, ValidationError) and hasattr(error, "message_dict"):
        return " ".join(m for messages in error.message_dict.values() for m in messages)
    return str(error)


def lessons_schema_current(using: str) -> bool:
    """Whether every lessons migration is applied on ``using`` (the live models fit its tables)."""
    executor = MigrationExecutor(connections[using])
    targets = [key for key in executor.loader.graph.leaf_nodes() if key[0] == "lessons"]
    return not executor.migration_plan(targets)


def load_after_migrate(sender, using: str = "default", verbosity: int = 1, **kwargs) -> None:
    """post_migrate: give a fully migrated database the shipped deals it never had."""
    if not lessons_schema_current(using):
        return  # migrated to an earlier state: the live models do not fit its tables
    report = load_content(using)
    if verbosity >= 1 and (report.created or report.refused):
        print(f"  Lesson content: {len(report.created)} deal(s) loaded.")
        for problem in report.refused:
            print(f"  Lesson content not loaded: {problem}")
