"""Practice sessions and mastery challenges: which items, in what order, and the summary.

A practice session is about ten fresh drill items chosen from the learner's
skills (``SkillState``), in the schedule's order: first the reviews FSRS
says are due, then new skills at a steady pace (``mastery.NEW_PER_DAY``),
then practice: the skills in progress, weakest first (the lowest FSRS
retrievability; those behind the misconceptions the engine diagnosed in
recent wrong answers come twice). Only an answer to a due skill is a review
of its card; practice moves the level alone. The items are interleaved: no
two of one skill follow each other when the session has two skills or more.
A mastery challenge is a short mixed set over the proficient skills.

Every item is a new one: a seed drawn at random and recorded, so the item
can be dealt again, and never one (kind, game, difficulty, seed) the learner
has already seen on a drill page or in a session. The session and its items
are stored, so a reload or a second tab carries on where the learner is.

Answering claims the item with a conditional UPDATE (``answered_at IS
NULL``) inside the transaction that records the attempt: two tabs posting
the same item at once record it once.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from evaluator.drills import MAX_SEED, generate
from lessons import skills
from lessons.course import SectionLink, section_link
from lessons.learners import mastery, progress, skill_records
from lessons.memory import parameters as memory_parameters
from lessons.memory import retention as memory_retention
from lessons.models import (
    Attempt,
    Learner,
    SkillState,
    StudyItem,
    StudySession,
)

SESSION_SIZE = 10
CHALLENGE_SIZE = 5
SEED_TRIES = 25  # seeds tried for an item that must show something (a tie, side pots)


class StudyError(Exception):
    """A session that cannot be made; the message says what to do instead."""


@dataclass(frozen=True)
class Planned:
    skill: str
    purpose: str  # mastery.REVIEW, PRACTICE, NEW or CHALLENGE


def states_of(learner: Learner) -> list[SkillState]:
    return list(SkillState.objects.of_learner(learner))


def leaning(states: Iterable[SkillState]) -> Counter[str]:
    """How many recent wrong answers point at each skill, through their misconceptions."""
    weights: Counter[str] = Counter()
    for state in states:
        for name in state.recent_mistakes or ():
            key = skills.BY_MISCONCEPTION.get(str(name))
            if key:
                weights[key] += 1
    return weights


def retrievability(state: SkillState, now: datetime, weights: Weights = None) -> float:
    """The chance FSRS gives of a right answer now: 0 for a skill never reviewed."""
    return mastery.retrievability(state.card or None, now, weights)


Weights = tuple[float, ...] | None


def plan(
    states: Sequence[SkillState],
    now: datetime,
    size: int = SESSION_SIZE,
    weights: Weights = None,
    opened_today: int = 0,
) -> list[Planned]:
    """The session's skills, interleaved: due reviews, then new skills, then practice.

    Which skills, in the schedule's order:

    1. the reviews FSRS says are due, oldest due first;
    2. new skills at the day's pace (``mastery.new_allowance``: two a day,
       one once reviews pile up, ``opened_today`` already counted), those
       behind a misconception the learner keeps showing first, then the next
       in course order; a new skill always gets its place, however many
       reviews wait, so the course moves on every study day;
    3. practice to fill the session: the skills in progress that are not
       due, the one least likely to be answered right now (FSRS's
       retrievability with ``weights``) first, those behind recent
       misconceptions coming round twice, and the new skills again. A
       practice answer moves the level, never the card
       (``mastery.take_step``): it is not a review.

    In what order: ``interleave``, so no two items of one skill are next to
    each other whenever the session has two skills or more.
    """
    by_skill = {s.skill: s for s in states if s.skill in skills.BY_KEY}
    leaning_to = leaning(by_skill.values())
    due = sorted(
        (s for s in by_skill.values() if s.level and s.due is not None and s.due <= now),
        key=lambda s: (s.due, skills.ORDER[s.skill]),
    )
    fresh = [
        k.key for k in skills.SKILLS if by_skill.get(k.key) is None or not by_skill[k.key].level
    ]
    leaning_in = [k for k, _ in leaning_to.most_common() if k in fresh]
    in_order = leaning_in + [k for k in fresh if k not in leaning_in]
    opening = in_order[: mastery.new_allowance(len(due), opened_today)]
    opening = opening[: max(1, size - len(due))]  # reviews first, but one new skill always
    planned = [Planned(s.skill, mastery.REVIEW) for s in due][: max(0, size - len(opening))]
    planned += [Planned(k, mastery.NEW) for k in opening]
    reviewed = {p.skill for p in planned}
    strength = {key: retrievability(state, now, weights) for key, state in by_skill.items()}
    working = sorted(
        (
            s
            for s in by_skill.values()
            if mastery.ATTEMPTED <= s.level < mastery.MASTERED and s.skill not in reviewed
        ),
        key=lambda s: (
            round(strength[s.skill], 3),
            -leaning_to[s.skill],
            s.level,
            skills.ORDER[s.skill],
        ),
    )
    pool = [Planned(s.skill, mastery.PRACTICE) for s in working]
    pool += [Planned(k, mastery.PRACTICE) for k in opening]
    if not pool and not planned:  # everything mastered and nothing due: keep it fresh
        rest = sorted(
            by_skill.values(),
            key=lambda s: (round(strength[s.skill], 3), s.due or now, skills.ORDER[s.skill]),
        )
        pool = [Planned(s.skill, mastery.PRACTICE) for s in rest]
    extra = [p for p in pool if leaning_to[p.skill]]  # the leaning: these come round twice
    cycle = pool + extra
    n = 0
    while cycle and len(planned) < size:
        planned.append(cycle[n % len(cycle)])
        n += 1
    # Skills that may stand in for a skill too many items would have to repeat back to
    # back: started ones, weakest first. Never a new skill past the day's pace.
    used = {p.skill for p in planned}
    spare = [
        Planned(s.skill, mastery.PRACTICE)
        for s in sorted(by_skill.values(), key=lambda s: strength[s.skill])
        if s.level and s.skill not in used
    ]
    return interleave(balance(planned, spare))


def balance(planned: list[Planned], spare: Sequence[Planned]) -> list[Planned]:
    """Counts that can be interleaved: no skill in more than half the items (rounded up).

    An excess item of the commonest skill is handed to the next spare skill
    (the weakest first); with none left, it is dropped and the session is shorter.
    """
    items = list(planned)
    spares = list(spare)
    while True:
        counts = Counter(p.skill for p in items)
        if len(counts) < 2:
            return items
        top, most = counts.most_common(1)[0]
        if most <= (len(items) + 1) // 2:
            return items
        last = max(
            i
            for i, p in enumerate(items)
            if p.skill == top and p.purpose not in (mastery.REVIEW, mastery.NEW)
        )
        if spares:
            items[last] = spares.pop(0)
        else:
            del items[last]


def interleave(planned: Sequence[Planned]) -> list[Planned]:
    """The items in their order of priority, moved only as far as keeps one skill from
    coming twice in a row.

    At each place the earliest item left whose skill differs from the last
    one is taken, provided the rest can still be ordered that way: with ``n``
    items left after it, the skill just placed may have at most ``n // 2`` of
    them and any other skill ``(n + 1) // 2``. When every skill fits the
    counts (``balance`` sees to it), some item always passes.
    """
    left = list(planned)
    placed: list[Planned] = []
    while left:
        previous = placed[-1].skill if placed else None
        chosen = next(
            (
                i
                for i, p in enumerate(left)
                if p.skill != previous and _can_follow(left[:i] + left[i + 1 :], p.skill)
            ),
            0,  # only one skill left: nothing to interleave with
        )
        placed.append(left.pop(chosen))
    return placed


def _can_follow(rest: Sequence[Planned], last: str) -> bool:
    counts = Counter(p.skill for p in rest)
    n = len(rest)
    return all(c <= (n // 2 if skill == last else (n + 1) // 2) for skill, c in counts.items())


def challenge_plan(states: Sequence[SkillState], size: int = CHALLENGE_SIZE) -> list[Planned]:
    """A mixed set over the proficient skills, each in turn."""
    ready = sorted(
        (s for s in states if s.level == mastery.PROFICIENT and s.skill in skills.BY_KEY),
        key=lambda s: skills.ORDER[s.skill],
    )
    if not ready:
        raise StudyError(
            "A mastery challenge needs a proficient skill: practise until a skill reads "
            "Proficient, then try again."
        )
    return [Planned(ready[n % len(ready)].skill, mastery.CHALLENGE) for n in range(size)]


def _candidate(skill: skills.Skill, seed_source: Any, game: str = "") -> int:
    """A seed whose item exercises ``skill`` (some drills deal plain pots as well as side pots)."""
    seed = seed_source()
    if not skill.needs:
        return seed
    for _ in range(SEED_TRIES):
        item = generate(skill.drill, game or skill.game, skill.difficulty, seed)
        if skill.key in skill_records.item_skills(item):
            return seed
        seed = seed_source()
    return seed


def seen_keys(learner: Learner, kinds: set[str], keys: set[str]) -> set[tuple[str, str]]:
    """Which of these (kind, "game/difficulty/seed") items the learner has met: one query each."""
    # Looked up by item through its own index, then kept if the learner's: scoping by
    # owner first would make the database walk every answer the learner ever gave.
    owner = (learner.user_id, "") if learner.user_id is not None else (None, learner.key)
    rows = Attempt.objects.filter(drill_kind__in=kinds, item_key__in=keys).values_list(
        "drill_kind", "item_key", "user_id", "learner_key"
    )
    seen = {(kind, key) for kind, key, user, lkey in rows if (user, lkey) == owner}
    sessions = StudySession.objects.of_learner(learner)
    dealt = StudyItem.objects.filter(
        session__in=sessions,
        drill_kind__in=kinds,
        seed__in=[int(k.rpartition("/")[2]) for k in keys],
    ).values_list("drill_kind", "game", "difficulty", "seed")
    seen.update((kind, f"{game}/{difficulty}/{seed}") for kind, game, difficulty, seed in dealt)
    return seen


def start(
    request: HttpRequest, kind: str = StudySession.PRACTICE, seed_source: Any = None
) -> StudySession:
    """A new session for this learner, unless one of ``kind`` is open and untouched.

    Starting again before answering anything goes back to that session (a
    double click, a reload, a visitor pressing Start over and over), so
    pressing Start cannot fill the database with sessions: a new one needs
    an answer in the last. After an answer, Start builds a fresh session
    from what is due now, as the home page's "start a session with N
    reviews" promises. ``seed_source`` is for tests.
    """
    learner = progress.learner_of(request, create=True)
    if kind == StudySession.CHECK:
        return _start_check(learner)
    open_one = unfinished(learner)
    if (
        open_one is not None
        and open_one.kind == kind
        and not open_one.items.filter(answered_at__isnull=False).exists()
    ):
        return open_one
    return build(learner, kind, timezone.now(), seed_source)


def _start_check(learner: Learner) -> StudySession:
    """The learner's same-deals check: the open one, else a new one if one is due."""
    from lessons.study import check

    now = timezone.now()
    found = check.status(learner, now)
    if found.open_session is not None:
        return found.open_session
    if not found.can_start(now):
        if found.second is not None:
            raise StudyError("You have taken both checks; your before and after are on /study/.")
        assert found.opens is not None
        raise StudyError(
            f"The second check opens on {found.opens:%-d %B} (UTC), after a week of practice."
        )
    rows = check.rows_for(learner, 1 if found.first is None else 2)
    with transaction.atomic():
        session = StudySession.objects.create(
            **learner.owner(), kind=StudySession.CHECK, created=now
        )
        for row in rows:
            row.session = session
        StudyItem.objects.bulk_create(rows)
    return session


def build(learner: Learner, kind: str, now: datetime, seed_source: Any = None) -> StudySession:
    draw = seed_source or (lambda: secrets.randbelow(MAX_SEED + 1))
    states = states_of(learner)
    weights = memory_parameters.in_use(learner).parameters
    if kind == StudySession.CHALLENGE:
        planned = challenge_plan(states)
    else:
        opened = memory_retention.opened_on(learner, now)
        planned = plan(states, now, weights=weights, opened_today=opened)
    rows: list[StudyItem] = []
    turns: Counter[str] = Counter()
    for position, entry in enumerate(planned, start=1):
        skill = skills.BY_KEY[entry.skill]
        # A skill that applies in several games takes them in turn, starting
        # at a random one so that one-item sessions still meet every game.
        games = skill.games
        start = turns[skill.key] or 1 + draw() % len(games)
        turns[skill.key] = start + 1
        game = games[(start - 1) % len(games)]
        rows.append(
            StudyItem(
                position=position,
                skill=skill.key,
                purpose=entry.purpose,
                drill_kind=skill.drill,
                game=game,
                difficulty=skill.difficulty,
                seed=_candidate(skill, draw, game),
            )
        )
    # Never an item seen before: re-deal any that clash (with random seeds, almost never).
    for _ in range(5):
        keys = {r.item_key for r in rows}
        seen = seen_keys(learner, {r.drill_kind for r in rows}, keys)
        taken: set[tuple[str, str]] = set()
        clash = False
        for row in rows:
            key = (row.drill_kind, row.item_key)
            if key in seen or key in taken:
                row.seed = _candidate(skills.BY_KEY[row.skill], draw, row.game)
                clash = True
            taken.add((row.drill_kind, row.item_key))
        if not clash:
            break
    with transaction.atomic():
        session = StudySession.objects.create(**learner.owner(), kind=kind, created=now)
        for row in rows:
            row.session = session
        StudyItem.objects.bulk_create(rows)
    return session


def session_of(request: HttpRequest, session_id: int) -> StudySession | None:
    """The learner's own session, or None (another learner's is never found)."""
    learner = progress.learner_of(request)
    return StudySession.objects.of_learner(learner).filter(pk=session_id).first()


def items_of(session: StudySession) -> list[StudyItem]:
    return list(session.items.order_by("position"))


def current(items: Sequence[StudyItem]) -> StudyItem | None:
    """The first item not answered yet; None when the session is done."""
    return next((item for item in items if item.answered_at is None), None)


def end_of_day(moment: datetime) -> datetime:
    """When a session started at ``moment`` closes: the end of its UTC day."""
    return mastery.day_start(moment) + timedelta(days=1)


def closed(session: StudySession, now: datetime) -> bool:
    """Whether the session is over: every item answered, or its day has ended."""
    return session.finished is not None or now >= end_of_day(session.created)


def unfinished(learner: Learner, now: datetime | None = None) -> StudySession | None:
    """Today's open session, if any. One left open on an earlier day is closed now.

    A session belongs to its day: the reviews it was built from were the
    ones due then, so it closes at the end of its UTC day, finished at that
    moment, with its unanswered items left unanswered.
    """
    if not learner.known:
        return None
    now = now or timezone.now()
    latest = (
        StudySession.objects.of_learner(learner)
        .filter(finished__isnull=True)
        .order_by("-created", "-pk")
        .first()
    )
    if latest is None or not closed(latest, now):
        return latest
    stale = StudySession.objects.of_learner(learner).filter(
        finished__isnull=True, created__lt=mastery.day_start(now)
    )
    for session in stale.only("pk", "created"):
        StudySession.objects.filter(pk=session.pk, finished__isnull=True).update(
            finished=end_of_day(session.created)
        )
    return None


def answer(
    request: HttpRequest,
    session: StudySession,
    item: StudyItem,
    table: Any,
    form: Any,
) -> bool:
    """Record a checked answer to ``item``; False when another tab answered it first.

    The item is claimed with a conditional UPDATE, so only one of two
    simultaneous posts goes on to record the attempt and move the skills.
    """
    now = timezone.now()
    if closed(session, now) and session.finished is None:
        unfinished(progress.learner_of(request), now)  # closes it, as the page says
        return False
    results = form.results
    mistake = next(
        (r.misconception.name for r in results if not r.ok and r.misconception is not None), ""
    )
    with transaction.atomic():
        claimed = StudyItem.objects.filter(pk=item.pk, answered_at__isnull=True).update(
            answered_at=now,
            correct=bool(form.all_right),
            hints=min(int(form.hints_taken or 0), 32767),
            misconception=mistake[:60],
        )
        if not claimed:
            return False
        attempt = progress.record_drill_attempt(
            request,
            item.drill_kind,
            item.item_key,
            bool(form.all_right),
            parts=[r.ok for r in results],
            hints_used=int(form.hints_taken or 0),
            answer=progress.answer_data(request),
            table=table,
            results=results,
            purpose=item.purpose,
            skill=item.skill,
            source="study",
            shown_at=shown_at(session, item),
        )
        changes = getattr(attempt, "skill_changes", [])
        change = next((c for c in changes if c.skill == item.skill), None)
        written = [[c.skill, c.before, c.after] for c in changes]
        if change is not None:
            StudyItem.objects.filter(pk=item.pk).update(
                level_before=change.before, level_after=change.after, changes=written
            )
        else:
            StudyItem.objects.filter(pk=item.pk).update(changes=written)
        if not StudyItem.objects.filter(session=session, answered_at__isnull=True).exists():
            StudySession.objects.filter(pk=session.pk, finished__isnull=True).update(finished=now)
    return True


def shown_at(session: StudySession, item: StudyItem) -> datetime:
    """When the item came up: the previous item's answer, else the session's start."""
    before = (
        session.items.filter(position__lt=item.position, answered_at__isnull=False)
        .order_by("-answered_at")
        .values_list("answered_at", flat=True)
        .first()
    )
    return before or session.created


def skill_link(skill: skills.Skill) -> SectionLink:
    """The lesson section that teaches ``skill``, titled as the page heads it."""
    return section_link(skill.section)


# ---- The summary ------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    skill: skills.Skill
    before: int
    after: int

    @property
    def words(self) -> str:
        return f"{mastery.level_name(self.before)} to {mastery.level_name(self.after)}"

    @property
    def now(self) -> str:
        return mastery.level_name(self.after)


@dataclass
class Summary:
    right: int
    answered: int
    total: int
    up: list[Move]
    down: list[Move]
    next_due: list[tuple[skills.Skill, str]]
    weakest: skills.Skill | None
    weakest_link: SectionLink | None
    started: list[Move] = field(default_factory=list)  # first answers: Not started to Learning


def _changes_of(item: StudyItem) -> list[tuple[str, int, int]]:
    """Every (skill, before, after) the item's answer wrote, in the order written.

    An item answered before ``changes`` was kept has only its own skill's levels.
    """
    found: list[tuple[str, int, int]] = []
    for entry in item.changes if isinstance(item.changes, list) else ():
        if (
            isinstance(entry, list)
            and len(entry) == 3
            and isinstance(entry[0], str)
            and all(isinstance(n, int) for n in entry[1:])
        ):
            found.append((entry[0], entry[1], entry[2]))
    if not found and item.level_before is not None and item.level_after is not None:
        found.append((item.skill, item.level_before, item.level_after))
    return found


def summary(learner: Learner, items: Sequence[StudyItem], now: datetime) -> Summary:
    """What the session did: items right, skills up and down, what comes due, where to read."""
    answered = [i for i in items if i.answered_at is not None]
    first: dict[str, int] = {}
    last: dict[str, int] = {}
    wrong: Counter[str] = Counter()
    for item in answered:
        for skill, before, after in _changes_of(item):
            first.setdefault(skill, before)
            last[skill] = after
        if not item.correct:
            wrong[item.skill] += 1
    moves = [
        Move(skills.BY_KEY[k], first[k], last[k])
        for k in last
        if k in first and k in skills.BY_KEY and first[k] != last[k]
    ]
    states = SkillState.objects.of_learner(learner).filter(due__isnull=False).order_by("due")
    next_due = [
        (skills.BY_KEY[s.skill], mastery.due_in_words(s.due, now))
        for s in states[:3]
        if s.skill in skills.BY_KEY
    ]
    weakest = None
    missed = [k for k in last if wrong[k]]
    if missed:  # something to read only when something was missed
        key = min(missed, key=lambda k: (last[k], -wrong[k], skills.ORDER.get(k, 0)))
        weakest = skills.BY_KEY.get(key)
    # Not started to Learning is the first answer, right or wrong: "started", not "up".
    started = [m for m in moves if (m.before, m.after) == (mastery.NOT_STARTED, mastery.ATTEMPTED)]
    return Summary(
        right=sum(1 for i in answered if i.correct),
        answered=len(answered),
        total=len(items),
        up=[m for m in moves if m.after > m.before and m not in started],
        down=[m for m in moves if m.after < m.before],
        started=started,
        next_due=next_due,
        weakest=weakest,
        weakest_link=skill_link(weakest) if weakest else None,
    )


# ---- What the home and skills pages read ------------------------------------------------
