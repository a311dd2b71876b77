"""Live tables' pages: the lobby, a table, its actions, and the teacher's room.

Thin like every view here: a form reads the post, ``tables.service`` changes
the table under its lock, ``tables.views_state`` says what this person may
see. Every action is a plain POST answered with a redirect (so the table plays
without JavaScript); an htmx request gets the table fragment instead. A table
a person may not see is a 404, as if it did not exist.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

from badacey_site import sign_in_limits
from evaluator import PROFILES
from evaluator.play import PERSONALITIES
from lessons.classes.access import signed_in_user, taught_class, teacher_required
from lessons.exercises.forms import ReplayStepForm
from lessons.models import Classroom
from lessons.replayer.steps import ReplayPage
from play import table_view
from play.forms import ActForm, first_error
from play.models import COACH_AFTER, COACH_LIVE, GradedDecision, PlayedHand
from tables import matches, page, service, views_state
from tables.forms import MatchForm, OpenTableForm, TableCodeForm
from tables.models import CLOSED, OPEN, PAUSED, LiveTable, SameDealsMatch

OPEN_LIMIT = "live_tables_per_user"


def _table(table_id: int) -> LiveTable:
    return get_object_or_404(LiveTable.objects.select_related("classroom"), pk=table_id)


def _visible(request: HttpRequest, table_id: int) -> LiveTable:
    table = _table(table_id)
    if not (views_state.may_view(table, request.user) or service.may_join(table, request.user)):
        raise Http404("No such table.")
    return table


@require_safe
@login_required
def lobby(request: HttpRequest) -> HttpResponse:
    user = signed_in_user(request)
    class_tables = (
        LiveTable.objects.filter(classroom__memberships__user=user, classroom__archived_at=None)
        .exclude(status=CLOSED)
        .select_related("classroom")
    )
    mine = LiveTable.objects.filter(seat_rows__user=user).exclude(status=CLOSED)
    return render(
        request,
        "tables/lobby.html",
        {
            "class_tables": class_tables,
            "my_tables": mine,
            "open_form": OpenTableForm(),
            "code_form": TableCodeForm(),
        },
    )


@require_POST
@login_required
def open_friends_table(request: HttpRequest) -> HttpResponse:
    user = signed_in_user(request)
    form = OpenTableForm(request.POST)
    if not form.is_valid():
        return render(
            request,
            "tables/lobby.html",
            {"open_form": form, "code_form": TableCodeForm(), "class_tables": [], "my_tables": []},
            status=400,
        )
    verdict = sign_in_limits.spend(OPEN_LIMIT, f"user:{user.pk}")
    if not verdict.allowed:
        messages.error(
            request, "You have opened many tables lately: play at one of them, or try again later."
        )
        return redirect("tables:lobby")
    table = service.open_table(user, form.spec())
    return redirect(table)


@require_POST
@login_required
def join_with_code(request: HttpRequest) -> HttpResponse:
    user = signed_in_user(request)
    form = TableCodeForm(request.POST)
    table = None
    if form.is_valid():
        table = LiveTable.objects.filter(code=form.cleaned_data["code"]).first()
        if table is None or table.classroom_id is not None or table.status == CLOSED:
            form.add_error("code", "No open friend's table has that code: check it and try again.")
    if table is None or form.errors:
        return render(
            request,
            "tables/lobby.html",
            {"open_form": OpenTableForm(), "code_form": form, "class_tables": [], "my_tables": []},
            status=400,
        )
    try:
        service.sit(table.pk, user, code=form.cleaned_data["code"])
    except service.TableRefused as error:
        messages.error(request, str(error))
        return redirect("tables:lobby")
    return redirect(table)


def _page(
    request: HttpRequest, table: LiveTable, refusal: str = "", status: int = 200
) -> HttpResponse:
    user = request.user
    state = views_state.state_for(table, user)
    seat = service.seat_of(table, user)
    view = page.hand_view(state["hand"])
    latest_grade = None
    felt = None
    hand_row = views_state.latest_hand(table)
    chair = views_state.chair_in(hand_row, user) if hand_row is not None else None
    if table.coach_live and hand_row is not None and seat is not None:
        stored = hand_row.live_grades.get(str(seat.user_id))
        if stored:
            latest_grade = GradedDecision(**stored)
    if hand_row is not None and chair is not None:
        # A seated player sees the study table's felt, drawn from their own chair.
        live = views_state.hand_for(hand_row, chair)
        stand_in = PlayedHand(
            coaching=COACH_LIVE if table.coach_live else COACH_AFTER,
            is_over=live.is_over,
            net=live.net()[chair] if live.is_over else None,
        )
        felt = table_view.build(stand_in, live, [])
    context: dict[str, Any] = {
        "table": table,
        "state": state,
        "view": view,
        "announcement": (
            f"Coach: {latest_grade.get_grade_display()}. {latest_grade.reason} "
            if latest_grade is not None
            else ""
        )
        + page.announcement(view),
        "seat": seat,
        "may_sit": seat is None and service.may_join(table, user),
        "teacher": service.teaches(table, user),
        "is_owner": table.owner_id == getattr(user, "pk", None),
        "refusal": refusal,
        "latest_grade": latest_grade,
        "felt": felt,
        "game": PROFILES[table.game],
        "personalities": PERSONALITIES,
        "live_sockets": settings.LIVE_TABLE_SOCKETS,
    }
    template = "tables/table.html#table" if getattr(request, "htmx", False) else "tables/table.html"
    return render(request, template, context, status=status)


@require_safe
@login_required
def table(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _visible(request, table_id)
    if service.tick_due(table):  # a page load enforces the clock too, so no-JS tables move on
        service.tick(table.pk)
        table.refresh_from_db()
    return _page(request, table)


@require_safe
@login_required
def state_json(request: HttpRequest, table_id: int) -> JsonResponse:
    table = _table(table_id)
    if not views_state.may_view(table, request.user):
        raise Http404("No such table.")
    after = request.GET.get("after", "0")
    seq = int(after) if after.isdigit() and len(after) < 10 else 0
    return JsonResponse(
        {"events": service.events_after(table, seq), **views_state.state_for(table, request.user)}
    )


def _after_post(request: HttpRequest, table: LiveTable, refusal: str = "") -> HttpResponse:
    if getattr(request, "htmx", False):
        table.refresh_from_db()
        return _page(request, table, refusal, status=200)
    if refusal:
        messages.error(request, refusal)
    return redirect(table)


@require_POST
@login_required
def act(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _visible(request, table_id)
    form = ActForm(request.POST)
    if not form.is_valid():
        return _after_post(request, table, first_error(form))
    try:
        service.act(
            table.pk, signed_in_user(request), form.cleaned_data["step"], form.play_action()
        )
    except service.TableRefused as error:
        return _after_post(request, table, str(error))
    return _after_post(request, table)


def _simple(action: str):  # type: ignore[no-untyped-def]
    @require_POST
    @login_required
    def view(request: HttpRequest, table_id: int) -> HttpResponse:
        table = _visible(request, table_id)
        user = signed_in_user(request)
        try:
            if action == "sit":
                service.sit(table.pk, user, code=table.code if table.owner_id == user.pk else "")
            elif action == "leave":
                service.leave(table.pk, user)
            elif action == "back":
                service.sit_back(table.pk, user)
            elif action == "next":
                service.next_hand(table.pk)
            elif action == "tick":
                service.tick(table.pk)
            elif action in (OPEN, PAUSED, CLOSED):
                service.set_status(table.pk, user, action)
        except service.TableRefused as error:
            return _after_post(request, table, str(error))
        if action == "leave" and not views_state.may_view(table, user):
            return redirect("tables:lobby")
        return _after_post(request, table)

    view.__name__ = f"table_{action}"
    return view


sit = _simple("sit")
leave = _simple("leave")
back = _simple("back")
next_hand = _simple("next")
tick = _simple("tick")
pause = _simple(PAUSED)
resume = _simple(OPEN)
close = _simple(CLOSED)


@teacher_required
def class_tables(request: HttpRequest, class_id: int) -> HttpResponse:
    """The teacher's room: open tables for the class, pause them, watch them, read grades."""
    classroom: Classroom = taught_class(request, class_id)
    form = OpenTableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        verdict = sign_in_limits.spend(OPEN_LIMIT, f"user:{request.user.pk}")
        if not verdict.allowed:
            form.add_error(
                None, "You have opened many tables lately: reuse one of them, or try again later."
            )
        else:
            service.open_table(signed_in_user(request), form.spec(), classroom=classroom)
            messages.success(request, "The table is open: your learners see it on their home page.")
            return redirect("tables:class_tables", class_id=classroom.pk)
    tables = list(classroom.live_tables.exclude(status=CLOSED).prefetch_related("seat_rows__user"))
    recent = []
    for t in tables:
        last = t.hands.filter(is_over=True).order_by("-number").first()
        ids = [int(v) for v in (last.copies.values() if last else [])]
        grades = (
            GradedDecision.objects.filter(hand_id__in=ids)
            .select_related("hand__user")
            .order_by("hand__user__username", "step")
        )
        recent.append((t, last, grades))
    return _room(request, classroom, form, MatchForm(), recent)


def _room(
    request: HttpRequest,
    classroom: Classroom,
    form: OpenTableForm,
    match_form: MatchForm,
    recent: list[Any] | None = None,
) -> HttpResponse:
    if recent is None:
        recent = []
    return render(
        request,
        "tables/class_tables.html",
        {
            "classroom": classroom,
            "form": form,
            "match_form": match_form,
            "recent": recent,
            "matches": classroom.matches.all()[:20],
        },
        status=400 if form.errors or match_form.errors else 200,
    )


@require_POST
@teacher_required
def start_match(request: HttpRequest, class_id: int) -> HttpResponse:
    """Open a same-deals match's tables for the class."""
    classroom: Classroom = taught_class(request, class_id)
    form = MatchForm(request.POST)
    if form.is_valid():
        verdict = sign_in_limits.spend(OPEN_LIMIT, f"user:{request.user.pk}")
        if not verdict.allowed:
            form.add_error(
                None, "You have opened many tables lately: reuse one of them, or try again later."
            )
        else:
            match = service.open_match(
                signed_in_user(request),
                classroom,
                form.spec(),
                tables=form.cleaned_data["tables"],
                hands=form.cleaned_data["hands"],
            )
            messages.success(request, "The match's tables are open: seat your learners at them.")
            return redirect(match)
    return _room(request, classroom, OpenTableForm(), form)


@require_safe
@teacher_required
def match(request: HttpRequest, match_id: int) -> HttpResponse:
    """A match's standings by chips, by chips with the deal's luck taken out, and by the
    coach's error rate; every hand opens in the replayer."""
    found = get_object_or_404(
        SameDealsMatch.objects.select_related("classroom"),
        pk=match_id,
        classroom__teachers=request.user,
    )
    return render(
        request,
        "tables/match.html",
        {"match": found, "results": matches.results(found), "tables": found.tables.all()},
    )


@require_safe
@teacher_required
def hand_replay(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """A finished hand of a class table in the replayer, every card showing: for the
    class's teacher alone."""
    table = _table(table_id)
    if not service.teaches(table, request.user):
        raise Http404("No such hand.")
    row = get_object_or_404(table.hands, number=number, is_over=True)
    notation = service.live_of(row).to_notation()
    form = ReplayStepForm(request.GET, history=notation)
    form.is_valid()
    context: dict[str, Any] = {"form": form, "table": table, "number": number}
    if form.replay is not None:
        page_ = ReplayPage(form.replay, form.step_index, form.study_seat)
        context["page"] = page_
        context["step_list"] = page_.step_list(request.path)
    if getattr(request, "htmx", False):
        return render(request, "lessons/replay.html#table", context)
    return render(request, "tables/hand_replay.html", context)
