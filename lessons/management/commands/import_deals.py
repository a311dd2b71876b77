"""Load a JSON document written by ``export_deals``: all of it, or nothing."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from lessons.teaching import deal_io


class Command(BaseCommand):
    help = (
        "Import deals from a JSON file made by export_deals. Deals are matched by slug, so "
        "importing a file twice adds nothing and leaves unchanged deals alone; a file with "
        "any bad deal changes nothing. "
        f"Caps: {deal_io.CAPS}."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="The JSON file to read.")

    def handle(self, *args, file, **options):
        try:
            # The size is checked before reading, so a huge file is never loaded.
            problem = deal_io.size_problem(Path(file).stat().st_size)
            text = b"" if problem else Path(file).read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from None
        if problem:
            raise CommandError(f"Nothing was imported from {file}:\n  {problem}")
        try:
            result = deal_io.loads(text)
        except deal_io.DealFileError as error:
            lines = "\n".join(f"  {problem}" for problem in error.problems)
            raise CommandError(f"Nothing was imported from {file}:\n{lines}") from None
        self.stdout.write(f"Imported {file}: {result.summary()}.")
