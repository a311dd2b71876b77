"""Progress benchmarks, a section of ``python -m bench.site``.

Targets from the study-loop issue: a lesson page for a learner with progress
within 5 ms of the same page for a newcomer (the per-learner slots cost one
query and one pass over the HTML); recording an attempt under 10 ms;
``/progress/`` under 30 ms for a learner with 1,000 attempts.
"""

from __future__ import annotations

import argparse
from datetime import timedelta

LESSON_DELTA_MS = 5.0
RECORD_TARGET_MS = 10.0
PROGRESS_TARGET_MS = 30.0
ATTEMPTS = 1000


def bench_progress(options: argparse.Namespace, client) -> list:
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.base import SessionBase
    from django.test import Client, RequestFactory
    from django.utils import timezone

    from bench.measure import Line, mean_and_best, timed_get
    from lessons.exercises.forms import AnswerForm
    from lessons.exercises.model_answers import right_answer
    from lessons.learners import progress
    from lessons.models import Attempt, Deal

    batches, per_batch = (2, 2) if options.quick else (10, 5)
    user, _ = User.objects.get_or_create(username="bench-learner")
    deals = list(Deal.objects.published().exclude(lesson=""))
    start = timezone.now() - timedelta(days=30)
    Attempt.objects.filter(user=user).delete()
    Attempt.objects.bulk_create(
        Attempt(
            user=user,
            deal=deals[n % len(deals)],
            parts=[n % 3 == 0],
            correct=n % 3 == 0,
            created_at=start + timedelta(minutes=n),
        )
        for n in range(ATTEMPTS)
    )
    learner = Client()
    learner.force_login(user)
    lines = []

    _, anonymous = mean_and_best([timed_get(client, "/badugi/")] * per_batch, batches)
    _, signed_in = mean_and_best([timed_get(learner, "/badugi/")] * per_batch, batches)
    delta = signed_in - anonymous
    lines.append(
        Line(
            "lesson page /badugi/, learner with progress minus newcomer",
            f"{signed_in:.1f} - {anonymous:.1f} = {delta:.1f} ms",
            f"< {LESSON_DELTA_MS:g} ms",
            delta < LESSON_DELTA_MS,
        )
    )

    deal = Deal.objects.get(slug="badugi-1")
    request = RequestFactory().post(deal.check_url, right_answer(deal))
    request.user = user
    request.session = SessionBase()
    form = AnswerForm(request.POST, deal=deal)
    form.is_valid()

    def record() -> None:
        progress.record_attempt(request, deal, form)

    _, best = mean_and_best([record] * per_batch, batches)
    lines.append(
        Line(
            "record one attempt",
            f"{best:.2f} ms",
            f"< {RECORD_TARGET_MS:g} ms",
            best < RECORD_TARGET_MS,
        )
    )

    _, best = mean_and_best([timed_get(learner, "/progress/")] * per_batch, batches)
    lines.append(
        Line(
            f"/progress/ with {ATTEMPTS:,} attempts",
            f"{best:.1f} ms",
            f"< {PROGRESS_TARGET_MS:g} ms",
            best < PROGRESS_TARGET_MS,
        )
    )
    Attempt.objects.filter(user=user).delete()
    user.delete()
    return lines
