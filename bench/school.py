"""A whole school: ``python -m bench.school`` (``--quick`` for a smoke run).

The school issue's question is whether a page costs what its own learner
or class holds, or grows with the whole site. So one learner and one class
are measured twice: first on a small site, then after the rest of the
school has grown around them (10,000 learners, 300 classes and over a
million answers; ``--quick`` grows to a tenth of that). The measured
learner and class hold exactly the same rows both times.

For each page it prints the server time at both sizes (the fastest batch's
mean, as the other database benches do) and the growth in CPU time: PASS
when the big figure is under the page's target and its CPU time within 1.5x
of the small one's. The two sizes are measured minutes apart, so on a shared
machine a wall-clock ratio measured the machine's load as much as the code;
CPU time (this process's, plus the PostgreSQL backend's from /proc when the
database runs here) counts only the work the request itself did.

It runs on a throwaway database built by the migrations: SQLite unless
``DATABASE_URL`` points at PostgreSQL, where the issue's figures were taken.
Answers are written in bulk, so the summaries kept with each answer are
rebuilt from the log afterwards by the same code ``rebuild_deal_figures``
runs.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from bench.measure import Line, database_bench_main, mean_and_best, practice_deals, timed_get

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")

LEARNER_TARGET_MS = 30.0
CLASS_TARGET_MS = 50.0
ADMIN_TARGET_MS = 50.0
ANSWER_TARGET_MS = 5.0
MOST_GROWTH = 1.5
CLASS_SIZE = 40
FOCUS_ANSWERS = 2_000
CLASS_ANSWERS = 20_000
DEALS = 500
LESSON = "badugi"


@dataclass(frozen=True)
class Size:
    learners: int
    classes: int
    answers: int

    def __str__(self) -> str:
        return f"{self.learners:,} learners, {self.classes} classes, {self.answers:,} answers"


SMALL = Size(learners=200, classes=5, answers=40_000)
BIG = Size(learners=10_000, classes=300, answers=1_000_000)
QUICK_BIG = Size(learners=1_000, classes=30, answers=100_000)


@dataclass
class School:
    """The rows every measurement reads: the focus learner, the class and its teacher."""

    teacher: Any
    learner: Any
    classroom: Any
    learners: int = 0
    classes: int = 0
    answers: int = 0


def _deals() -> tuple[list[int], list[int]]:
    """Practice deals up to ``DEALS`` (the admin list's size), and the lesson exercises."""
    return practice_deals(DEALS, "school")


def _answers(users: list, count: int, deals: tuple[list[int], list[int]], seed: int) -> int:
    """``count`` answers spread over ``users`` and the last 60 days, written in chunks."""
    from django.utils import timezone

    from lessons import skills
    from lessons.models import Attempt, DiagnosedMistake

    practice, exercises = deals
    rng = random.Random(seed)
    now = timezone.now()
    names = list(skills.BY_MISCONCEPTION)
    written = 0
    while written < count:
        chunk = min(20_000, count - written)
        batch = []
        for _ in range(chunk):
            kind = rng.randrange(3)
            right = rng.random() < 0.7
            batch.append(
                Attempt(
                    user=rng.choice(users),
                    deal_id=None if kind == 0 else rng.choice(practice if kind == 1 else exercises),
                    drill_kind="badugi-cards" if kind == 0 else "",
                    item_key=f"badugi/1/{rng.randrange(10**9)}" if kind == 0 else "",
                    parts=[right],
                    correct=right,
                    hints_used=rng.random() < 0.2,
                    created_at=now - timedelta(seconds=rng.randrange(60 * 86_400)),
                )
            )
        made = Attempt.objects.bulk_create(batch, batch_size=2_000)
        DiagnosedMistake.objects.bulk_create(
            (
                DiagnosedMistake(
                    attempt=a,
                    misconception=names[i % len(names)],
                    user_id=a.user_id,
                    created_at=a.created_at,
                )
                for i, a in enumerate(made)
                if not a.correct and i % 4 == 0
            ),
            batch_size=2_000,
        )
        written += chunk
    return written


def _learners(prefix: str, count: int) -> list:
    from django.contrib.auth.models import User

    from lessons import skills
    from lessons.models import SkillState

    users = User.objects.bulk_create(
        (User(username=f"{prefix}-{n}") for n in range(count)), batch_size=2_000
    )
    SkillState.objects.bulk_create(
        (
            SkillState(user=u, skill=s.key, level=(i + j) % 5, misses_in_a_row=(i * j) % 4)
            for i, u in enumerate(users)
            for j, s in enumerate(skills.SKILLS)
        ),
        batch_size=5_000,
    )
    return users


def _classes(teacher_prefix: str, count: int, users: list) -> None:
    """``count`` classes with a teacher each, the learners dealt among them."""
    from django.contrib.auth.models import Group, User

    from lessons.classes import codes
    from lessons.models import Classroom, Membership

    teachers = Group.objects.get(name="Teachers")
    per = max(1, len(users) // max(1, count))
    for c in range(count):
        teacher = User.objects.create(username=f"{teacher_prefix}-{c}", is_staff=True)
        teacher.groups.add(teachers)
        room = Classroom.objects.create(name=f"{teacher_prefix} {c}", join_code=codes.new_code())
        room.teachers.add(teacher)
        Membership.objects.bulk_create(
            Membership(classroom=room, user=u) for u in users[c * per : (c + 1) * per]
        )


def _recount(user_ids: list[int]) -> None:
    from lessons.learners import deal_figures

    deal_figures.recount()
    for start in range(0, len(user_ids), 2_000):
        deal_figures.recount_activity(user_ids[start : start + 2_000])


def seed_small(deals: tuple[list[int], list[int]]) -> School:
    """The focus class (its learner among them) and a small rest of the school."""
    from django.contrib.auth.models import Group, User

    from lessons.classes import codes
    from lessons.models import Assignment, Classroom, Membership

    teacher = User.objects.create(username="school-teacher", is_staff=True)
    teacher.groups.add(Group.objects.get(name="Teachers"))
    classroom = Classroom.objects.create(name="focus class", join_code=codes.new_code())
    classroom.teachers.add(teacher)
    members = _learners("focus", CLASS_SIZE)
    Membership.objects.bulk_create(Membership(classroom=classroom, user=u) for u in members)
    Assignment.objects.create(classroom=classroom, kind="lesson", lesson=LESSON)
    Assignment.objects.create(classroom=classroom, kind="skill", skill="side-pots")
    learner = members[0]
    # The focus learner's own answers, then the rest of the class's.
    answers = _answers([learner], FOCUS_ANSWERS, deals, seed=1)
    answers += _answers(members[1:], CLASS_ANSWERS - FOCUS_ANSWERS, deals, seed=2)
    rest = _learners("small", SMALL.learners - CLASS_SIZE)
    _classes("small-teacher", SMALL.classes - 1, rest)
    answers += _answers(rest, SMALL.answers - answers, deals, seed=3)
    _recount([u.pk for u in members + rest])
    return School(teacher, learner, classroom, SMALL.learners, SMALL.classes, answers)


def grow(school: School, size: Size, deals: tuple[list[int], list[int]]) -> None:
    """The rest of the school grows around the focus learner and class, who gain nothing."""
    added = _learners("big", size.learners - school.learners)
    _classes("big-teacher", size.classes - school.classes, added)
    _answers(added, size.answers - school.answers, deals, seed=4)
    _recount([u.pk for u in added])
    school.learners, school.classes, school.answers = size.learners, size.classes, size.answers


def cpu_seconds(connection: Any = None) -> float:
    """CPU seconds used so far by this process, and by ``connection``'s database backend.

    SQLite runs inside this process. A PostgreSQL backend is another process:
    its user and system time are read from /proc when it runs on this machine
    and is readable (else only this process's time counts).
    """
    used = time.process_time()
    if connection is not None and connection.vendor == "postgresql":
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                pid = cursor.fetchone()[0]
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            used += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            pass
    return used


def _timings(school: School, options: argparse.Namespace) -> dict[str, tuple[float, float]]:
    """Each page for the focus learner and class: (fastest batch's ms, CPU ms per request).

    Seeding leaves this process with a heap no server has (a million model
    objects made and dropped), and Python's collector walks every tracked
    object on its full passes. So the heap is collected and frozen first:
    what is timed is the request, as a server worker that never seeded
    anything would serve it.
    """
    gc.collect()
    gc.freeze()
    from django.contrib.sessions.backends.base import SessionBase
    from django.test import Client, RequestFactory
    from django.utils import timezone

    from lessons.exercises.blocks import ExerciseBlock
    from lessons.exercises.model_answers import right_answer
    from lessons.learners import progress
    from lessons.models import Deal, StudySession

    batches, per_batch = (2, 2) if options.quick else (8, 4)
    since = timezone.now()
    learner = Client()
    learner.force_login(school.learner)
    teacher = Client()
    teacher.force_login(school.teacher)
    exercise = Deal.objects.published().filter(lesson=LESSON).first()
    if exercise is None:
        raise SystemExit(f"the {LESSON} lesson has no exercise to answer")
    answer = right_answer(exercise)

    def start_session() -> None:
        # A fresh session each time: an open, untouched one would be reused.
        StudySession.objects.filter(user=school.learner, finished=None).delete()
        response = learner.post("/study/start/", {"kind": "practice"})
        if response.status_code != 302:
            raise SystemExit(f"/study/start/ answered {response.status_code}")

    def check_request() -> None:
        response = learner.post(exercise.check_url, answer)
        if response.status_code != 200:
            raise SystemExit(f"the answer check answered {response.status_code}")

    # Recording alone (the attempt, the kept figures, the skills and FSRS
    # step, in one transaction): the write every answer pays, which is what
    # grows with the answer log if anything does.
    request = RequestFactory().post(exercise.check_url, answer)
    request.user = school.learner
    request.session = SessionBase()
    checked = ExerciseBlock.of(exercise, request.POST)
    form = checked.form
    assert form is not None
    form.checked = True
    form.is_valid()

    def one_answer() -> None:
        if progress.record_attempt(request, exercise, form) is None:
            raise SystemExit("the answer was not recorded")

    pages: dict[str, Callable[[], None]] = {
        "lesson page": timed_get(learner, f"/{LESSON}/"),
        "home": timed_get(learner, "/"),
        "/progress/": timed_get(learner, "/progress/"),
        "study start": start_session,
        f"class page ({CLASS_SIZE} learners)": timed_get(teacher, f"/teach/{school.classroom.pk}/"),
        f"admin deal list ({DEALS} deals)": timed_get(teacher, "/admin/lessons/deal/"),
        "one answer recorded": one_answer,
        "one answer, the whole check request": check_request,
    }
    from django.db import connection

    found = {}
    for label, call in pages.items():
        cpu_before = cpu_seconds(connection)
        _, best = mean_and_best([call] * per_batch, batches)
        cpu = (cpu_seconds(connection) - cpu_before) * 1000 / (per_batch * (batches + 1))
        found[label] = (best, cpu)
    # The answers just sent are the focus learner's: take them back so both
    # sizes measure the same rows.
    from lessons.learners import deal_figures
    from lessons.models import Attempt

    Attempt.objects.filter(user=school.learner, deal=exercise, created_at__gte=since).delete()
    deal_figures.recount([exercise.pk])
    return found


def _target(label: str) -> float:
    if label.startswith("class page"):
        return CLASS_TARGET_MS
    if label.startswith("admin"):
        return ADMIN_TARGET_MS
    if label == "one answer recorded":
        return ANSWER_TARGET_MS
    return LEARNER_TARGET_MS


def bench_school(options: argparse.Namespace) -> list[Line]:
    from django.db import connection

    big = QUICK_BIG if options.quick else BIG
    deals = _deals()
    school = seed_small(deals)
    small = _timings(school, options)
    grow(school, big, deals)
    large = _timings(school, options)
    engine = connection.vendor
    lines = [Line(f"database: {engine}; small: {SMALL}; big: {big}", "", "", None)]
    for label, (at_small, cpu_small) in small.items():
        at_big, cpu_big = large[label]
        ratio = cpu_big / cpu_small if cpu_small else 1.0
        target = _target(label)
        lines.append(
            Line(
                f"{label}: {at_small:.1f} ms small; CPU {cpu_small:.1f} -> {cpu_big:.1f} ms"
                f" = x{ratio:.2f}",
                f"{at_big:.1f} ms",
                f"< {target:g} ms, CPU <= x{MOST_GROWTH}",
                at_big < target and ratio <= MOST_GROWTH,
            )
        )
    return lines


def main(argv: list[str] | None = None, *, own_database: bool = True) -> int:
    """Print each line with its verdict; 1 if any target was missed."""
    return database_bench_main("school", __doc__, bench_school, argv, own_database)


if __name__ == "__main__":
    sys.exit(main())
