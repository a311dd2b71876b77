"""The Practice page: teachers' published deals, newest first, filterable by game.

Each deal opens as an exercise (the same page and answer panel as the
lessons), and in the replayer when it has a history.
"""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_safe

from .models import Deal, game_choices


class PracticeFilterForm(forms.Form):
    game = forms.ChoiceField(
        required=False, choices=lambda: [("", "All games"), *game_choices()], label="Game"
    )


def replay_url(deal: Deal) -> str | None:
    """The replayer's page for a deal with a history, once the replayer exists."""
    if not deal.history.strip():
        return None
    try:
        return reverse("lessons:replay", args=[deal.slug])
    except NoReverseMatch:
        return None


@require_safe
def practice_list(request: HttpRequest) -> HttpResponse:
    form = PracticeFilterForm(request.GET)
    deals = Deal.objects.published().practice().order_by("-created_at", "-pk")
    if form.is_valid() and form.cleaned_data["game"]:
        deals = deals.filter(game=form.cleaned_data["game"])
    context = {
        "form": form,
        "deals": [(deal, replay_url(deal)) for deal in deals],
    }
    template = "lessons/practice_list.html"
    if request.htmx:
        template += "#deal-list"
    # An unknown game in the query is bad input: say so, and list nothing rather than guess.
    status = 200 if form.is_valid() else 400
    if status == 400:
        context["deals"] = []
    return render(request, template, context, status=status)
