"""``manage.py solve --jsonl``: solve heads-up last-round spots, one JSON line each.

The solver is plain Python (``evaluator.solver``); this command only hands
it standard input and output. The line format is in docs/play.md, "The
equilibrium solver".
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from evaluator.solver.jsonl_spots import answer_lines


class Command(BaseCommand):
    help = (
        "Solve heads-up fixed-limit last-round spots by CFR+: pass --jsonl and give one "
        'JSON object per line on stdin ({"game", "pot", "bet", "cap", "first", "ranges", '
        '"iterations"}); one answer line comes back for each.'
    )
    stealth_options = ("stdin",)  # lets call_command feed JSON lines in tests
    requires_system_checks: list[str] = []  # the solver needs no database, URLs or apps

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--jsonl", action="store_true", help="read JSON lines on stdin")

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["jsonl"]:
            raise CommandError("give --jsonl and one spot per line on standard input")
        for stream in (sys.stdout, sys.stderr):  # card suits print whatever the locale
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(encoding="utf-8", errors="backslashreplace")
        answer_lines(options.get("stdin") or sys.stdin, options.get("stdout") or sys.stdout)
