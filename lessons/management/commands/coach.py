"""``manage.py coach --jsonl``: ask the coach about spots, one JSON line in, one out.

The format is in docs/play.md ("Ask the coach in a batch"). Each line goes
through ``evaluator.play.spot`` (read, judge, write), the same function the
study table and the "ask the coach" page use; a line that cannot be read gets
``{"ok": false, "error": ...}`` and the next line is read as usual.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from evaluator.play.spot import answer_line


class Command(BaseCommand):
    help = (
        "Ask the coach: --jsonl reads one spot per line on stdin and writes one verdict per line."
    )
    stealth_options = ("stdin",)  # lets call_command feed JSON lines in tests
    requires_system_checks: list[str] = []  # the coach needs neither the database nor the URLs

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--jsonl", action="store_true", help="batch mode: JSON lines")
        parser.add_argument("--seed", type=int, default=0, help="seed of the sampled rollouts")

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["jsonl"]:
            raise CommandError("give --jsonl and one spot per line on standard input", returncode=2)
        stdin = options.get("stdin") or sys.stdin
        out = self.stdout
        for line in stdin:
            answer = answer_line(line, seed=options["seed"])
            out.write(json.dumps(answer, ensure_ascii=False))
            out.flush()
