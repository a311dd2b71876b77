"""The replayer: one deal, one step at a time, every step at its own URL.

``?step=N`` picks the step, so a learner can bookmark or share any moment of
a deal and the page works without JavaScript; htmx only swaps the table.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from lessons import course
from lessons.exercises.forms import ReplayStepForm
from lessons.models import Deal
from lessons.replayer.steps import ReplayPage


@require_safe
def replay_deal(request: HttpRequest, slug: str) -> HttpResponse:
    deal = get_object_or_404(Deal.objects.published().exclude(history=""), slug=slug)
    form = ReplayStepForm(request.GET, history=deal.history)
    valid = form.is_valid()
    context = {"deal": deal, "form": form, "current_lesson": deal.lesson}
    context |= {"course_lesson": course.lesson(deal.lesson), "crumb": f"Replay: {deal.title}"}
    if form.replay is not None:
        page = ReplayPage(form.replay, form.step_index, form.study_seat)
        context["page"] = page
        context["step_list"] = page.step_list(request.path)
    template = "lessons/replay.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#table"
        context["swap_status"] = True  # the partial also refreshes the live sentence
    # A step that is not in the deal is bad input (400); a refused history is shown as a page.
    status = 200 if valid or form.replay is None else 400
    return render(request, template, context, status=status)
