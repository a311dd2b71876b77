"""``manage.py showdown --jsonl``: one JSON answer line for every input line.

The batch format is documented in ``docs/showdown-jsonl.md``. This module is
plain Python, like the rest of the evaluator: ``manage.py`` hands a bare
``showdown --jsonl`` straight to ``main()`` without setting Django up, since
settling lines needs neither the database, the settings nor the apps, and
Django's start-up cost a batch caller more CPU than a few thousand lines.
The management command calls the same ``answer_lines`` for every other way
in (``call_command`` in tests, ``--jsonl`` with other options).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any

from .errors import EvaluatorError
from .report import settle_request, settlement_to_json
from .wording import excerpt

# The caps of docs/showdown-jsonl.md. A line longer than MAX_LINE_BYTES is
# answered with an error without being kept in memory; a number written with
# more than MAX_NUMBER_DIGITS digits is refused before it is converted; lists
# and objects nested more than MAX_NESTING deep are refused before parsing
# (a well-formed line nests two deep). Chip amounts: evaluator.limits.
MAX_LINE_BYTES = 1 << 20
MAX_NUMBER_DIGITS = 20
MAX_NESTING = 16
_READ_SIZE = 1 << 16


def main() -> None:
    """The whole ``showdown --jsonl`` process: standard input to standard output."""
    for stream in (sys.stdout, sys.stderr):  # card suits print whatever the locale
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors="backslashreplace")
    answer_lines(sys.stdin, sys.stdout)


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
