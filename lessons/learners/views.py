"""The learner's own pages: /progress/ and saving a lesson's review checklist."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.timezone import now
from django.views.decorators.http import require_POST, require_safe

from badacey_site.whole_numbers import read_whole_number
from lessons import course
from lessons.learners import progress
from lessons.study import sessions as study


@require_safe
def progress_page(request: HttpRequest) -> HttpResponse:
    learner, moment = progress.learner_of(request), now()
    context = {
        "overview": progress.overview(request),
        "rows": study.skill_rows(learner, moment),
        "activity": study.activity(learner, moment),
    }
    return render(request, "lessons/progress.html", context)


@require_POST
def save_checklist(request: HttpRequest, lesson: str) -> HttpResponse:
    """The checklist form's boxes are named "tick" with values 1..n; anything else is refused."""
    item = course.lesson(lesson)
    if item is None:
        return render(request, "400.html", {"problem": "There is no such lesson."}, status=404)
    ticked: list[int] = []
    for value in request.POST.getlist("tick"):
        number = read_whole_number(value, 1, 20)
        if number is None:
            message = "That checklist could not be saved: a box was not one of the lesson's."
            return render(request, "400.html", {"problem": message}, status=400)
        ticked.append(number)
    progress.save_checklist(request, lesson, ticked)
    return redirect(f"{item.url}#review")
