"""A lesson page as a reader gets it: the cached page with this learner's pieces filled in.

The rules lessons are the same for every reader until a deal or the code
changes, so each is rendered once per content version and served from the
cache (``lessons.pages.page_cache``); what differs per learner goes into the
page's slots (``lessons.pages.slots``). The page views and the exercise views
(which return the whole lesson with one exercise checked, for a learner
without JavaScript) both answer through ``lesson_response``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from evaluator import get_profile
from lessons import course
from lessons.exercises.blocks import ExerciseBlock
from lessons.glossary.linking import link_first_uses
from lessons.learners import progress
from lessons.models import Deal
from lessons.pages import badeucey_page, page_cache, page_data, section_ends


def exercise_slot(slug: str) -> str:
    """The block slot holding one exercise on its lesson page (``_exercise_list.html``)."""
    return f"exercise:{slug}"


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
    fills: dict[str, str] = progress.lesson_fills(request, lesson)
    fills |= section_ends.fills(request, lesson)
    if answered is not None:
        block = render_to_string(
            "lessons/_exercise.html", {"exercise": answered} | (extra or {}), request=request
        )
        # Its own slots (this learner's status line) are filled with the page's.
        fills[exercise_slot(answered.deal.slug)] = block
    return cached_page(
        request,
        lesson,
        f"lessons/{lesson}.html",
        partial(lesson_deals, lesson),
        partial(lesson_context, lesson),
        fills,
        status,
        # Each glossary term's first use links to its definition: read once, when cached.
        finish=link_first_uses,
    )


def lesson_deals(lesson: str) -> QuerySet:
    """Every stored deal a lesson page can show: its exercises and quick checks, and the deals
    the replayer plays (the page links a worked deal's replay only while that deal is published)."""
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
    elif lesson == "table_basics":
        context = page_data.table_basics()
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
    ends = section_ends.section_ends(lesson)
    return context | place | {"exercises": exercises, "section_ends": ends}


def cached_page(
    request: HttpRequest,
    name: str,
    template_name: str,
    deals: Callable[[], QuerySet] | None,
    context: Callable[[], dict],
    fills: Mapping[str, str] | None = None,
    status: int = 200,
    finish: Callable[[str], str] = str,
) -> HttpResponse:
    blocks = page_cache.cached_blocks(name, template_name, deals, context, finish)
    return page_cache.respond(request, template_name, blocks, fills, status)
