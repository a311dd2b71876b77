"""``manage.py solve --jsonl``: one solved spot (or one error sentence) per input line.

The format is documented in docs/play.md ("The equilibrium solver"). Each
line is a JSON object ``{"game", "pot", "bet", "cap", "first", "ranges",
"iterations"}`` (``weights``, ``target_mbb`` and ``draw`` optional); each
answer is one line, ``{"ok": true, "value", "exploitability", "iterations",
"strategy"}`` (``"draws"`` instead of ``"strategy"`` for a draw spot)
or ``{"ok": false, "error": "<sentence>"}``. A bad line never stops the
batch. Plain Python: the command only hands its streams to ``answer_lines``.
"""

from __future__ import annotations

import json
from typing import IO, Any

from ..errors import EvaluatorError
from ..profiles import get_profile
from ..wording import excerpt
from .last_draw import solve_draw_spot
from .last_round import DEFAULT_ITERATIONS, DEFAULT_TARGET_MBB, solve_spot

MAX_LINE_CHARS = 1 << 20
KEYS = (
    "game",
    "pot",
    "bet",
    "cap",
    "first",
    "ranges",
    "weights",
    "iterations",
    "target_mbb",
    "draw",
)
REQUIRED = ("game", "pot", "bet", "ranges")


def answer_lines(stdin: IO[str], stdout: IO[str]) -> None:
    """One answer line per input line, in order, flushed as each is ready (solves take time)."""
    while True:
        line = stdin.readline(MAX_LINE_CHARS + 1)
        if not line:
            return
        if len(line) > MAX_LINE_CHARS and not line.endswith("\n"):
            while True:  # skip the rest of the overlong line without holding it
                rest = stdin.readline(MAX_LINE_CHARS)
                if not rest or rest.endswith("\n"):
                    break
            stdout.write(_error(f"the line is longer than {MAX_LINE_CHARS:,} characters") + "\n")
        else:
            stdout.write(answer_text(line.rstrip("\r\n")) + "\n")
        stdout.flush()


def answer_text(line: str) -> str:
    """The answer to one line, without its newline; never raises."""
    try:
        if not line.strip():
            return _error("the line is empty: each line must be one JSON object")
        try:
            request = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as error:
            return _error(f"the line is not valid JSON ({excerpt(str(error), 80)})")
        return json.dumps(solve_request(request), ensure_ascii=False)
    except EvaluatorError as error:
        return _error(str(error))
    except MemoryError:
        return _error("the spot needs more memory than this process has")
    except Exception as error:  # noqa: BLE001 - the format promises a line, not a crash
        return _error(
            f"the spot could not be solved because of an internal error "
            f"({type(error).__name__}: {excerpt(str(error), 80)})"
        )


def solve_request(request: object) -> dict[str, Any]:
    """Read one request object and solve it; ``EvaluatorError`` says what is wrong."""
    if not isinstance(request, dict):
        raise EvaluatorError("each line must be a JSON object with a game, pot, bet and ranges")
    unknown = sorted(set(request) - set(KEYS))
    if unknown:
        raise EvaluatorError(
            f"unknown key '{excerpt(str(unknown[0]), 30)}': a spot has {', '.join(KEYS)}"
        )
    missing = [key for key in REQUIRED if key not in request]
    if missing:
        raise EvaluatorError(f"the spot has no '{missing[0]}'")
    game = request["game"]
    if not isinstance(game, str):
        raise EvaluatorError('the game must be a name, such as "badugi"')
    profile = get_profile(game)
    draw = request.get("draw", False)
    if not isinstance(draw, bool):
        raise EvaluatorError(
            "draw must be true (the ranges hold hands before the last draw) or false"
        )
    solve = solve_draw_spot if draw else solve_spot
    solution = solve(
        profile,
        request["ranges"],
        pot=request["pot"],
        bet=request["bet"],
        cap=request.get("cap", profile.raise_cap),
        first=request.get("first", 0),
        weights=request.get("weights"),
        iterations=request.get("iterations", DEFAULT_ITERATIONS),
        target_mbb=request.get("target_mbb", DEFAULT_TARGET_MBB),
    )
    return solution.to_json()


def _error(message: str) -> str:
    return json.dumps({"ok": False, "error": message}, ensure_ascii=False)
