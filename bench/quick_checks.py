"""Quick check benchmark: ``python -m bench.quick_checks`` (``--quick`` for a smoke run).

Times what the server spends on one answer to a lesson's quick check: the
htmx post a learner with JavaScript sends (checked by the engine, recorded
with its skills, the fragment rendered), against a 10 ms target, and the
plain post without JavaScript, which returns the whole cached lesson with
that one block checked (reported, no target). Like ``bench.mastery`` it
runs on a throwaway database built by the migrations, and the verdict is
the fastest batch (other work on a shared machine only adds time).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from bench.measure import Line, database_bench_main, mean_and_best

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")

ANSWER_TARGET_MS = 10.0


def _post(client, url: str, data: dict, headers: dict) -> Callable[[], None]:
    def request() -> None:
        response = client.post(url, data, **headers)
        if response.status_code != 200:
            raise SystemExit(f"{url} answered {response.status_code}")

    return request


def bench_quick_checks(options: argparse.Namespace) -> list[Line]:
    from django.contrib.auth.models import User
    from django.test import Client

    from lessons.exercises.model_answers import right_answer
    from lessons.models import Deal

    batches, per_batch = (2, 2) if options.quick else (10, 5)
    deal = Deal.objects.published().exclude(section="").filter(lesson="badugi").first()
    if deal is None:
        raise SystemExit("No published quick check to answer: was the content loaded?")
    user, _ = User.objects.get_or_create(username="bench-quick-checks")
    client = Client()
    client.force_login(user)
    client.get(deal.get_absolute_url())  # the session and the cached page exist
    answer = right_answer(deal)
    lines = []
    for label, headers, target in (
        ("quick check answer, htmx (checked in place)", {"HTTP_HX_REQUEST": "true"}, True),
        ("quick check answer, no JavaScript (whole lesson)", {}, False),
    ):
        post = _post(client, deal.check_url, answer, headers)
        _, best = mean_and_best([post] * per_batch, batches)
        if target:
            lines.append(
                Line(label, f"{best:.2f} ms", f"< {ANSWER_TARGET_MS:g} ms", best < ANSWER_TARGET_MS)
            )
        else:
            lines.append(Line(label, f"{best:.2f} ms", "", None))
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print each line with its verdict; 1 if any target was missed."""
    return database_bench_main("quick_checks", __doc__, bench_quick_checks, argv)


if __name__ == "__main__":
    sys.exit(main())
