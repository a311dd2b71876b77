"""The lesson pages: home, the rules lessons, the drawing lesson and the game profiles.

Each page's examples are computed by ``lessons.pages.page_data`` and the poker
template tags, so a view only gathers them. The pages are the same for every
reader until a deal or the code changes, so each is rendered once per content
version and served from the cache (``lessons.pages.page_cache``); what differs per
learner goes into the page's slots (``lessons.pages.slots``) through ``fills``.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.timezone import now
from django.views.decorators.http import require_safe

from evaluator import get_profile
from evaluator.notation import format_deal
from evaluator.worked_deals import worked_deal
from lessons import events
from lessons.classes import assigned, removals
from lessons.learners import progress
from lessons.pages import lesson_page, page_data
from lessons.study import standing


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    # Short: a first visit is computed from nothing (rendering costs less than a
    # cache read); a returning learner's panel is a few small queries. A visitor
    # with no session cookie is new: opening the session would add Vary: Cookie
    # and keep shared caches from storing the welcome page.
    returning = None
    removed = []
    panels = []
    if settings.SESSION_COOKIE_NAME in request.COOKIES:
        removed = removals.tell_on_home(request.user)
        # Other features' panels (lessons.events.HOME_PANELS), e.g. open class tables.
        panels = [panel for panel in events.HOME_PANELS.ask(request) if panel is not None]
        moment = now()
        # Set work that is overdue or due this week comes before the learner's
        # own next step (which is then not worked out at all). The assignments
        # are kept on the request for the list the page includes.
        learner = progress.learner_of(request)
        rows = standing.skill_rows(learner, moment)
        levels = {row.skill.key: row.level for row in rows}
        mine = assigned.for_request(request, moment.date(), levels)
        pressing = assigned.most_pressing(mine, moment.date())
        carry_on = None
        if pressing is not None:
            when = pressing.status.words.lower()
            due = pressing.assignment.due_on
            carry_on = standing.Continue(
                pressing.url,
                f"Set work: {pressing.title} ({when}, due {due:%-d %b})"
                if due
                else f"Set work: {pressing.title}",
            )
        returning = standing.returning(learner, moment, carry_on, rows)
    return render(
        request,
        "lessons/home.html",
        {"returning": returning, "removed": removed, "panels": panels},
    )


@require_safe
def table_basics(request: HttpRequest) -> HttpResponse:
    return lesson_page.lesson_response(request, "table_basics")


@require_safe
def badacey(request: HttpRequest) -> HttpResponse:
    return lesson_page.lesson_response(request, "badacey")


@require_safe
def badugi(request: HttpRequest) -> HttpResponse:
    return lesson_page.lesson_response(request, "badugi")


@require_safe
def badeucey(request: HttpRequest) -> HttpResponse:
    return lesson_page.lesson_response(request, "badeucey")


@require_safe
def drawing(request: HttpRequest) -> HttpResponse:
    return lesson_page.lesson_response(request, "drawing")


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

    return lesson_page.cached_page(request, "games", "lessons/games.html", None, context)


@require_safe
def notation(request: HttpRequest) -> HttpResponse:
    """The deal notation guide teachers are sent to from the admin's history box.

    Its examples are the shipped worked deals, read from the engine's own
    files, so the guide can never show a history the replayer would refuse.
    """
    showdown = page_data.draws_only(worked_deal("mara_badugi"))
    context = {
        "full_example": worked_deal("amara_bram_kira_noor"),
        "showdown_example": format_deal(showdown),
        "showdown_pot": showdown.showdown_pot,
    }
    return render(request, "lessons/notation.html", context)
