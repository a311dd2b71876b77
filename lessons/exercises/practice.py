"""The Practice page, the front door to practice: drills, tools and teachers' deals.

The drills and the two tools are listed first; then the teachers' published
deals, newest first, filterable by game (the filter offers the games that
have a deal or a drill). Each deal opens as an exercise (the same page and
answer panel as the lessons), and in the replayer when it has a history. The
list comes in pages of ``PAGE_SIZE``, so its weight does not grow with the
number of deals.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from evaluator import PROFILES
from evaluator.drills import KINDS as DRILLS
from lessons.exercises.forms import PracticeFilterForm
from lessons.models import Deal

PAGE_SIZE = 20


@require_safe
def practice_list(request: HttpRequest) -> HttpResponse:
    form = PracticeFilterForm(request.GET)
    page, numbers, status = None, [], 400  # bad input is said in the list; nothing is guessed
    if form.is_valid():
        deals = Deal.objects.published().practice().order_by("-created_at", "-pk")
        if form.cleaned_data["game"]:
            deals = deals.filter(game=form.cleaned_data["game"])
        paginator = Paginator(deals, PAGE_SIZE)
        number = form.cleaned_data["page"] or 1
        if number <= paginator.num_pages:
            page, status = paginator.page(number), 200
            numbers = list(paginator.get_elided_page_range(number, on_each_side=2, on_ends=1))
        else:
            status = 404
            last = paginator.num_pages
            pages = f"{last} page{'s' * (last > 1)}"
            form.add_error("page", f"There is no page {number}; the list has {pages}.")
    template = "lessons/practice_list.html"
    if request.htmx:
        template += "#deal-list"
    game = form.cleaned_data.get("game") if form.is_valid() else ""
    context = {
        "form": form,
        "page": page,
        "page_numbers": numbers,
        "drills": list(DRILLS.values()),
        # The drills of the chosen game, offered beside its deals (or in their place).
        "game_drills": [d for d in DRILLS.values() if game in d.games] if game else [],
        "game": game,
        "game_name": PROFILES[game].name if game else "",
    }
    return render(request, template, context, status=status)
