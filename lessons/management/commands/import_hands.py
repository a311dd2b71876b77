"""Import card-room hand histories as draft real hands, or only check them."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand

from evaluator.hand_histories import HandHistoryError
from evaluator.hand_histories.check import file_error_line
from evaluator.hand_histories.decoding import MAX_BYTES
from lessons.hands import hand_import


class Command(BaseCommand):
    help = (
        "Read every hand of each history file, replay it through the engine and store each "
        "hand that replays as a draft real hand for the replayer. A hand that cannot be read "
        "or disagrees with the room is reported and saves nothing; the others still import. "
        "Importing the same file twice changes nothing. Exits with 1 if any hand was not ok."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE", help="History files to read.")
        parser.add_argument(
            "--check",
            action="store_true",
            help="Read and verify only: print one JSON line per hand and a summary; save nothing.",
        )
        parser.add_argument(
            "--publish", action="store_true", help="Publish the imported hands at once."
        )

    def handle(self, *args, files, check, publish, **options):
        reports: list[hand_import.HandReport] = []
        for name in files:
            reports.extend(self._read(name))
        if check:
            for report in reports:
                self.stdout.write(json.dumps(report.line, ensure_ascii=False))
            self.stdout.write(json.dumps(hand_import.report_summary(reports)))
        else:
            outcome = hand_import.import_reports(reports, publish=publish)
            for message in outcome.refused:
                self.stderr.write(f"Not imported: {message}")
            self.stdout.write(f"Imported {', '.join(files)}: {outcome.summary()}.")
        if any(not report.ok for report in reports):
            sys.exit(1)

    def _read(self, name: str) -> list[hand_import.HandReport]:
        try:
            with open(name, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except OSError as error:
            problem = HandHistoryError(f"the file cannot be opened ({error.strerror})")
            return [hand_import.HandReport(file_error_line(problem, name))]
        return hand_import.check(data, name)
