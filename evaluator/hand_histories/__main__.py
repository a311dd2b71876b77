"""``python -m evaluator.hand_histories FILE...``: check histories without saving them.

Prints one JSON line per hand, then a summary line; exits 1 if any hand is
not ok, so a script can stop on a file that would not import cleanly.
"""

from __future__ import annotations

import json
import sys

from .check import Tally, iter_check_paths


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or any(a in ("-h", "--help") for a in args):
        print("usage: python -m evaluator.hand_histories FILE...", file=sys.stderr)
        return 2
    # Each line is written as its hand is checked: the memory a file takes
    # does not grow with its hands, and a long file shows progress at once.
    tally = Tally()
    out = sys.stdout
    encode = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps builds one per call
    for line in iter_check_paths(args):
        out.write(encode(tally.add(line)) + "\n")
    total = tally.summary()
    out.write(json.dumps(total) + "\n")
    return 0 if total["not_ok"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
