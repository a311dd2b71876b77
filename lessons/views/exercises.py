"""Exercise views: one exercise page, checking an answer, the worked answer.

Each URL answers a plain request with the whole page and an htmx request with
just the fragment it swaps, so every flow works without JavaScript. A deal
the engine no longer accepts as stored is shown (and "checked") as the
engine's message instead, never as an error page.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from ..exercises import ExerciseBlock
from ..forms import AnswerForm, HintRequestForm
from ..models import Deal
from .pages import lesson_page


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
        exercise.form.checked = True
        exercise.form.is_valid()
        # A wrong or incomplete answer is an ordinary 200; an unreadable post is a 400.
        status = 400 if exercise.form.is_malformed() else 200
    if request.htmx:
        context = {"exercise": exercise, "malformed": status == 400}
        return render(request, "lessons/_check_reply.html", context, status=status)
    if deal.lesson:  # without JavaScript, the learner stays on the lesson they were reading
        return render(request, *lesson_page(deal.lesson, answered=exercise), status=status)
    return _page(request, exercise, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def hint(request: HttpRequest, slug: str) -> HttpResponse:
    """The next hint of one part, keeping the answer so far.

    The hint button posts the answer form here. With htmx the reply is the
    new hint and the part's controls; without, the whole page again with the
    answer as it was typed and one more hint shown.
    """
    deal = _published(slug)
    if request.method != "POST" or deal.stored_problems:
        return redirect(deal)
    request_form = HintRequestForm(request.POST, deal=deal)
    if not request_form.is_valid():
        message = " ".join(str(e) for errors in request_form.errors.values() for e in errors)
        return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
    index = request_form.cleaned_data["hint"]
    form = AnswerForm(deal=deal, initial=request_form.answer_so_far())
    exercise = ExerciseBlock(deal, form)
    box = form.hint_box(index, next(q.legend for q in form.questions if q.part == index))
    if request.htmx:
        assert box is not None  # the request form checked that the part has hints
        context = {"box": box, "hint": box.shown[-1], "deal": deal, "oob": True}
        response = render(request, "lessons/_hint_reply.html", context)
        # Whatever sent the request (the hint button, or the whole form when a
        # quick key press reached a button htmx had not wired up yet), the new
        # hint belongs at the end of its part's list.
        response["HX-Retarget"] = f"#{box.id}-list"
        response["HX-Reswap"] = "beforeend"
        return response
    if deal.lesson:
        return render(request, *lesson_page(deal.lesson, answered=exercise))
    return _page(request, exercise)


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
