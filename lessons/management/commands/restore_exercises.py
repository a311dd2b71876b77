"""Bring back the lessons' own exercises that are missing from the database.

The content loader runs after every ``migrate`` but only creates a slug it
has never loaded, so that a deal a teacher edited is never overwritten. The
admin will not delete a lesson's own exercise; one removed another way (the
database shell, an older version of the site) would stay gone for good. This
command creates each missing one again from the shipped content, exactly as
a fresh database gets it. Exercises that are present, edited or not, are
left alone.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import IntegrityError, transaction

from lessons.content.exercises import lesson_entries
from lessons.content.loader import build
from lessons.models import Deal, LoadedContent


class Command(BaseCommand):
    help = (
        "Create again every lesson exercise missing from the database (or only the slugs "
        "given), from the shipped lesson content. Present exercises are never changed."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "slugs", nargs="*", help="Only these exercises, e.g. badacey-2; all by default."
        )
        parser.add_argument("--database", default="default", help="The database to restore into.")

    def handle(self, *args, slugs, database, **options):
        entries = {entry["slug"]: entry for entry in lesson_entries()}
        unknown = [slug for slug in slugs if slug not in entries]
        if unknown:
            raise CommandError(
                f"Not a lesson exercise: {', '.join(unknown)}. The lessons' exercises are "
                f"named {next(iter(entries))} and so on."
            )
        wanted = slugs or list(entries)
        present = set(
            Deal.objects.using(database).filter(slug__in=wanted).values_list("slug", flat=True)
        )
        restored, refused = [], []
        for slug in wanted:
            if slug in present:
                continue
            deal = build(dict(entries[slug]))
            try:
                with transaction.atomic(using=database):
                    deal.full_clean()
                    deal.save(using=database)
                    LoadedContent.objects.using(database).get_or_create(slug=slug)
            except (ValidationError, IntegrityError) as error:
                # e.g. a teacher's own deal now holds that lesson and number: theirs stays.
                refused.append(f"{slug}: {_describe(error)}")
                continue
            restored.append(slug)
        if restored:
            self.stdout.write(f"Restored {len(restored)} exercise(s): {', '.join(restored)}.")
        else:
            self.stdout.write("Every lesson exercise asked for is present; nothing to restore.")
        if refused:
            lines = "\n".join(f"  {problem}" for problem in refused)
            raise CommandError(f"Not restored:\n{lines}")


def _describe(error: Exception) -> str:
    if isinstance(error, ValidationError) and hasattr(error, "message_dict"):
        return " ".join(m for messages in error.message_dict.values() for m in messages)
    return str(error)
