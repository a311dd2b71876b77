"""``manage.py showdown``: settle showdowns from the command line.

``--jsonl`` is the batch format documented in ``docs/showdown-jsonl.md``: one
JSON line out for every line in, errors included, exit 0 at the end of
input. Without it the command settles one showdown given as arguments and
prints a table a teacher can read. Either way the evaluator does the poker;
this module only reads arguments and lines, and prints.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from evaluator import EvaluatorError, GameProfile, get_profile, settle
from evaluator.jsonl import (  # noqa: F401 - the batch format's caps, named here too
    MAX_LINE_BYTES,
    MAX_NESTING,
    MAX_NUMBER_DIGITS,
    answer_lines,
    answer_text,
)
from evaluator.limits import read_whole
from evaluator.settlement_table import render_table

FOLDED = "-"


class Command(BaseCommand):
    help = (
        "Settle a showdown: pass --jsonl to read JSON lines on stdin, or give --game, "
        "--pot (or --contributions) and one hand per seat ('-' for a folded seat)."
    )
    stealth_options = ("stdin",)  # lets call_command feed JSON lines in tests
    # Settling needs neither the database nor the URLs; skipping the system
    # checks saves a batch caller a good part of the start-up time.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--jsonl", action="store_true", help="batch mode: JSON lines")
        parser.add_argument("hands", nargs="*", help="one hand per seat, e.g. 'A♠ 2♥ 3♦ 4♣ 5♣'")
        parser.add_argument("--game", help="badacey, badeucey, badugi, ace_to_five, ...")
        parser.add_argument("--pot", help="the single pot, in whole chips")
        parser.add_argument("--contributions", help="chips per seat, e.g. 48,12,12,48")
        parser.add_argument("--button", default="0", help="dealer seat number (from 0)")
        parser.add_argument("--names", help="seat names, e.g. Amara,Noor")

    def handle(self, *args: Any, **options: Any) -> None:
        for stream in (sys.stdout, sys.stderr):  # card suits print whatever the locale
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(encoding="utf-8", errors="backslashreplace")
        if options["jsonl"]:
            answer_lines(options.get("stdin") or sys.stdin, options.get("stdout") or sys.stdout)
            return
        try:
            settlement = settle(
                _game(options["game"]),
                [None if hand == FOLDED else hand for hand in options["hands"]],
                pot=None if options["pot"] is None else _whole(options["pot"], "--pot"),
                contributions=_whole_list(options["contributions"], "--contributions"),
                button=_whole(options["button"], "--button"),
                names=_split(options["names"]),
            )
        except EvaluatorError as error:
            raise CommandError(str(error), returncode=2) from None
        self.stdout.write(render_table(settlement))


def _game(name: str | None) -> GameProfile:
    if not name:
        raise EvaluatorError("choose a game with --game, for example --game badacey")
    return get_profile(name)


def _whole(text: str, option: str) -> int:
    return read_whole(text.strip(), option)


def _whole_list(text: str | None, option: str) -> list[int] | None:
    if text is None:
        return None
    return [_whole(part.strip(), option) for part in text.split(",")]


def _split(text: str | None) -> list[str] | None:
    return None if text is None else [part.strip() for part in text.split(",")]
