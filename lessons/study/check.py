"""The same-deals check: a short fixed test taken before and after a week of practice.

Does practising here make learners better? Levels and FSRS say how a
learner does on the items the site chose for them, which is not the same
question. The check asks it directly: ``ITEMS`` decisions, the same ones
for everyone, taken once at the start and once more after at least
``WEEK`` of practice.

Two forms, A and B, test the same skills at the same game and difficulty
with different deals (``form_items``), so the second check is not the first
one remembered. Which form comes first alternates between learners
(``first_form``), so that if one form turns out easier the class's
before-and-after is not skewed by it. An answer is right when it is right
without hints. A check is a stored session (``StudySession.CHECK``) answered
on the session pages like any other; one left unfinished closes with its
day and does not count.

The learner sees both scores and the change with a 95% interval
(Newcombe's method from two Wilson intervals); a teacher sees the class's
mean change with its interval. docs/learning.md says what this does and
does not prove.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from evaluator.drills import MAX_SEED, generate
from lessons import skills
from lessons.learners import skill_records
from lessons.models import Learner, StudyItem, StudySession

ITEMS = 8
WEEK = timedelta(days=7)
FORMS = ("A", "B")
Z = 1.96
SEED_TRIES = 50


def check_skills() -> list[skills.Skill]:
    """The skills the check tests: every other skill of the course, from the first."""
    return list(skills.SKILLS[::2][:ITEMS])


@cache
def form_items(form: str) -> tuple[tuple[str, str, int, int], ...]:
    """(skill, game, difficulty, seed) of each item of ``form``: fixed, the same for everyone."""
    found = []
    for skill in check_skills():
        rng = random.Random(f"same-deals-check/{form}/{skill.key}")
        game = skill.games[0]
        found.append((skill.key, game, skill.difficulty, _seed_for(skill, game, rng)))
    return tuple(found)


def _seed_for(skill: skills.Skill, game: str, rng: random.Random) -> int:
    """The first seed from ``rng`` whose item exercises ``skill`` (a tie, side pots...)."""
    seed = rng.randrange(MAX_SEED + 1)
    for _ in range(SEED_TRIES):
        item = generate(skill.drill, game, skill.difficulty, seed)
        if skill.key in skill_records.item_skills(item):
            return seed
        seed = rng.randrange(MAX_SEED + 1)
    return seed


def first_form(learner: Learner) -> str:
    """The form a learner takes first: alternating between learners."""
    number = learner.user_id if learner.user_id is not None else sum(map(ord, learner.key))
    return FORMS[number % 2]


def rows_for(learner: Learner, number: int) -> list[StudyItem]:
    """The unsaved items of the learner's check ``number`` (1 or 2)."""
    first = first_form(learner)
    form = first if number == 1 else FORMS[1 - FORMS.index(first)]
    return [
        StudyItem(
            position=position,
            skill=key,
            purpose="check",
            drill_kind=skills.BY_KEY[key].drill,
            game=game,
            difficulty=difficulty,
            seed=seed,
        )
        for position, (key, game, difficulty, seed) in enumerate(form_items(form), start=1)
    ]


@dataclass(frozen=True)
class Score:
    right: int
    total: int
    when: datetime

    @property
    def share(self) -> float:
        return self.right / self.total if self.total else 0.0

    @property
    def percent(self) -> int:
        return round(100 * self.share)


@dataclass(frozen=True)
class Change:
    """The change from the first check to the second, in percentage points, with its interval."""

    points: int
    low: int
    high: int


@dataclass(frozen=True)
class Status:
    first: Score | None
    second: Score | None
    opens: datetime | None  # when the second check may be taken
    open_session: StudySession | None

    @property
    def change(self) -> Change | None:
        if self.first is None or self.second is None:
            return None
        return difference(self.first, self.second)

    def can_start(self, now: datetime) -> bool:
        if self.second is not None:
            return False
        return self.first is None or (self.opens is not None and now >= self.opens)


def wilson(right: int, total: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``right / total``."""
    if not total:
        return 0.0, 1.0
    share = right / total
    centre = (share + Z * Z / (2 * total)) / (1 + Z * Z / total)
    half = Z * math.sqrt(share * (1 - share) / total + Z * Z / (4 * total * total))
    half /= 1 + Z * Z / total
    return max(0.0, centre - half), min(1.0, centre + half)


def difference(before: Score, after: Score) -> Change:
    """After minus before, with Newcombe's 95% interval (method 10, from Wilson intervals)."""
    p1, p2 = before.share, after.share
    l1, u1 = wilson(before.right, before.total)
    l2, u2 = wilson(after.right, after.total)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return Change(round(100 * d), round(100 * low), round(100 * high))


def score_of(session: StudySession, items: Sequence[StudyItem]) -> Score | None:
    """A finished check's score (right without hints), or None if any item went unanswered."""
    if session.finished is None or any(i.answered_at is None for i in items):
        return None
    right = sum(1 for i in items if i.correct and not i.hints)
    return Score(right, len(items), session.finished)


def status(learner: Learner, now: datetime) -> Status:
    """The learner's checks: the counted scores, when the second opens, one still open."""
    if not learner.known:
        return Status(None, None, None, None)
    sessions = list(
        StudySession.objects.of_learner(learner)
        .filter(kind=StudySession.CHECK)
        .order_by("created", "pk")
        .prefetch_related("items")
    )
    return _status_of(sessions, now)


def class_statuses(user_ids: Any, now: datetime) -> list[Status]:
    """Each listed account's checks, from one query for the sessions and one for their items."""
    sessions = (
        StudySession.objects.filter(kind=StudySession.CHECK, user_id__in=user_ids)
        .order_by("user_id", "created", "pk")
        .prefetch_related("items")
    )
    by_user: dict[int, list[StudySession]] = {}
    for session in sessions:
        by_user.setdefault(session.user_id or 0, []).append(session)
    return [_status_of(mine, now) for mine in by_user.values()]


def _status_of(sessions: Sequence[StudySession], now: datetime) -> Status:
    scores: list[Score] = []
    open_session = None
    for session in sessions:
        found = score_of(session, list(session.items.all()))
        if found is not None:
            scores.append(found)
        elif session.finished is None and now < session.created + timedelta(days=1):
            open_session = session
    first = scores[0] if scores else None
    second = scores[1] if len(scores) > 1 else None
    return Status(first, second, first.when + WEEK if first else None, open_session)


@dataclass(frozen=True)
class ClassChange:
    """A class's mean change between the checks, over the learners who took both."""

    learners: int
    before: int  # mean percent right
    after: int
    points: int
    low: int | None  # None with fewer than two learners
    high: int | None


def class_change(statuses: Sequence[Status]) -> ClassChange | None:
    """The mean of the learners' changes with a 95% interval (normal approximation)."""
    pairs = [(s.first, s.second) for s in statuses if s.first and s.second]
    if not pairs:
        return None
    changes = [after.share - before.share for before, after in pairs]  # type: ignore[union-attr]
    n = len(changes)
    mean = sum(changes) / n
    before = sum(b.share for b, _ in pairs) / n  # type: ignore[union-attr]
    after = sum(a.share for _, a in pairs) / n  # type: ignore[union-attr]
    if n < 2:
        return ClassChange(
            n, round(100 * before), round(100 * after), round(100 * mean), None, None
        )
    sd = math.sqrt(sum((c - mean) ** 2 for c in changes) / (n - 1))
    half = Z * sd / math.sqrt(n)
    return ClassChange(
        n,
        round(100 * before),
        round(100 * after),
        round(100 * mean),
        round(100 * (mean - half)),
        round(100 * (mean + half)),
    )
