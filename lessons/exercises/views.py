"""Exercise views: one exercise page, checking an answer, the worked answer.

Each URL answers a plain request with the whole page and an htmx request with
just the fragment it swaps, so every flow works without JavaScript. A deal
the engine no longer accepts as stored is shown (and "checked") as the
engine's message instead, never as an error page.

A checked answer is recorded (``lessons.learners.progress``) and followed by a next
step: after a right answer the next exercise or lesson, after a wrong one the
lesson section that explains the idea. Opening an exercise again shows the
learner's last answer and its feedback.

A draft (an unpublished deal) answers only to staff who may view deals in
the admin, so a teacher can open it from "View on site" or the preview and
try every part of it; to everyone else it does not exist. A teacher's
answers to a draft are not recorded as progress.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.datastructures import MultiValueDict
from django.views.decorators.http import require_GET, require_http_methods

from lessons import course
from lessons.exercises import hints
from lessons.exercises.blocks import ExerciseBlock
from lessons.exercises.forms import HintRequestForm
from lessons.learners import progress
from lessons.models import Deal
from lessons.pages import slots
from lessons.pages.lesson_page import lesson_response


def may_see_drafts(request: HttpRequest) -> bool:
    """Staff who may view deals in the admin (the Teachers group) may open a draft."""
    user = request.user
    return (
        user.is_active
        and user.is_staff
        and (user.has_perm("lessons.view_deal") or user.has_perm("lessons.change_deal"))
    )


def _visible(request: HttpRequest, slug: str) -> Deal:
    deals = Deal.objects.all() if may_see_drafts(request) else Deal.objects.published()
    return get_object_or_404(deals, slug=slug)


@require_GET
def exercise_detail(request: HttpRequest, slug: str) -> HttpResponse:
    deal = _visible(request, slug)
    last = progress.last_attempt(request, deal)
    if last is None or not last.answer or deal.stored_problems:
        return _page(request, ExerciseBlock.of(deal))
    exercise = ExerciseBlock.of(deal, MultiValueDict(last.answer))
    assert exercise.form is not None
    exercise.form.checked = True  # checked again now, so the feedback follows today's engine
    exercise.form.is_valid()
    return _page(request, exercise, extra={"last_attempt": last, **_after(request, exercise)})


@require_http_methods(["GET", "HEAD", "POST"])
def check_answer(request: HttpRequest, slug: str) -> HttpResponse:
    deal = _visible(request, slug)
    if request.method != "POST":  # a reload or a shared link: there is no answer to check
        return redirect(deal)
    exercise = ExerciseBlock.of(deal, request.POST)
    status = 200
    attempt = None
    if exercise.form is not None:
        # clean() asks the evaluator; errors and results both go to the template.
        exercise.form.checked = True
        exercise.form.is_valid()
        # A wrong or incomplete answer is an ordinary 200; an unreadable post is a 400.
        status = 400 if exercise.form.is_malformed() else 200
        if status == 200 and deal.published:
            attempt = progress.record_attempt(request, deal, exercise.form)
    extra = _after(request, exercise)
    if request.htmx and status == 200 and exercise.form is not None and exercise.form.results:
        extra["new_status"] = progress.status_of_deal(request, deal, just_recorded=attempt)
    if request.htmx:
        context = {"exercise": exercise, "malformed": status == 400} | extra
        return render(request, "lessons/_check_reply.html", context, status=status)
    if deal.lesson and deal.published:  # without JavaScript, stay on the lesson being read
        return lesson_response(request, deal.lesson, answered=exercise, status=status, extra=extra)
    return _page(request, exercise, status=status, extra=extra)


def _after(request: HttpRequest, exercise: ExerciseBlock) -> dict:
    """The next step after a checked answer (see lessons/_next_step.html)."""
    form = exercise.form
    if form is None or not form.is_bound or form.errors or not form.results:
        return {}
    if form.all_right:
        return {"next_step": progress.next_step(request, exercise.deal)}
    return {"teaching_url": progress.teaching_link(exercise.deal, form)}


@require_http_methods(["GET", "HEAD", "POST"])
def hint(request: HttpRequest, slug: str) -> HttpResponse:
    """The next hint of one part, keeping the answer so far.

    The hint button posts the answer form here. With htmx the reply is the
    new hint and the part's controls; without, the whole page again with the
    answer as it was typed and one more hint shown.
    """
    deal = _visible(request, slug)
    if request.method != "POST" or deal.stored_problems:
        return redirect(deal)
    request_form = HintRequestForm(request.POST, deal=deal)
    if not request_form.is_valid():
        return hints.refused(request_form)
    form, box = request_form.answer_with_hint()
    if request.htmx:
        return hints.fragment(request, box, deal)
    exercise = ExerciseBlock(deal, form)
    if deal.lesson and deal.published:  # a draft is on no lesson page yet
        return lesson_response(request, deal.lesson, answered=exercise)
    return _page(request, exercise)


@require_GET
def answer(request: HttpRequest, slug: str) -> HttpResponse:
    deal = _visible(request, slug)
    exercise = ExerciseBlock.of(deal, show_answer=True)
    if request.htmx:
        template = "lessons/_unavailable.html" if exercise.problems else "lessons/_answer.html"
        return render(request, template, {"exercise": exercise})
    return _page(request, exercise)


def _page(
    request: HttpRequest, exercise: ExerciseBlock, status: int = 200, extra: dict | None = None
) -> HttpResponse:
    """The exercise as a whole page: its own h1, breadcrumbs, and its answer for print."""
    exercise.heading_level = 1
    deal = exercise.deal
    context = {
        "exercise": exercise,
        "exercises": [exercise],
        "course_lesson": course.lesson(deal.lesson),
        "current_lesson": deal.lesson,
        "crumb": f"Exercise {deal.number}" if deal.number else deal.title,
    } | (extra or {})
    html = render_to_string("lessons/exercise_detail.html", context, request)
    fills: dict[str, str] = {}
    if deal.lesson:
        fills = progress.lesson_fills(request, deal.lesson)
    if deal.lesson and deal.section:  # a quick check's status is not among the exercises'
        learner = progress.learner_of(request)
        fills |= progress.fills_for_statuses(progress.quick_check_statuses(learner, deal.lesson))
    return HttpResponse(slots.fill(html, fills), status=status)
