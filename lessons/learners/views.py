"""The learner's own pages: /progress/ and saving a lesson's review checklist."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.timezone import now
from django.views.decorators.http import require_POST, require_safe

from badacey_site.whole_numbers import read_whole_number
from lessons import course, skills
from lessons.learners import mastery, progress, skill_records
from lessons.memory import parameters as memory_parameters
from lessons.memory import retention as memory_retention
from lessons.memory.forms import RetentionForm
from lessons.memory.parameters import InUse
from lessons.models import Learner
from lessons.study import standing


def _retention_context(
    learner: Learner, memory: InUse, form: RetentionForm | None = None
) -> dict[str, object]:
    """The retention form with each choice's workload, and the retention in force."""
    mine = memory_retention.chosen(learner)
    current = mine if mine is not None else skill_records.desired_retention()
    if form is None:
        loads = memory_retention.workloads(learner, now(), memory.parameters, len(skills.SKILLS))
        form = RetentionForm(initial={"retention": f"{current:.2f}"}, workloads=loads)
    return {
        "retention_form": form,
        "retention_chosen": mine is not None,
        "retention_percent": round(100 * current),
        "horizon_days": memory_retention.HORIZON_DAYS,
        "new_per_day": mastery.NEW_PER_DAY,
    }


def _progress_context(request: HttpRequest, form: RetentionForm | None = None) -> dict[str, object]:
    learner, moment = progress.learner_of(request), now()
    rows = standing.skill_rows(learner, moment)
    memory = memory_parameters.in_use(learner)
    return {
        "overview": progress.overview(request),
        "rows": rows,
        # The same rows and the same test as home's and /study/'s count: one schedule.
        "due_rows": [row for row in rows if row.due is not None and row.due <= moment],
        "activity": standing.activity(learner, moment),
        "memory": memory,
        **_retention_context(learner, memory, form),
    }


@require_safe
def progress_page(request: HttpRequest) -> HttpResponse:
    return render(request, "lessons/progress.html", _progress_context(request))


@require_POST
def save_retention(request: HttpRequest) -> HttpResponse:
    """Keep the learner's chosen retention and reschedule their skills to match."""
    learner = progress.learner_of(request, create=True)
    weights = memory_parameters.in_use(learner).parameters
    loads = memory_retention.workloads(learner, now(), weights, len(skills.SKILLS))
    form = RetentionForm(request.POST, workloads=loads)
    if not form.is_valid():
        context = _progress_context(request, form)
        return render(request, "lessons/progress.html", context, status=400)
    memory_retention.save(learner, form.cleaned_data["retention"], weights)
    return redirect(f"{reverse('lessons:progress')}#retention")


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
