"""The ``--check`` report: one JSON-able line per hand and a summary.

The import command and the plain CLI print the same lines, so a teacher can
run the check on a laptop and get exactly what the server will say. The CLI
writes the lines as their hands are checked (``iter_check_paths``), so
beyond the file's own text a file of any size takes the memory of one hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from .decoding import MAX_BYTES
from .errors import HandHistoryError
from .reader import HandResult, iter_bytes

AGREED = "replays, and the engine pays every pot as the room did"
NOTHING_SHOWN = "replays, and the engine pays the pot as the room did (no hand was shown)"
WINNER_READ = (
    "replays; the room shows no hands: the payout is read, not checked "
    "(every seat at the showdown mucked, and the pot went to the seat the room paid)"
)


def hand_line(result: HandResult) -> dict[str, Any]:
    """``{"hand", "game", "ok", "agrees", "message"}`` for one hand."""
    if result.error is not None:
        message = str(result.error)
    elif result.verified is not None and result.verified.winner_read:
        message = WINNER_READ
    else:
        message = AGREED if result.agrees else NOTHING_SHOWN
    return {
        "hand": result.hand_id,
        "game": result.game,
        "ok": result.ok,
        "agrees": result.agrees,
        "message": message,
    }


def file_error_line(error: HandHistoryError, name: str) -> dict[str, Any]:
    """A file refused whole (too large, binary, no hands) as one not-ok line."""
    return {"hand": None, "game": None, "ok": False, "agrees": None, "message": f"{name}: {error}"}


class Tally:
    """The summary line, counted as the lines go by."""

    def __init__(self) -> None:
        self.hands = self.ok = self.disagree = 0

    def add(self, line: dict[str, Any]) -> dict[str, Any]:
        self.hands += 1
        self.ok += 1 if line["ok"] else 0
        self.disagree += 1 if line["agrees"] is False else 0
        return line

    def summary(self) -> dict[str, Any]:
        return {
            "summary": True,
            "hands": self.hands,
            "ok": self.ok,
            "not_ok": self.hands - self.ok,
            "disagree": self.disagree,
        }


def summary(lines: Iterable[dict[str, Any]]) -> dict[str, Any]:
    tally = Tally()
    for line in lines:
        tally.add(line)
    return tally.summary()


def check_bytes(
    data: bytes, name: str = "the upload", *, max_bytes: int = MAX_BYTES
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """``check_paths`` for text that arrived as bytes (an upload or a paste)."""
    lines = list(_file_lines(data, name, max_bytes))
    return lines, summary(lines)


def check_paths(
    paths: Iterable[str | Path], *, max_bytes: int = MAX_BYTES
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Read and verify every file without saving anything: the per-hand lines and a summary."""
    lines = list(iter_check_paths(paths, max_bytes=max_bytes))
    return lines, summary(lines)


def iter_check_paths(
    paths: Iterable[str | Path], *, max_bytes: int = MAX_BYTES
) -> Iterator[dict[str, Any]]:
    """``check_paths``' lines one at a time, each hand checked when its line is asked for."""
    for path in paths:
        name = str(path)
        try:
            data = _read(Path(path), max_bytes)
        except HandHistoryError as error:
            yield file_error_line(error, name)
            continue
        yield from _file_lines(data, name, max_bytes)


def _file_lines(data: bytes, name: str, max_bytes: int) -> Iterator[dict[str, Any]]:
    """One file's lines: a line per hand, or one line for a file refused whole."""
    try:
        results = iter_bytes(data, max_bytes=max_bytes)
        first = next(results, None)  # a file refused whole is refused before its first hand
    except HandHistoryError as error:
        yield file_error_line(error, name)
        return
    if first is not None:
        yield hand_line(first)
        yield from map(hand_line, results)


def _read(path: Path, max_bytes: int) -> bytes:
    try:
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as error:
        raise HandHistoryError(f"the file cannot be opened ({error.strerror})") from None
    return data
