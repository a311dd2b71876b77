"""Exercise views: one exercise page, checking an answer, the worked answer.

Each URL answers a plain request with the whole page and an htmx request with
just the fragment it swaps, so every flow works without JavaScript. A deal
the engine no longer accepts as stored is shown (and "checked") as the
engine's message instead, never as an error page.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from ..exercises import ExerciseBlock
from ..models import Deal
from .pages import lesson_response


def _published(slug: str) -> Deal:
    return get_object_or_404(Deal.objects.published(), slug=slug)


@require_GET
def exercise_detail(request: HttpRequest, slug: str) -> HttpResponse:
    deal = _published(slug)
    return _page(request, ExerciseBlock.of(deal))


@require_http_methods(["GET", "HEAD", "POST"])
def check_answer(request: HttpRequest, slug: str) -> HttpResponse:
    deal = _published(slug)
    if request.method != "POST":  # a reload or a shared link: there is no answer to check
        return redirect(deal)
    exercise = ExerciseBlock.of(deal, request.POST)
    status = 200
    if exercise.form is not None:
        # clean() asks the evaluator; errors and results both go to the template.
        exercise.form.is_valid()
        # A wrong or incomplete answer is an ordinary 200; an unreadable post is a 400.
        status = 400 if exercise.form.is_malformed() else 200
    if request.htmx:
        return render(
            request, "lessons/_exercise.html#feedback", {"exercise": exercise}, status=status
        )
    if deal.lesson:  # without JavaScript, the learner stays on the lesson they were reading
        return lesson_response(request, deal.lesson, answered=exercise, status=status)
    return _page(request, exercise, status=status)


@require_GET
def answer(request: HttpRequest, slug: str) -> HttpResponse:
    deal = _published(slug)
    exercise = ExerciseBlock.of(deal, show_answer=True)
    if request.htmx:
        template = "lessons/_unavailable.html" if exercise.problems else "lessons/_answer.html"
        return render(request, template, {"exercise": exercise})
    return _page(request, exercise)


def _page(request: HttpRequest, exercise: ExerciseBlock, status: int = 200) -> HttpResponse:
    """The exercise as a whole page: its own h1, and its answer for print at the end."""
    exercise.heading_level = 1
    context = {"exercise": exercise, "exercises": [exercise]}
    return render(request, "lessons/exercise_detail.html", context, status=status)
