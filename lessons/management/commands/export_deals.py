"""Write deals as one JSON document, for ``import_deals`` on another site."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db.models import F

from lessons.models import Deal
from lessons.teaching import deal_io


class Command(BaseCommand):
    help = "Export deals (lesson exercises and practice deals) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("--output", "-o", help="File to write; standard output without it.")
        parser.add_argument(
            "--practice-only", action="store_true", help="Leave the lesson exercises out."
        )

    def handle(self, *args, output=None, practice_only=False, **options):
        deals = Deal.objects.practice() if practice_only else Deal.objects.all()
        # Quick checks have no number, and databases disagree on where NULL
        # sorts (SQLite first, PostgreSQL last): the file's order must not move.
        deals = deals.order_by("lesson", F("number").asc(nulls_last=True), "slug")
        text = deal_io.dumps(deals)
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(f"Cannot write {output}: {error.strerror}.") from None
        self.stderr.write(f"Wrote {len(deals)} deal(s) to {output}.")
