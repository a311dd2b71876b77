"""Class benchmarks: ``python -m bench.classes`` (``--quick`` for a smoke run).

Targets from the classes issue: the class page for 40 learners with 20,000
answers under 50 ms, its CSV under 200 ms, and the admin's deal list with
its answer figures under 50 ms for 500 deals. The skill map has as many
skills as ``lessons.skills.SKILLS`` (the issue's "20 skills" is its upper
bound); every learner has a standing in each. Like ``bench.mastery`` it runs
on a throwaway database built by the migrations, and the verdict is the
fastest batch (other work on a shared machine only adds time).
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import timedelta

from bench.measure import Line, database_bench_main, mean_and_best, timed_get

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")

PAGE_TARGET_MS = 50.0
CSV_TARGET_MS = 200.0
ADMIN_TARGET_MS = 50.0
LEARNERS = 40
ANSWERS = 20_000
DEALS = 500


def _class_with_history():
    """A teacher, a class of ``LEARNERS`` with ``ANSWERS`` answers, and ``DEALS`` practice deals."""
    from django.contrib.auth.models import Group, User
    from django.utils import timezone

    from lessons import skills
    from lessons.classes import codes
    from lessons.learners import deal_figures
    from lessons.models import (
        Assignment,
        Attempt,
        Classroom,
        Deal,
        DiagnosedMistake,
        Membership,
        SkillState,
    )

    teacher, _ = User.objects.get_or_create(username="bench-teacher", is_staff=True)
    teacher.groups.add(Group.objects.get(name="Teachers"))
    Classroom.objects.filter(name="bench class").delete()
    classroom = Classroom.objects.create(name="bench class", join_code=codes.new_code())
    classroom.teachers.add(teacher)
    template = Deal.objects.practice().first()
    fields = {
        name: getattr(template, name)
        for name in ("game", "settings", "seats", "button", "pot", "prompt", "parts")
    }
    have = Deal.objects.practice().count()
    Deal.objects.bulk_create(
        Deal(title=f"Bench deal {n}", slug=f"bench-deal-{n}", published=True, **fields)
        for n in range(max(0, DEALS - have))
    )
    practice = list(Deal.objects.practice().values_list("pk", flat=True))
    exercises = list(Deal.objects.published().exclude(lesson="").values_list("pk", flat=True))
    users = User.objects.bulk_create(User(username=f"bench-learner-{n}") for n in range(LEARNERS))
    Membership.objects.bulk_create(Membership(classroom=classroom, user=u) for u in users)
    now = timezone.now()
    step = timedelta(days=60) / ANSWERS
    attempts = Attempt.objects.bulk_create(
        Attempt(
            user=users[n % LEARNERS],
            deal_id=None
            if n % 3 == 0
            else (practice[n % len(practice)] if n % 3 == 1 else exercises[n % len(exercises)]),
            drill_kind="badugi-cards" if n % 3 == 0 else "",
            item_key=f"badugi/1/{n}" if n % 3 == 0 else "",
            parts=[n % 4 != 0],
            correct=n % 4 != 0,
            hints_used=n % 5 == 0,
            created_at=now - timedelta(days=60) + n * step,
        )
        for n in range(ANSWERS)
    )
    names = list(skills.BY_MISCONCEPTION)
    DiagnosedMistake.objects.bulk_create(
        DiagnosedMistake(attempt=a, misconception=names[n % len(names)])
        for n, a in enumerate(attempts)
        if not a.correct
    )
    SkillState.objects.bulk_create(
        SkillState(user=u, skill=s.key, level=(i + j) % 5, misses_in_a_row=(i * j) % 4)
        for i, u in enumerate(users)
        for j, s in enumerate(skills.SKILLS)
    )
    # Answers written in bulk skip the figures kept with each answer: count them.
    deal_figures.recount()
    deal_figures.recount_activity([u.pk for u in users])
    Assignment.objects.create(classroom=classroom, kind="lesson", lesson="badugi")
    Assignment.objects.create(classroom=classroom, kind="skill", skill="side-pots")
    deals = Assignment.objects.create(classroom=classroom, kind="deals")
    deals.deals.set(practice[:5])
    return teacher, classroom


def bench_classes(options: argparse.Namespace) -> list[Line]:
    from django.test import Client

    from lessons import skills

    batches, per_batch = (2, 1) if options.quick else (10, 3)
    teacher, classroom = _class_with_history()
    client = Client()
    client.force_login(teacher)
    size = f"{LEARNERS} learners x {len(skills.SKILLS)} skills, {ANSWERS:,} answers"
    lines = []
    for label, url, target in (
        (f"class page, {size}", f"/teach/{classroom.pk}/", PAGE_TARGET_MS),
        (f"class CSV, {size}", f"/teach/{classroom.pk}/grid.csv", CSV_TARGET_MS),
        (f"admin deal list with figures, {DEALS} deals", "/admin/lessons/deal/", ADMIN_TARGET_MS),
    ):
        _, best = mean_and_best([timed_get(client, url)] * per_batch, batches)
        lines.append(Line(label, f"{best:.1f} ms", f"< {target:g} ms", best < target))
    return lines


def main(argv: list[str] | None = None, *, own_database: bool = True) -> int:
    """Print each line with its verdict; 1 if any target was missed."""
    return database_bench_main("classes", __doc__, bench_classes, argv, own_database)


if __name__ == "__main__":
    sys.exit(main())
