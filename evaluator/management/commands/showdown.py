"""``manage.py showdown``: settle showdowns from the command line.

``--jsonl`` is the batch contract in ``shared/spec/showdown-jsonl.md`` (one
JSON line out for every line in, errors included, exit 0 at the end of
input). Without it the command settles one showdown given as arguments and
prints a table a teacher can read. Either way the evaluator does the poker;
this module only reads arguments and prints.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from django.core.management.base import BaseCommand, CommandError, CommandParser

from evaluator import EvaluatorError, GameProfile, format_cards, get_profile, settle
from evaluator.profiles import AWARD_TITLES
from evaluator.report import error_to_dict, settle_request, settlement_to_dict
from evaluator.settlement import Settlement
from evaluator.values import BadugiValue, LowValue

FOLDED = "-"


class Command(BaseCommand):
    help = (
        "Settle a showdown: pass --jsonl to read JSON lines on stdin, or give --game, "
        "--pot (or --contributions) and one hand per seat ('-' for a folded seat)."
    )
    stealth_options = ("stdin",)  # lets call_command feed JSON lines in tests

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
                stream.reconfigure(encoding="utf-8")
        if options["jsonl"]:
            self._jsonl(options.get("stdin") or sys.stdin, options.get("stdout") or sys.stdout)
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

    def _jsonl(self, stdin: TextIO, stdout: TextIO) -> None:
        """One output line per input line, flushed at once so pipes see it."""
        for line in _lines(stdin):
            stdout.write(json.dumps(answer_line(line), ensure_ascii=False) + "\n")
            stdout.flush()


def answer_line(line: str | bytes) -> dict[str, Any]:
    """The output object for one input line; never raises."""
    try:
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError:
                return error_to_dict("the line is not valid UTF-8 text")
        if not line.strip():
            return error_to_dict("the line is empty: each line must be one JSON object")
        try:
            request = json.loads(line)
        except ValueError as error:
            return error_to_dict(f"the line is not valid JSON ({error})")
        return settlement_to_dict(settle_request(request))
    except EvaluatorError as error:
        return error_to_dict(str(error))
    except Exception as error:  # noqa: BLE001 - the contract promises a line, not a crash
        return error_to_dict(
            f"the line could not be settled because of an internal error "
            f"({type(error).__name__}: {error})"
        )


def _lines(stdin: TextIO) -> Iterator[str | bytes]:
    """Lines without their ending, read as bytes when possible so bad UTF-8 is one bad line."""
    source = getattr(stdin, "buffer", stdin)
    for raw in source:
        yield raw.rstrip(b"\r\n") if isinstance(raw, bytes) else raw.rstrip("\r\n")


def _game(name: str | None) -> GameProfile:
    if not name:
        raise EvaluatorError("choose a game with --game, for example --game badacey")
    return get_profile(name)


def _whole(text: str, option: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise EvaluatorError(f"{option} must be a whole number, got '{text}'") from None


def _whole_list(text: str | None, option: str) -> list[int] | None:
    if text is None:
        return None
    return [_whole(part.strip(), option) for part in text.split(",")]


def _split(text: str | None) -> list[str] | None:
    return None if text is None else [part.strip() for part in text.split(",")]


def render_table(settlement: Settlement) -> str:
    """Seats, pots, payouts and the reasons, laid out for a terminal."""
    profile = settlement.profile
    names = settlement.names
    rows = [["Seat", "Cards", *(AWARD_TITLES[kind] for kind in profile.awards)]]
    for seat in settlement.seats:
        cards = format_cards(seat.cards) if seat.cards else ""
        if seat.folded:
            rows.append([seat.name, cards, "folded"])
        else:
            rows.append([seat.name, cards, *(_value_text(seat.values[k]) for k in profile.awards)])
    widths = [max(len(row[i]) for row in rows if i < len(row)) for i in range(len(rows[0]))]
    lines = [f"{profile.name}: {settlement.total} chips, button {names[settlement.button]}", ""]
    lines += [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)).rstrip()
        for row in rows
    ]
    for pot in settlement.pots:
        eligible = ", ".join(names[i] for i in pot.eligible)
        lines += ["", f"{pot.name.capitalize()} ({pot.amount}), for {eligible}"]
        for award in pot.awards:
            winners = ", ".join(names[i] for i in award.winners)
            half = " half" if profile.is_split and award.kind != "uncontested" else ""
            lines.append(f"  {award.title}{half} ({award.amount}): {winners}")
    lines += ["", "Payouts"]
    lines += [
        f"  {seat.name.ljust(widths[0])}  {chips}"
        for seat, chips in zip(settlement.seats, settlement.payouts, strict=True)
    ]
    lines += ["", "Why"] + [f"  {sentence}" for sentence in settlement.explanation()]
    return "\n".join(lines)


def _value_text(value: LowValue | BadugiValue) -> str:
    if isinstance(value, BadugiValue):
        return f"{value.description} ({format_cards(value.cards)})"
    return value.text
