"""The lesson pages: home, the Badacey and Badugi rules, and the game profiles.

Each page's examples are computed by ``lessons.page_data`` and the poker
template tags, so a view only gathers them.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.views.decorators.http import require_safe

from evaluator import get_profile
from evaluator.worked_deals import worked_deal

from .. import badeucey_page, course, page_data, progress, slots
from ..exercises import ExerciseBlock


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "lessons/home.html")


@require_safe
def badacey(request: HttpRequest) -> HttpResponse:
    return render_lesson(request, "badacey")


@require_safe
def badugi(request: HttpRequest) -> HttpResponse:
    return render_lesson(request, "badugi")


@require_safe
def badeucey(request: HttpRequest) -> HttpResponse:
    return render_lesson(request, "badeucey")


@require_safe
def drawing(request: HttpRequest) -> HttpResponse:
    return render_lesson(request, "drawing")


def render_lesson(
    request: HttpRequest,
    lesson: str,
    answered: ExerciseBlock | None = None,
    status: int = 200,
    extra: dict | None = None,
) -> HttpResponse:
    """A lesson page: the same HTML for everyone, then this learner's slots filled in.

    The rendered HTML keeps its ``{% slot %}`` markers (so it can be cached
    whole); ``progress.lesson_fills`` reads this learner's statuses and
    checklist in one query and ``slots.fill`` puts them in place.
    """
    template, context = lesson_page(lesson, answered)
    html = render_to_string(template, context | (extra or {}), request)
    return HttpResponse(slots.fill(html, progress.lesson_fills(request, lesson)), status=status)


def lesson_page(lesson: str, answered: ExerciseBlock | None = None) -> tuple[str, dict]:
    """The template and context of a rules lesson.

    ``answered`` replaces that exercise's empty form with a checked one, so a
    learner without JavaScript gets the whole lesson back with the feedback.
    """
    exercises = page_data.lesson_exercises(lesson)
    if answered is not None:
        exercises = [answered if e.deal.pk == answered.deal.pk else e for e in exercises]
    if lesson == "badacey":
        profile = get_profile("badacey")
        odd_chips = page_data.odd_chip_example()
        context = {
            "profile": profile,
            "room_variant": get_profile("badacey", max_discard=3),
            "schedule": page_data.betting_schedule(profile),
            "forced_bets": page_data.forced_bets(profile),
            "deal": page_data.worked_deal(),
            "odd_chips": odd_chips,
            "odd_chip_seats": page_data.seats_from_button(odd_chips),
            "odd_chip_halves": [a.amount for a in odd_chips.pots[0].awards],
            "category_ladder": page_data.category_ladder(),
        }
    elif lesson == "badeucey":
        context = badeucey_page.context()
    elif lesson == "drawing":
        context = {}  # its tables are the drawing tags, computed from typed cards
    else:
        profile = get_profile("badugi")
        context = {
            "profile": profile,
            "schedule": page_data.betting_schedule(profile),
            "pair_examples": page_data.PAIR_EXAMPLES,
            "size_examples": page_data.SIZE_EXAMPLES,
        }
    before, after = course.neighbours(lesson)
    place = {"lesson": course.BY_KEY[lesson], "previous_lesson": before, "next_lesson": after}
    return f"lessons/{lesson}.html", context | place | {"exercises": exercises}


@require_safe
def games(request: HttpRequest) -> HttpResponse:
    context = {
        "columns": page_data.games_side_by_side(),
        "badacey_room_variant": get_profile("badacey", max_discard=3),
        "examples": page_data.badeucey_examples(),
        "straight": page_data.STRAIGHT,
        "ace_run": page_data.ACE_RUN,
    }
    return render(request, "lessons/games.html", context)


@require_safe
def notation(request: HttpRequest) -> HttpResponse:
    """The deal notation guide teachers are sent to from the admin's history box.

    Its examples are the shipped worked deals, read from the engine's own
    files, so the guide can never show a history the replayer would refuse.
    """
    context = {
        "full_example": worked_deal("amara_bram_kira_noor"),
        "showdown_example": worked_deal("mara_badugi"),
    }
    return render(request, "lessons/notation.html", context)
