"""A learner's progress: recording attempts and reading them back.

Who the learner is: a signed-in account, or else a random key kept in the
session (made on the first answer, so browsing sets no cookie). Signing up
or in moves the session's attempts and checklist ticks to the account
(``adopt_session_progress``, connected to ``user_logged_in``). Every read
starts from ``Attempt.objects.of_learner``, so one learner never sees
another's rows.

Attempts are only inserted, never updated: two tabs answering at once each
add their own row. An exercise is "new" with no attempt, "tried" with
attempts but none right, "solved" once any attempt was right.

There is one review schedule, the skills' FSRS cards
(``lessons.learners.mastery``): /progress/, home and /study/ all read it.
A wrong exercise is listed among the answers missed most recently, and its
skills come back through their reviews.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, IntegerField, JSONField, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest
from django.middleware.csrf import CSRF_SECRET_LENGTH
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac

from lessons import course, events
from lessons.learners import deal_figures, owned, skill_records
from lessons.memory import review_log
from lessons.models import (
    Attempt,
    ChecklistTicks,
    Deal,
    DealProgress,
    DiagnosedMistake,
    Learner,
)

SESSION_KEY = "learner_key"
NEW, TRIED, SOLVED = "new", "tried", "solved"
STATUS_TEXT = {NEW: "New", TRIED: "Tried, not solved yet", SOLVED: "Solved"}
MAX_ANSWER_CHARS = 4000  # a real answer is a few hundred characters


def learner_of(request: HttpRequest, create: bool = False) -> Learner:
    """The learner behind ``request``; ``create`` gives an anonymous one a session key."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return Learner(user.pk, "")
    key = request.session.get(SESSION_KEY, "")
    if not isinstance(key, str) or len(key) > 64:
        key = ""
    if not key and create:
        key = _first_learner_key(request)
        request.session[SESSION_KEY] = key
    return Learner(None, key)


def _first_learner_key(request: HttpRequest) -> str:
    """A newcomer's key: the same for every first answer their browser sends at once.

    Answers sent before the reply to the first one arrives (two quick checks,
    a double click) each come without a session, so each made a session and
    a random key of its own; the browser keeps one session cookie and the
    other answers were lost to it. Those requests do share the CSRF cookie
    the page set, so the key is derived from it (signed with the site's
    secret, so it cannot be worked out from the cookie): they all land under
    one key, whichever session the browser keeps. The hour goes into the
    key, so a browser whose session expired or was ended starts afresh
    instead of finding its old answers again. Without a usable cookie the
    key is random, as before.
    """
    secret = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    if len(secret) != CSRF_SECRET_LENGTH or not (secret.isascii() and secret.isalnum()):
        return secrets.token_urlsafe(32)
    hour = int(time.time() // 3600)
    signed = salted_hmac(SESSION_KEY, f"{secret}:{hour}", algorithm="sha256")
    return signed.hexdigest()[:43]


def answer_data(request: HttpRequest) -> dict[str, list[str]]:
    """The posted answer without the CSRF token, to fill the form again later."""
    # The answer timer's figure is kept in the review log, not with the answer.
    data = {
        k: v for k, v in request.POST.lists() if k not in ("csrfmiddlewaretoken", review_log.FIELD)
    }
    if sum(len(k) + sum(len(x) for x in v) for k, v in data.items()) > MAX_ANSWER_CHARS:
        return {}
    return data


def record_attempt(request: HttpRequest, deal: Deal, form: Any) -> Attempt | None:
    """Store a checked answer; a form with errors (nothing was checked) stores nothing."""
    if form is None or form.errors or not form.results:
        return None
    learner = learner_of(request, create=True)
    with transaction.atomic():  # the attempt and the skills it moves, together
        timing = review_log.timing_of(request, learner, timezone.now())
        attempt = Attempt(
            **learner.owner(),
            deal=deal,
            parts=[bool(result.ok) for result in form.results],
            correct=bool(form.all_right),
            hints_used=int(getattr(form, "hints_taken", 0) or 0),
            answer=answer_data(request),
        )
        deal_figures.save_answer(attempt)
        deal_figures.count_activity(attempt)
        answers = skill_records.from_results(deal, form.results, skill_records.table_shows(deal))
        skill_records.after_answer(
            learner,
            answers,
            f"deal:{deal.slug}",
            "practice",
            attempt.created_at,
            source="quick-check" if deal.section else "exercise",
            timing=timing,
            count_misses=True,
        )
        events.ANSWER_STORED.fire(learner, attempt, answers)
    return attempt


def record_drill_attempt(
    request: HttpRequest,
    kind: str,
    item_key: str,
    correct: bool,
    parts: Iterable[bool] = (),
    hints_used: int = 0,
    answer: Mapping[str, Any] | None = None,
    table: Any = None,
    results: Any = None,
    purpose: str = "practice",
    skill: str = "",
    source: str = "",
    shown_at: datetime | None = None,
) -> Attempt:
    """Store one answer to a drill item (``kind`` such as "badugi", ``item_key`` its URL or key).

    ``table`` and ``results`` (the checked item and its ``PartResult``s) let the
    skills it exercises take per-part verdicts, hints and misconceptions;
    ``purpose`` says whether it was a review or challenge item of a session,
    ``skill`` the skill the session chose it for (a challenge masters only that one).
    ``source`` names the feature for the review log ("drill", or "replay" for
    the replayer's quiz, unless given); ``shown_at``, when known, is when the
    item was put before the learner (the server clock's start without JavaScript).
    The attempt's ``skill_changes`` lists each skill's level before and after.
    """
    if not kind or len(kind) > 40 or len(item_key) > 300:
        raise ValueError(
            "A drill attempt needs a kind of 1-40 characters and a key of at most 300."
        )
    learner = learner_of(request, create=True)
    parts = [bool(p) for p in parts]
    source = source or ("replay" if kind == Attempt.REPLAY_QUIZ else "drill")
    with transaction.atomic():  # the attempt and the skills it moves, together
        timing = review_log.timing_of(request, learner, timezone.now(), shown_at)
        attempt = Attempt.objects.create(
            **learner.owner(),
            drill_kind=kind,
            item_key=item_key,
            parts=parts,
            correct=bool(correct),
            hints_used=hints_used,
            answer=dict(answer or {}),
        )
        deal_figures.count_activity(attempt)
        answers = skill_records.drill_answers(
            kind, item_key, correct, parts, hints_used, table, results
        )
        key = f"{kind}/{item_key}"
        changes = skill_records.after_answer(
            learner,
            answers,
            key,
            purpose,
            attempt.created_at,
            challenged=skill,
            source=source,
            timing=timing,
            count_misses=True,
        )
        events.ANSWER_STORED.fire(learner, attempt, answers)
        attempt.skill_changes = changes  # type: ignore[attr-defined]
    return attempt


def status_of(tries: int, rights: int) -> str:
    return SOLVED if rights else TRIED if tries else NEW


def status_of_deal(request: HttpRequest, deal: Deal, just_recorded: Attempt | None = None) -> str:
    """This learner's status for one exercise (one query, none after a right answer).

    ``just_recorded`` is the attempt this request stored: a right one solves
    the exercise whatever came before, so there is nothing to count.
    """
    if just_recorded is not None and just_recorded.correct:
        return SOLVED
    learner = learner_of(request)
    if not learner.known:
        return NEW
    counts = (
        Attempt.objects.of_learner(learner)
        .filter(deal=deal)
        .aggregate(tries=Count("id"), rights=Count("id", filter=Q(correct=True)))
    )
    return status_of(counts["tries"], counts["rights"])


@dataclass
class LessonProgress:
    lesson: str
    statuses: dict[str, str]  # slug -> status, in the lesson's order
    titles: dict[str, str] = field(default_factory=dict)
    numbers: dict[str, int] = field(default_factory=dict)
    ticked: list[int] = field(default_factory=list)

    @property
    def solved(self) -> int:
        return sum(1 for s in self.statuses.values() if s == SOLVED)

    @property
    def total(self) -> int:
        return len(self.statuses)

    def count_text(self) -> str:
        return f"{self.solved} of {self.total} solved in this lesson"


def lesson_progress(learner: Learner, lesson: str) -> LessonProgress:
    """Every published exercise of ``lesson`` with its status, and the checklist: one query."""
    deals = Deal.objects.published().for_lesson(lesson)
    if not learner.known:
        rows = list(deals.values("slug", "title", "number"))
        titles = {r["slug"]: r["title"] for r in rows}
        numbers = {r["slug"]: r["number"] for r in rows}
        return LessonProgress(lesson, dict.fromkeys(titles, NEW), titles, numbers)
    ticks = ChecklistTicks.objects.of_learner(learner).filter(lesson=lesson)
    rows = deals.values("slug", "title", "number").annotate(
        **_own_counts(learner),
        ticked=Subquery(ticks.values("ticked")[:1], output_field=JSONField()),
    )
    progress = LessonProgress(lesson, {})
    for row in rows:
        progress.statuses[row["slug"]] = status_of(row["tries"], row["rights"])
        progress.titles[row["slug"]] = row["title"]
        progress.numbers[row["slug"]] = row["number"]
        if isinstance(row["ticked"], list):
            progress.ticked = [n for n in row["ticked"] if isinstance(n, int)]
    return progress


def _owner_filter(learner: Learner) -> dict[str, Any]:
    """The owner fields to find or create a checklist row by (update_or_create needs them)."""
    if learner.user_id is not None:
        return {"user_id": learner.user_id}
    return {"user": None, "learner_key": learner.key}


def _own_counts(learner: Learner) -> dict[str, Coalesce]:
    """Per deal, this learner's tries and right answers, as subqueries on their own rows.

    A join from the deals to every attempt (filtered only inside the count)
    reads every learner's answers to the lesson, so the page slowed as the
    site was used; each subquery here is one index range of
    (learner, deal) in ``attempt_user_deal`` or ``attempt_key_deal``.
    """
    mine = Attempt.objects.of_learner(learner).filter(deal=OuterRef("pk")).order_by()

    def counted(attempts: Any) -> Coalesce:
        grouped = attempts.values("deal").annotate(n=Count("pk")).values("n")[:1]
        return Coalesce(Subquery(grouped, output_field=IntegerField()), 0)

    return {"tries": counted(mine), "rights": counted(mine.filter(correct=True))}


def quick_check_statuses(learner: Learner, lesson: str) -> dict[str, str]:
    """The status of each published quick check of ``lesson`` (one query; none for a newcomer).

    Kept apart from ``lesson_progress``: a quick check is not one of the
    lesson's exercises, so it never enters their count or the next step.
    """
    if not learner.known:
        return {}
    rows = (
        Deal.objects.published()
        .quick_checks(lesson)
        .values("slug")
        .annotate(**_own_counts(learner))
    )
    return {row["slug"]: status_of(row["tries"], row["rights"]) for row in rows}


def fills_for_statuses(statuses: Mapping[str, str]) -> dict[str, str]:
    """The status slots (``status:`` and ``status-text:``) of these deals."""
    fills: dict[str, str] = {}
    for slug, status in statuses.items():
        fills[f"status:{slug}"] = status
        fills[f"status-text:{slug}"] = STATUS_TEXT[status]  # the mark is CSS, keyed on data-status
    return fills


def fills_for(progress: LessonProgress) -> dict[str, str]:
    """What goes into the ``{% slot %}`` markers of a page showing these exercises."""
    fills = fills_for_statuses(progress.statuses)
    fills[f"count:{progress.lesson}"] = progress.count_text()
    for number in progress.ticked:
        fills[f"check:{progress.lesson}:{number}"] = "checked"
    return fills


def lesson_fills(request: HttpRequest, lesson: str) -> dict[str, str]:
    """The per-learner pieces of a cached lesson page; nothing to query for a newcomer."""
    learner = learner_of(request)
    if not learner.known:
        return {}
    return fills_for(lesson_progress(learner, lesson))


def last_attempt(request: HttpRequest, deal: Deal) -> Attempt | None:
    learner = learner_of(request)
    if not learner.known:
        return None
    return (
        Attempt.objects.of_learner(learner).filter(deal=deal).order_by("-created_at", "-pk").first()
    )


@dataclass
class NextStep:
    url: str
    label: str  # "Next exercise: ...", "Next unsolved: ..." or "Next lesson: ..."
    count_text: str
    left: int = 0  # exercises of the lesson not solved yet
    # A second way on, shown beside an earlier unsolved exercise: the next lesson.
    onward_url: str = ""
    onward_label: str = ""


def next_step(request: HttpRequest, deal: Deal) -> NextStep | None:
    """Where to go after a right answer: the next unsolved exercise, else the next lesson.

    The unsolved exercises are looked for after this one, then from the start
    of the lesson, so a learner who began at the end is sent back to the
    first one left rather than on to a lesson with most of this one unsolved.
    When that exercise is an earlier one, the next lesson is offered second.
    A quick check has none: the learner reads on from where it stands.
    """
    if not deal.lesson or deal.section:
        return None
    progress = lesson_progress(learner_of(request), deal.lesson)
    slugs = list(progress.statuses)
    here = slugs.index(deal.slug) if deal.slug in slugs else len(slugs)
    order = slugs[here + 1 :] + slugs[:here]
    unsolved = [slug for slug in order if progress.statuses[slug] != SOLVED]
    _, after = course.neighbours(deal.lesson)
    if after is None:
        onward = (reverse("lessons:progress"), "See your progress")
    else:
        onward = (after.url, f"Next lesson: {after.title}")
    if not unsolved:
        return NextStep(*onward, progress.count_text())
    nxt = unsolved[0]
    title = progress.titles.get(nxt) or Deal.objects.get(slug=nxt).title
    url = f"{course.BY_KEY[deal.lesson].url}#exercise-{nxt}"
    left = len(unsolved)
    if here + 1 < len(slugs) and nxt == slugs[here + 1]:
        return NextStep(url, f"Next exercise: {title}", progress.count_text(), left)
    label = f"Next unsolved: Exercise {progress.numbers.get(nxt, slugs.index(nxt) + 1)}, {title}"
    step = NextStep(url, label, progress.count_text(), left)
    if slugs.index(nxt) < here:  # every later one is solved: moving on is a fair choice too
        step.onward_url, step.onward_label = onward
    return step


def teaching_link(deal: Deal, form: Any) -> str | None:
    """The lesson section that explains the first part answered wrongly.

    A quick check asks about the section it follows, so that is the one to reread.
    """
    if not deal.lesson or not getattr(form, "results", None):
        return None
    if deal.section and course.lesson(deal.lesson) and not all(r.ok for r in form.results):
        return f"{course.BY_KEY[deal.lesson].url}#{deal.section}"
    for part, result in zip(deal.parts, form.results, strict=False):
        if not result.ok:
            return course.teaching_section(deal.lesson, part.get("kind", ""))
    return None


# ---- Checklist ---------------------------------------------------------------


def save_checklist(request: HttpRequest, lesson: str, ticked: list[int]) -> None:
    """Store the learner's ticks for ``lesson``: one row per learner and lesson, race or not.

    The row is looked up by the very key the unique constraints cover, so when
    two first saves arrive at once (a double click) both look, find nothing
    and insert; the database refuses the second insert, and update_or_create
    then updates the row that won. A row deleted in between ("delete all my
    progress" in another tab) can make that fail once more: the save is then
    simply tried again.
    """
    learner = learner_of(request, create=True)
    owner = _owner_filter(learner)
    for last_try in (False, True):
        try:
            with transaction.atomic():
                ChecklistTicks.objects.update_or_create(
                    lesson=lesson, **owner, defaults={"ticked": sorted(set(ticked))}
                )
            return
        except IntegrityError:
            if last_try:
                raise


# ---- Review and the progress page ----------------------------------------------


@dataclass
class Overview:
    lessons: list[tuple[course.Lesson, list[tuple[Deal, str]], int]]
    missed: list[tuple[Deal, datetime]]
    now: datetime
    total_attempts: int


def overview(request: HttpRequest) -> Overview:
    """Everything /progress/ shows: two queries, one row per exercise the learner tried.

    It reads the learner's summary rows (``DealProgress``, kept with every
    answer), not the answers themselves, so a learner with 20,000 answers
    costs what one with 20 does.
    """
    learner = learner_of(request)
    now = timezone.now()
    # The lessons' exercises only: a quick check shows its result in the skills instead.
    deals = list(
        Deal.objects.published().exclude(lesson="").filter(section="").order_by("lesson", "number")
    )
    by_id = {deal.pk: deal for deal in deals}
    mine: dict[int, DealProgress] = {}
    every: list[DealProgress] = []
    total = 0
    if learner.known:
        every = list(DealProgress.objects.of_learner(learner))
        total = sum(row.tries for row in every)  # practice deals and quick checks too
        mine = {row.deal_id: row for row in every if row.deal_id in by_id}
    lessons = []
    for item in course.LESSONS:
        entries = []
        for deal in deals:
            if deal.lesson == item.key:
                row = mine.get(deal.pk)
                entries.append((deal, status_of(row.tries, row.rights) if row else NEW))
        lessons.append((item, entries, sum(1 for _, s in entries if s == SOLVED)))
    # Quick checks count too: a wrong one is as worth going back to as an exercise.
    wrong = sorted(
        ((row.last_wrong_at, row.deal_id) for row in every if row.last_wrong_at is not None),
        reverse=True,
    )[:5]
    shown = {**by_id, **Deal.objects.published().in_bulk([d for _, d in wrong])}
    missed = [(shown[d], when) for when, d in wrong if d in shown]
    return Overview(lessons, missed, now, total)


def export(request: HttpRequest) -> dict[str, Any]:
    """All of this learner's progress, as the JSON download gives it.

    "attempts" is a generator over `.iterator()`, read while the response is
    sent (accounts.download streams it), so a learner with tens of thousands of
    answers never has them all in memory at once; `list()` it for a whole copy.
    """
    learner = learner_of(request)
    attempts = Attempt.objects.of_learner(learner).select_related("deal").iterator(1000)
    checklists = ChecklistTicks.objects.of_learner(learner)
    return {
        "format": "badacey-study-room-progress",
        "version": 1,
        "attempts": (
            {
                "exercise": a.deal.slug if a.deal else None,
                "drill_kind": a.drill_kind or None,
                "item": a.item_key or None,
                "correct": a.correct,
                "parts": a.parts,
                "hints_used": a.hints_used,
                "answer": a.answer,
                "at": a.created_at.isoformat(),
            }
            for a in attempts
        ),
        "checklists": [{"lesson": c.lesson, "ticked": c.ticked} for c in checklists],
        **(skill_records.export(learner) if learner.known else {"skills": [], "sessions": []}),
        **{k: v for part in events.PROGRESS_EXPORT.ask(learner) for k, v in part.items()},
    }


def count_attempts(request: HttpRequest) -> int:
    """How many recorded answers deleting this learner's progress would remove."""
    learner = learner_of(request)
    if not learner.known:
        return 0
    return Attempt.objects.of_learner(learner).count()


def delete_progress(request: HttpRequest) -> int:
    """Delete every attempt and checklist of this learner; returns how many attempts went."""
    learner = learner_of(request)
    if not learner.known:
        return 0
    with transaction.atomic():
        ChecklistTicks.objects.of_learner(learner).delete()
        skill_records.delete(learner)
        events.PROGRESS_DELETED.fire(learner)
        answered = deal_figures.deals_of(Attempt.objects.of_learner(learner))
        deleted, _ = Attempt.objects.of_learner(learner).delete()
        # Any owned table the hooks above did not empty (a feature's new one).
        owned.sweep(learner)
        deal_figures.recount(answered)
        if learner.user_id is not None:
            deal_figures.recount_activity([learner.user_id])
    return deleted


def adopt_session_progress(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """On sign-in, the session's anonymous progress becomes the account's."""
    if request is None or not hasattr(request, "session"):
        return
    key = request.session.get(SESSION_KEY, "")
    if not isinstance(key, str) or not key:
        return
    with transaction.atomic():
        moved = Attempt.objects.filter(user=None, learner_key=key)
        answered = deal_figures.deals_of(moved)
        # The mistakes named in these answers carry their learner for the class
        # reports: they move with the answers (before them, while still found).
        DiagnosedMistake.objects.filter(attempt__in=moved).update(user=user)
        moved.update(user=user, learner_key="")
        # One learner now, not two: the moved deals' figures are counted again.
        deal_figures.recount(answered)
        deal_figures.recount_activity([user.pk])
        skill_records.adopt(key, user)
        for ticks in ChecklistTicks.objects.filter(user=None, learner_key=key):
            # The account's own checklist for a lesson wins over the session's. Asked
            # of the unique constraint, not by a look first, so a save racing the
            # sign-in cannot make it fail.
            try:
                with transaction.atomic():
                    ChecklistTicks.objects.filter(pk=ticks.pk).update(user=user, learner_key="")
            except IntegrityError:
                ticks.delete()
    request.session.pop(SESSION_KEY, None)
