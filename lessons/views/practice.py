"""The Practice page: teachers' published deals, newest first, filterable by game.

Each deal opens as an exercise (the same page and answer panel as the
lessons), and in the replayer when it has a history.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from ..forms import PracticeFilterForm
from ..models import Deal


@require_safe
def practice_list(request: HttpRequest) -> HttpResponse:
    form = PracticeFilterForm(request.GET)
    deals = Deal.objects.published().practice().order_by("-created_at", "-pk")
    if form.is_valid() and form.cleaned_data["game"]:
        deals = deals.filter(game=form.cleaned_data["game"])
    # An unknown game in the query is bad input: say so, and list nothing rather than guess.
    status = 200 if form.is_valid() else 400
    context = {"form": form, "deals": deals if status == 200 else []}
    template = "lessons/practice_list.html"
    if request.htmx:
        template += "#deal-list"
    return render(request, template, context, status=status)
