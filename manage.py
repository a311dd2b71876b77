#!/usr/bin/env python
"""Django's command-line entry point for this project."""

from __future__ import annotations

import os
import sys


def main() -> None:
    if sys.argv[1:] == ["showdown", "--jsonl"]:
        # The batch settler is plain Python: skip Django's start-up (see evaluator/jsonl.py).
        from evaluator.jsonl import main as answer_jsonl

        answer_jsonl()
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
