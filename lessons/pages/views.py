"""The lesson pages: home, the rules lessons, the drawing lesson and the game profiles.

Each page's examples are computed by ``lessons.pages.page_data`` and the poker
template tags, so a view only gathers them. The pages are the same for every
reader until a deal or the code changes, so each is rendered once per content
version and served from the cache (``lessons.pages.page_cache``); what differs per
learner goes into the page's slots (``lessons.pages.slots``) through ``fills``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial

from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.timezone import now
from django.views.decorators.http import require_safe

from evaluator import get_profile
from evaluator.deal import DealRecord, DrawLine
from evaluator.notation import format_deal, parse_deal
from evaluator.replay import replay
from evaluator.worked_deals import worked_deal
from lessons import course
from lessons.exercises.blocks import ExerciseBlock
from lessons.learners import progress, study
from lessons.models import Deal
from lessons.pages import badeucey_page, page_cache, page_data

LESSONS = ("badacey", "badugi", "badeucey", "drawing")


def exercise_slot(slug: str) -> str:
    """The block slot holding one exercise on its lesson page (``_exercise_list.html``)."""
    return f"exercise:{slug}"


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    # Short: a first visit is computed from nothing (rendering costs less than a
    # cache read); a returning learner's panel is a few small queries.
    learner = progress.learner_of(request)
    return render(request, "lessons/home.html", {"returning": study.returning(learner, now())})


@require_safe
def badacey(request: HttpRequest) -> HttpResponse:
    return lesson_response(request, "badacey")


@require_safe
def badugi(request: HttpRequest) -> HttpResponse:
    return lesson_response(request, "badugi")


@require_safe
def badeucey(request: HttpRequest) -> HttpResponse:
    return lesson_response(request, "badeucey")


@require_safe
def drawing(request: HttpRequest) -> HttpResponse:
    return lesson_response(request, "drawing")


def lesson_fills(request: HttpRequest, lesson: str) -> dict[str, str]:
    """This learner's pieces of a lesson page, by slot name (progress marks, next steps).

    The cached page keeps a ``{% slot %}`` where each piece goes, and this
    mapping fills them from one query (``progress.lesson_fills``).
    """
    return progress.lesson_fills(request, lesson)


def lesson_response(
    request: HttpRequest,
    lesson: str,
    answered: ExerciseBlock | None = None,
    status: int = 200,
    extra: dict | None = None,
) -> HttpResponse:
    """A rules lesson, from the cache, with this learner's pieces filled in.

    ``answered`` replaces that exercise's empty form with a checked one, so a
    learner without JavaScript gets the whole lesson back with the feedback;
    only that exercise is rendered, the rest of the page is the cached one.
    """
    fills: dict[str, str] = lesson_fills(request, lesson)
    if answered is not None:
        block = render_to_string(
            "lessons/_exercise.html", {"exercise": answered} | (extra or {}), request=request
        )
        # Its own slots (this learner's status line) are filled with the page's.
        fills[exercise_slot(answered.deal.slug)] = block
    return _cached_page(
        request,
        lesson,
        f"lessons/{lesson}.html",
        partial(lesson_deals, lesson),
        partial(lesson_context, lesson),
        fills,
        status,
    )


def lesson_deals(lesson: str) -> QuerySet:
    """Every stored deal a lesson page can show: its exercises, and the deals the replayer
    plays (the page links a worked deal's replay only while that deal is published)."""
    return Deal.objects.filter(Q(lesson=lesson) | ~Q(history=""))


def lesson_context(lesson: str) -> dict:
    """The context of a rules lesson's template (rendered only on a cache miss)."""
    exercises = page_data.lesson_exercises(lesson)
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
    return context | place | {"exercises": exercises}


@require_safe
def games(request: HttpRequest) -> HttpResponse:
    def context() -> dict:
        return {
            "columns": page_data.games_side_by_side(),
            "badacey_room_variant": get_profile("badacey", max_discard=3),
            "examples": page_data.badeucey_examples(),
            "straight": page_data.STRAIGHT,
            "ace_run": page_data.ACE_RUN,
        }

    return _cached_page(request, "games", "lessons/games.html", None, context)


def _cached_page(
    request: HttpRequest,
    name: str,
    template_name: str,
    deals: Callable[[], QuerySet] | None,
    context: Callable[[], dict],
    fills: Mapping[str, str] | None = None,
    status: int = 200,
) -> HttpResponse:
    blocks = page_cache.cached_blocks(name, template_name, deals, context)
    return page_cache.respond(request, template_name, blocks, fills, status)


@require_safe
def notation(request: HttpRequest) -> HttpResponse:
    """The deal notation guide teachers are sent to from the admin's history box.

    Its examples are the shipped worked deals, read from the engine's own
    files, so the guide can never show a history the replayer would refuse.
    """
    showdown = draws_only(worked_deal("mara_badugi"))
    context = {
        "full_example": worked_deal("amara_bram_kira_noor"),
        "showdown_example": format_deal(showdown),
        "showdown_pot": showdown.showdown_pot,
    }
    return render(request, "lessons/notation.html", context)


def draws_only(history: str) -> DealRecord:
    """A played history as the notation writes it without its betting.

    Why: the guide's "draws without the betting" example must be what its text
    says (a showdown pot line, no chip counts, no betting lines, no notes about
    the betting), and this keeps it the same deal as a shipped one, its pot
    the one the engine's replay comes to.
    """
    record = parse_deal(history)
    return replace(
        record,
        notes=(),
        seats=tuple(replace(seat, stack=None) for seat in record.seats),
        showdown_pot=replay(record).settlement.total,
        streets=tuple(street for street in record.streets if isinstance(street, DrawLine)),
    )
