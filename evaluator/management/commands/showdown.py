"""``manage.py showdown``: settle showdowns from the command line.

``--jsonl`` is the batch format documented in ``docs/showdown-jsonl.md``: one
JSON line out for every line in, errors included, exit 0 at the end of
input. Without it the command settles one showdown given as arguments and
prints a table a teacher can read. Either way the evaluator does the poker;
this module only reads arguments and lines, and prints.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from evaluator import EvaluatorError, GameProfile, format_cards, get_profile, settle
from evaluator.limits import read_whole
from evaluator.profiles import AWARD_TITLES
from evaluator.report import settle_request, settlement_to_json
from evaluator.settlement import Settlement
from evaluator.values import BadugiValue, LowValue
from evaluator.wording import excerpt

FOLDED = "-"

# The caps of docs/showdown-jsonl.md. A line longer than MAX_LINE_BYTES is
# answered with an error without being kept in memory; a number written with
# more than MAX_NUMBER_DIGITS digits is refused before it is converted; lists
# and objects nested more than MAX_NESTING deep are refused before parsing
# (a well-formed line nests two deep). Chip amounts: evaluator.limits.
MAX_LINE_BYTES = 1 << 20
MAX_NUMBER_DIGITS = 20
MAX_NESTING = 16
_READ_SIZE = 1 << 16


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


def answer_lines(stdin: IO[Any], stdout: IO[str]) -> None:
    """One output line per input line, in order.

    Input is read in blocks as it arrives and the answers to every complete
    line of a block are written and flushed together: a program that sends
    one line and waits gets its answer at once, and a large batch does not
    pay for a flush per line.
    """
    for batch in _line_batches(stdin):
        stdout.write("".join([answer_text(line) + "\n" for line in batch]))
        stdout.flush()


def answer_text(line: str | bytes | None) -> str:
    """The output line (without its newline) for one input line; never raises.

    ``None`` stands for a line longer than the cap, already skipped.
    """
    try:
        if line is None:
            return _error(f"the line is longer than {MAX_LINE_BYTES:,} bytes, so it was skipped")
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError:
                return _error("the line is not valid UTF-8 text")
        if not line.strip():
            return _error("the line is empty: each line must be one JSON object")
        if _too_deep(line):
            return _error(f"the line nests lists or objects more than {MAX_NESTING} deep")
        try:
            request = _DECODER.decode(line)
        except json.JSONDecodeError as error:
            return _error(f"the line is not valid JSON ({error})")
        return settlement_to_json(settle_request(request))
    except EvaluatorError as error:
        return _error(str(error))
    except RecursionError:  # not expected past _too_deep; a sentence all the same
        return _error("the line nests lists or objects too deeply to be read")
    except MemoryError:
        return _error("the line needs more memory than this process has")
    except Exception as error:  # noqa: BLE001 - the format promises a line, not a crash
        return _error(
            f"the line could not be settled because of an internal error "
            f"({type(error).__name__}: {excerpt(str(error), 80)})"
        )


def _error(message: str) -> str:
    return json.dumps({"ok": False, "error": message}, ensure_ascii=False)


def _bounded_int(text: str) -> int:
    """JSON's integers, refused before conversion when they are longer than any chip count."""
    digits = len(text) - text.startswith("-")
    if digits > MAX_NUMBER_DIGITS:
        raise EvaluatorError(
            f"the line holds a number with {digits:,} digits; numbers may have at most "
            f"{MAX_NUMBER_DIGITS}"
        )
    return int(text)


_DECODER = json.JSONDecoder(parse_int=_bounded_int)
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def _too_deep(line: str) -> bool:
    """Whether lists and objects nest more than MAX_NESTING deep, brackets in strings aside.

    Counting costs nothing for an ordinary line, which has only a few brackets.
    """
    if line.count("[") + line.count("{") <= MAX_NESTING:
        return False
    depth = 0
    for bracket in _BRACKET.findall(_JSON_STRING.sub("", line)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_NESTING:
            return True
    return False


def _line_batches(stdin: IO[Any]) -> Iterator[Sequence[str | bytes | None]]:
    """The complete lines of each block read, without their endings.

    Bytes when the stream has a binary buffer (so bad UTF-8 is one bad line),
    text otherwise (``call_command`` with a ``StringIO``). A line longer than
    ``MAX_LINE_BYTES`` comes out as None and is never held whole.
    """
    source = getattr(stdin, "buffer", stdin)
    read = getattr(source, "read1", source.read)
    first = read(_READ_SIZE)
    if isinstance(first, bytes):
        yield from _split_lines(read, first, b"\n", b"\r")
    else:
        yield from _split_lines(read, first, "\n", "\r")


def _split_lines[S: (bytes, str)](
    read: Callable[[int], S], block: S, newline: S, carriage_return: S
) -> Iterator[list[S | None]]:
    pending = block[:0]
    overlong = False
    while block:
        complete = block.split(newline)
        rest = complete.pop()
        batch: list[S | None] = []
        for part in complete:
            if overlong:
                batch.append(None)
                overlong = False
            else:
                line = (pending + part).rstrip(carriage_return)
                batch.append(None if len(line) > MAX_LINE_BYTES else line)
            pending = block[:0]
        if not overlong:
            pending += rest
            if len(pending) > MAX_LINE_BYTES + 1:
                pending, overlong = block[:0], True
        if batch:
            yield batch
        block = read(_READ_SIZE)
    if overlong:
        yield [None]
    elif pending:
        line = pending.rstrip(carriage_return)
        yield [None if len(line) > MAX_LINE_BYTES else line]


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
