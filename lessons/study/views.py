"""The practice session pages: start, one item at a time, hints, and the summary.

``/study/`` offers a practice session (and a mastery challenge once a skill
is proficient) and the session left unfinished. ``/study/<id>/`` shows the
first unanswered item of a session, or its summary when all are answered,
so a reload always lands where the learner is. An answer posts to
``/study/<id>/<position>/`` and comes back with the verdict and worked
answer beside the next item; an htmx request gets only the session's
region. The items are drill items, checked, hinted and explained by the
drills' own code; ``lessons.study.sessions`` chooses and records them.

A session is found only among the learner's own (another's is a 404). A
post whose item number or seed is not the stored item's is a 400 and
changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from evaluator.drills import KINDS, MAX_SEED, generate
from lessons import skills
from lessons.drills.items import DrillTable, drill_worked_answer
from lessons.exercises import hints
from lessons.exercises.forms import AnswerForm, HintRequestForm
from lessons.learners import mastery, progress
from lessons.models import StudyItem, StudySession
from lessons.study import check, queues, standing
from lessons.study import sessions as study

PREFIX = "study"


@dataclass
class StudyTable(DrillTable):
    """A drill table whose hint button asks the session, so a hint keeps the learner in it."""

    study_hint_url: str = ""

    @property
    def hint_url(self) -> str:  # type: ignore[override]
        return self.study_hint_url


class StartForm(forms.Form):
    kind = forms.ChoiceField(
        choices=[
            (StudySession.PRACTICE, "Practice"),
            (StudySession.CHALLENGE, "Challenge"),
            (StudySession.CHECK, "Check"),
        ],
        error_messages={
            "required": "Choose a practice session, a mastery challenge or the check.",
            "invalid_choice": "Choose a practice session, a mastery challenge or the check.",
        },
    )


class ItemForm(forms.Form):
    """The hidden seed that names which item an answer is for (a stale or tampered post fails)."""

    seed = forms.IntegerField(
        min_value=0,
        max_value=MAX_SEED,
        error_messages={
            "required": "This answer did not say which item it was for; answer from the page.",
            "invalid": "This answer's item number is not a whole number; answer from the page.",
            "min_value": "This answer's item number is out of range; answer from the page.",
            "max_value": "This answer's item number is out of range; answer from the page.",
        },
    )


def _table(session: StudySession, item: StudyItem) -> StudyTable:
    dealt = generate(item.drill_kind, item.game, item.difficulty, item.seed)
    url = reverse("lessons:study_hint", args=[session.pk, item.position])
    return StudyTable(**vars(DrillTable.of(dealt)) | {"study_hint_url": url})


def _session(request: HttpRequest, session_id: int) -> StudySession:
    session = study.session_of(request, session_id)
    if session is None:
        raise Http404("There is no session of yours with that number.")
    return session


def _item(items: list[StudyItem], position: int) -> StudyItem | None:
    return next((i for i in items if i.position == position), None)


def _question(
    session: StudySession, item: StudyItem, form: AnswerForm | None = None
) -> dict[str, object]:
    table = form.deal if form is not None else _table(session, item)
    form = form or AnswerForm(deal=table, prefix=PREFIX)
    return {
        "item": item,
        "table": table,
        "form": form,
        "skill": skills.BY_KEY.get(item.skill),
        "drill": KINDS.get(item.drill_kind),
        "url": reverse("lessons:study_answer", args=[session.pk, item.position]),
    }


def _render(
    request: HttpRequest,
    session: StudySession,
    items: list[StudyItem] | None = None,
    status: int = 200,
    **context: object,
) -> HttpResponse:
    items = items if items is not None else study.items_of(session)
    moment = timezone.now()
    now = study.current(items)
    page = {"session": session, "items": items, "answered": sum(1 for i in items if i.answered_at)}
    if now is not None and study.closed(session, moment):  # its day is over: the summary
        now = None
        page["closed"] = True
    if now is not None and "question" not in context:
        page["question"] = _question(session, now)
    if now is None:
        learner = progress.learner_of(request)
        page["summary"] = study.summary(learner, items, moment)
        if session.kind == StudySession.CHECK:
            page["check"] = check.status(learner, moment)
    template = "lessons/study_session.html"
    if getattr(request, "htmx", False):
        template += "#study-region"
    return render(request, template, page | context, status=status)


@require_safe
def study_home(request: HttpRequest) -> HttpResponse:
    learner = progress.learner_of(request)
    now = timezone.now()
    rows = standing.skill_rows(learner, now)
    context = {
        "rows": rows,
        "due": standing.due_count(rows, now),
        "can_challenge": any(r.level == mastery.PROFICIENT for r in rows),
        "unfinished": study.unfinished(learner),
        "other_queues": queues.other_queues(learner, now),
        "check": check.status(learner, now),
        "check_items": check.ITEMS,
        "new_per_day": mastery.NEW_PER_DAY,
        "now": now,
    }
    return render(request, "lessons/study.html", context)


@require_POST
def study_start(request: HttpRequest) -> HttpResponse:
    form = StartForm(request.POST)
    if not form.is_valid():
        return render(request, "400.html", {"problem": str(form.errors["kind"][0])}, status=400)
    try:
        session = study.start(request, form.cleaned_data["kind"])
    except study.StudyError as error:
        return render(request, "400.html", {"problem": str(error)}, status=400)
    return redirect("lessons:study_session", session.pk)


@require_safe
def study_session(request: HttpRequest, session_id: int) -> HttpResponse:
    return _render(request, _session(request, session_id))


@require_http_methods(["GET", "HEAD", "POST"])
def study_answer(request: HttpRequest, session_id: int, position: int) -> HttpResponse:
    session = _session(request, session_id)
    items = study.items_of(session)
    item = _item(items, position)
    if request.method != "POST":  # a reload of an answer's address: back to the session
        return redirect("lessons:study_session", session.pk)
    if item is None:  # the learner's own session, but an item number it never had
        return _refused(request, session, items, f"This session has no item {position}.")
    named = ItemForm(request.POST)
    if not named.is_valid():
        return _refused(request, session, items, str(named.errors["seed"][0]))
    if named.cleaned_data["seed"] != item.seed:
        return _refused(request, session, items, "This answer was for another item; answer again.")
    if item.answered_at is not None:  # another tab (or a resent form) answered it already
        return _render(request, session, items, already=item)
    if study.closed(session, timezone.now()):
        study.unfinished(progress.learner_of(request))  # closes it and any older one
        problem = "This session closed at the end of its day, so the answer was not counted."
        return _refused(request, session, items, problem)
    table = _table(session, item)
    form = AnswerForm(request.POST, deal=table, prefix=PREFIX)
    form.is_valid()
    if form.is_malformed():
        return _refused(request, session, items, "That answer could not be read; answer again.")
    if form.errors:  # incomplete: the same item again, with what is missing beside it
        return _render(request, session, items, question=_question(session, item, form))
    recorded = study.answer(request, session, item, table, form)
    items = study.items_of(session)
    answered = _item(items, position) or item
    last = {
        "item": answered,
        "table": table,
        "form": form,
        "answer": drill_worked_answer(table),
        "skill": skills.BY_KEY.get(item.skill),
        "level_name": mastery.level_name(answered.level_after or 0),
    }
    if not recorded:  # another tab claimed the item between the read and the write
        return _render(request, session, items, already=answered)
    return _render(request, session, items, last=last)


def _refused(
    request: HttpRequest, session: StudySession, items: list[StudyItem], problem: str
) -> HttpResponse:
    return _render(request, session, items, status=400, problem=problem)


@require_http_methods(["GET", "HEAD", "POST"])
def study_hint(request: HttpRequest, session_id: int, position: int) -> HttpResponse:
    """The next hint of one part of the current item, keeping the answer so far."""
    session = _session(request, session_id)
    items = study.items_of(session)
    item = _item(items, position)
    if request.method != "POST" or (item is not None and item.answered_at is not None):
        return redirect("lessons:study_session", session.pk)
    if item is None:
        return _refused(request, session, items, f"This session has no item {position}.")
    table = _table(session, item)
    request_form = HintRequestForm(request.POST, deal=table, prefix=PREFIX)
    if not request_form.is_valid():
        return hints.refused(request_form)
    form, box = request_form.answer_with_hint()
    if getattr(request, "htmx", False):
        return hints.fragment(request, box, table)
    return _render(request, session, items, question=_question(session, item, form))
