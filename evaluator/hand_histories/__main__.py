"""``python -m evaluator.hand_histories FILE...``: check histories without saving them.

Prints one JSON line per hand, then a summary line; exits 1 if any hand is
not ok, so a script can stop on a file that would not import cleanly.
"""

from __future__ import annotations

import json
import sys

from .check import Tally, iter_check_paths

_BATCH = 100  # report lines written at once


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or any(a in ("-h", "--help") for a in args):
        print("usage: python -m evaluator.hand_histories FILE...", file=sys.stderr)
        return 2
    # Lines are written as their hands are checked, a hundred at a time: the
    # memory a file takes does not grow with its hands, a long file shows
    # progress at once, and unbuffered output (PYTHONUNBUFFERED) into a pipe
    # costs one write per hundred hands rather than one per hand.
    tally = Tally()
    out = sys.stdout
    encode = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps builds one per call
    batch: list[str] = []
    for line in iter_check_paths(args):
        batch.append(encode(tally.add(line)) + "\n")
        if len(batch) == _BATCH:
            out.write("".join(batch))
            batch.clear()
    total = tally.summary()
    out.write("".join(batch) + json.dumps(total) + "\n")
    return 0 if total["not_ok"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
