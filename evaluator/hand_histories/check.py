"""The ``--check`` report: one JSON-able line per hand and a summary.

The import command and the plain CLI print the same lines, so a teacher can
run the check on a laptop and get exactly what the server will say.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from .decoding import MAX_BYTES
from .errors import HandHistoryError
from .reader import HandResult, read_bytes

AGREED = "replays, and the engine pays every pot as the room did"
NOTHING_SHOWN = "replays, and the engine pays the pot as the room did (no hand was shown)"


def hand_line(result: HandResult) -> dict[str, Any]:
    """``{"hand", "game", "ok", "agrees", "message"}`` for one hand."""
    if result.error is not None:
        message = str(result.error)
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


def summary(lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    ok = sum(1 for line in lines if line["ok"])
    return {
        "summary": True,
        "hands": len(lines),
        "ok": ok,
        "not_ok": len(lines) - ok,
        "disagree": sum(1 for line in lines if line["agrees"] is False),
    }


def check_bytes(
    data: bytes, name: str = "the upload", *, max_bytes: int = MAX_BYTES
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """``check_paths`` for text that arrived as bytes (an upload or a paste)."""
    try:
        results = read_bytes(data, max_bytes=max_bytes)
    except HandHistoryError as error:
        lines = [file_error_line(error, name)]
    else:
        lines = [hand_line(result) for result in results]
    return lines, summary(lines)


def check_paths(
    paths: Iterable[str | Path], *, max_bytes: int = MAX_BYTES
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Read and verify every file without saving anything: the per-hand lines and a summary."""
    lines: list[dict[str, Any]] = []
    for path in paths:
        name = str(path)
        try:
            data = _read(Path(path), max_bytes)
            results = read_bytes(data, max_bytes=max_bytes)
        except HandHistoryError as error:
            lines.append(file_error_line(error, name))
            continue
        lines.extend(hand_line(result) for result in results)
    return lines, summary(lines)


def _read(path: Path, max_bytes: int) -> bytes:
    try:
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as error:
        raise HandHistoryError(f"the file cannot be opened ({error.strerror})") from None
    return data
