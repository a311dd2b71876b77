"""Skills and mastery benchmarks: ``python -m bench.mastery`` (``--quick`` for a smoke run).

Targets from the skills issue: recording an answer with its skill and FSRS
update under 5 ms; the home page for a returning learner under 10 ms;
``/progress/`` for a learner with 5,000 answers under 30 ms; building a
10-item practice session under 20 ms. Like ``bench.site`` it runs on a
throwaway database built by the migrations, and the verdict is the
fastest batch (other work on a shared machine only adds time).
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import timedelta

from bench.measure import Line, database_bench_main, mean_and_best, timed_get

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")

RECORD_TARGET_MS = 5.0
HOME_TARGET_MS = 10.0
PROGRESS_TARGET_MS = 30.0
SESSION_TARGET_MS = 20.0
ANSWERS = 5000


def _learner_with_history(username: str):
    """An account with ``ANSWERS`` answers over four weeks and a standing in every skill.

    One answer in ten is to a lesson exercise and the rest to drill and
    session items, as for a learner who has answered thousands: the course
    has a few dozen exercises and endless generated items (even so, that is
    some twenty tries at every exercise).
    """
    from django.contrib.auth.models import User
    from django.utils import timezone

    from lessons import skills
    from lessons.models import Attempt, Deal, SkillState

    user, _ = User.objects.get_or_create(username=username)
    Attempt.objects.filter(user=user).delete()
    SkillState.objects.filter(user=user).delete()
    deals = list(Deal.objects.published().exclude(lesson=""))
    now = timezone.now()
    start = now - timedelta(days=28)
    step = timedelta(days=28) / ANSWERS
    Attempt.objects.bulk_create(
        Attempt(
            user=user,
            deal=None if n % 10 else deals[n // 10 % len(deals)],
            drill_kind="badugi-cards" if n % 10 else "",
            item_key=f"badugi/1/{n}" if n % 10 else "",
            parts=[n % 3 != 0],
            correct=n % 3 != 0,
            created_at=start + n * step,
        )
        for n in range(ANSWERS)
    )
    SkillState.objects.bulk_create(
        SkillState(
            user=user,
            skill=skill.key,
            level=1 + n % 4,
            due=now + timedelta(days=n - 3),
            last_answered=now - timedelta(days=1),
        )
        for n, skill in enumerate(skills.SKILLS)
    )
    return user


def bench_mastery(options: argparse.Namespace) -> list[Line]:
    from django.contrib.sessions.backends.base import SessionBase
    from django.test import Client, RequestFactory
    from django.utils import timezone

    from evaluator.drills import generate
    from lessons.deals import parts
    from lessons.drills.items import DrillTable
    from lessons.exercises.forms import AnswerForm
    from lessons.learners import progress
    from lessons.models import Learner
    from lessons.study import sessions as study

    batches, per_batch = (2, 2) if options.quick else (10, 5)
    user = _learner_with_history("bench-mastery")
    lines = []

    table = DrillTable.of(generate("badugi-cards", "badugi", 1, 11))
    answer = {f"drill-{k}": v for k, v in parts.model_answer(table).items()}
    request = RequestFactory().post("/drills/badugi-cards/", answer)
    request.user = user
    request.session = SessionBase()
    form = AnswerForm(request.POST, deal=table, prefix="drill")
    form.is_valid()

    def record() -> None:
        progress.record_drill_attempt(
            request,
            "badugi-cards",
            "badugi/1/11",
            form.all_right,
            parts=[r.ok for r in form.results],
            table=table,
            results=form.results,
        )

    _, best = mean_and_best([record] * per_batch, batches)
    lines.append(
        Line(
            "record an answer with its skill and FSRS step",
            f"{best:.2f} ms",
            f"< {RECORD_TARGET_MS:g} ms",
            best < RECORD_TARGET_MS,
        )
    )

    client = Client()
    client.force_login(user)
    for label, url, target in (
        ("home page, returning learner", "/", HOME_TARGET_MS),
        (f"/progress/, learner with {ANSWERS:,} answers", "/progress/", PROGRESS_TARGET_MS),
    ):
        _, best = mean_and_best([timed_get(client, url)] * per_batch, batches)
        lines.append(Line(label, f"{best:.1f} ms", f"< {target:g} ms", best < target))

    learner = Learner(user.pk, "")

    def build() -> None:
        study.build(learner, "practice", timezone.now())

    _, best = mean_and_best([build] * per_batch, batches)
    lines.append(
        Line(
            "build a 10-item practice session",
            f"{best:.1f} ms",
            f"< {SESSION_TARGET_MS:g} ms",
            best < SESSION_TARGET_MS,
        )
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print each line with its verdict; 1 if any target was missed."""
    return database_bench_main("mastery", __doc__, bench_mastery, argv)


if __name__ == "__main__":
    sys.exit(main())
