"""The teacher area, ``/teach/``: classes, the class page, one learner, the CSV, assignments.

Every view is for teachers only (``access.teacher_required``) and opens a
class through ``access.taught_class``, so another teacher's class is a 404.
The views parse with a form, ask ``reports`` and render; bad input is the
same page again with the form's message, never a 500.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from itertools import chain

from django.contrib import messages
from django.core.paginator import Page, Paginator
from django.db import transaction
from django.db.models import Count
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.timezone import now
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from badacey_site.streaming import csv_lines
from lessons.classes import codes, missed, reports, status
from lessons.classes.access import signed_in_user, taught_class, teacher_required
from lessons.classes.forms import AssignmentForm, ClassForm, CoTeacherForm, GridForm, PeriodForm
from lessons.models import Classroom
from lessons.study import check


@teacher_required
@require_http_methods(["GET", "HEAD", "POST"])
def teach_home(request: HttpRequest) -> HttpResponse:
    form = ClassForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        with transaction.atomic():
            teacher = signed_in_user(request)
            classroom = Classroom.objects.create(
                name=form.cleaned_data["name"], join_code=codes.new_code(), created_by=teacher
            )
            classroom.teachers.add(teacher)
        return redirect(classroom)
    classes = list(
        Classroom.objects.filter(teachers=signed_in_user(request))
        .annotate(learners=Count("memberships", distinct=True))
        .order_by("name", "pk")
    )
    missing = reports.missing_counts(classes, now().date())
    for classroom in classes:
        classroom.missing = missing[classroom.pk]  # type: ignore[attr-defined]
    context = {
        "form": form,
        "classes": [c for c in classes if not c.archived],
        "archived": [c for c in classes if c.archived],
    }
    status = 400 if form.errors else 200
    return render(request, "classes/teach.html", context, status=status)


def _join_link(request: HttpRequest, classroom: Classroom) -> str:
    return request.build_absolute_uri(reverse("classes:join_code", args=[classroom.join_code]))


@teacher_required
@require_safe
def class_page(request: HttpRequest, class_id: int) -> HttpResponse:
    classroom = taught_class(request, class_id)
    moment = now()
    period = PeriodForm(request.GET)
    days = period.days()
    report = reports.class_report(classroom, moment)
    grid_form, grid = _arranged(request, report)
    # A page of rows at a time: 40 learners fit on one, a class of 1,000 gets
    # 20 pages instead of one page of megabytes. The CSV keeps every row.
    grid_page = Paginator(grid.rows, GRID_PAGE_ROWS).get_page(grid_form.value("page"))
    shown = replace(grid, rows=list(grid_page.object_list))
    exercises, drills = missed.answers_missed(classroom, moment, days)
    context = {
        "classroom": classroom,
        "report": report,
        "grid": shown,
        "grid_rows": len(grid.rows),
        "grid_page": grid_page,
        "page_links": _page_links(grid_form, grid_page),
        "grid_form": grid_form,
        "headers": _headers(grid_form, grid),
        "period": period,
        "days": days,
        "misconceptions": missed.misconceptions_missed(classroom, moment, days),
        "exercises": exercises,
        "drills": drills,
        "deal_stats": reports.class_deal_stats(classroom),
        "join_link": _join_link(request, classroom),
        "teachers": list(classroom.teachers.order_by("username").only("pk", "username")),
        "misses_for_help": reports.MISSES_FOR_HELP,
        "quiet_days": reports.QUIET_DAYS,
        "check": check.class_change(check.class_statuses(reports.member_ids(classroom), moment)),
    }
    return render(request, "classes/class_page.html", context)


@dataclass(frozen=True)
class Header:
    """One sortable column heading: its link sorts by it (the other way when it already does)."""

    label: str
    url: str
    sorted: str  # "ascending", "descending" or "" (for aria-sort)

    @property
    def short(self) -> str:
        """The heading as the grid shows it: short enough for 8 pieces of work side by side.

        The full title is the link's accessible name, its title attribute and what
        shows on focus or hover; only sighted readers of a long one see "Play 5…".
        """
        return short_heading(self.label)


HEADING_CHARACTERS = 10


def short_heading(label: str) -> str:
    """``label`` cut to ``HEADING_CHARACTERS`` at a word's end where possible, with "…"."""
    if len(label) <= HEADING_CHARACTERS:
        return label
    cut = label[: HEADING_CHARACTERS - 1]
    at_space = cut.rfind(" ")
    if at_space >= HEADING_CHARACTERS // 2:
        cut = cut[:at_space]
    return cut.rstrip(" :,") + "…"


def _arranged(
    request: HttpRequest, report: reports.ClassReport
) -> tuple[GridForm, reports.ClassReport]:
    choices = [(row.assignment.pk, row.title) for row in report.assignments]
    form = GridForm(request.GET, work_choices=choices)
    sort = form.value("sort") or "learner"
    grid = reports.arrange(
        report,
        sort,
        form.value("dir") == "desc",
        form.value("show") == "help",
        form.value("work"),
    )
    return form, grid


GRID_PAGE_ROWS = 50


def _page_links(form: GridForm, page: Page) -> dict[str, str]:
    """The previous and next pages' links, keeping the sort and the filter."""
    links = {}
    if page.has_previous():
        links["previous"] = f"?{form.query(page=str(page.previous_page_number()))}#learners"
    if page.has_next():
        links["next"] = f"?{form.query(page=str(page.next_page_number()))}#learners"
    return links


def _headers(form: GridForm, grid: reports.ClassReport) -> list[Header]:
    sort = form.value("sort") or "learner"
    descending = form.value("dir") == "desc"
    headers = []
    for key, label in reports.sort_keys(grid).items():
        current = key == sort
        flip = "desc" if current and not descending else "asc"
        state = ("descending" if descending else "ascending") if current else ""
        headers.append(Header(label, f"?{form.query(sort=key, dir=flip)}#learners", state))
    return headers


@teacher_required
@require_safe
def learner_page(request: HttpRequest, class_id: int, user_id: int) -> HttpResponse:
    classroom = taught_class(request, class_id)
    context = {
        "classroom": classroom,
        **reports.learner_page(classroom, user_id),
        "work": reports.learner_work(classroom, user_id, now()),
        "played": status.hands_by_game(user_id),
    }
    return render(request, "classes/learner.html", context)


@teacher_required
@require_safe
def assignment_page(request: HttpRequest, class_id: int, assignment_id: int) -> HttpResponse:
    """Every learner's status on one piece of work, the most pressing first."""
    classroom = taught_class(request, class_id)
    context = {"classroom": classroom, **reports.assignment_page(classroom, assignment_id, now())}
    return render(request, "classes/assignment.html", context)


@teacher_required
@require_safe
def class_csv(request: HttpRequest, class_id: int) -> StreamingHttpResponse:
    classroom = taught_class(request, class_id)
    # The same sorting and filtering as the page the link was on: the file matches the screen.
    _, report = _arranged(request, reports.class_report(classroom, now()))
    # A byte-order mark so spreadsheets read the file as UTF-8 (skill names have dashes);
    # then the lines, streamed as they are written, however large the class.
    lines = chain(["\ufeff"], csv_lines(reports.grid_rows(report)))
    response = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(
        True, csv_name(classroom.name, now().date())
    )
    return response


def csv_name(class_name: str, day: date) -> str:
    """ "tuesday-group-2026-12-04.csv": the class's name and the day, safe in any file system."""
    return f"{slugify(class_name)[:60] or 'class'}-{day.isoformat()}.csv"


def warn_if_past_due(request: HttpRequest, form: AssignmentForm) -> None:
    if form.due_in_the_past(now().date()):
        messages.warning(
            request,
            "The due date is already past: the work is saved, and learners who have not "
            "finished it read as missing straight away. Edit it to change the date.",
        )


def archived_refusal(request: HttpRequest, classroom: Classroom) -> HttpResponse:
    """An archived class is read-only: say so on its page instead of changing it."""
    messages.warning(
        request, "This class is archived, so nothing in it can change. Restore it first."
    )
    return redirect(classroom)


@teacher_required
@require_safe
def assignment_csv(
    request: HttpRequest, class_id: int, assignment_id: int
) -> StreamingHttpResponse:
    """One piece of work's statuses and, exercise by exercise, who got each right."""
    classroom = taught_class(request, class_id)
    rows = reports.assignment_csv_rows(classroom, assignment_id, now())
    first = next(rows)  # a 404 for another class's work comes before any byte is sent
    lines = chain(["\ufeff"], csv_lines(chain([first], rows)))
    response = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    name = csv_name(f"{classroom.name} work {assignment_id}", now().date())
    response["Content-Disposition"] = content_disposition_header(True, name)
    return response


@teacher_required
@require_POST
def set_joining(request: HttpRequest, class_id: int) -> HttpResponse:
    classroom = taught_class(request, class_id)
    if classroom.archived:
        return archived_refusal(request, classroom)
    classroom.joining_open = request.POST.get("open") == "1"
    classroom.save(update_fields=["joining_open"])
    return redirect(f"{classroom.get_absolute_url()}#joining")


@teacher_required
@require_POST
def new_code(request: HttpRequest, class_id: int) -> HttpResponse:
    classroom = taught_class(request, class_id)
    if classroom.archived:
        return archived_refusal(request, classroom)
    classroom.join_code = codes.new_code()
    classroom.save(update_fields=["join_code"])
    return redirect(f"{classroom.get_absolute_url()}#joining")


@teacher_required
@require_http_methods(["GET", "HEAD", "POST"])
def add_teacher(request: HttpRequest, class_id: int) -> HttpResponse:
    classroom = taught_class(request, class_id)
    if classroom.archived:
        return archived_refusal(request, classroom)
    form = CoTeacherForm(request.POST if request.method == "POST" else None, classroom=classroom)
    if form.is_valid():
        classroom.teachers.add(form.cleaned_data["username"])
        return redirect(f"{classroom.get_absolute_url()}#teachers")
    status = 400 if form.errors else 200
    context = {"form": form, "classroom": classroom, "action": request.path}
    return render(request, "classes/add_teacher.html", context, status=status)


@teacher_required
@require_http_methods(["GET", "HEAD", "POST"])
def assign(request: HttpRequest, class_id: int) -> HttpResponse:
    classroom = taught_class(request, class_id)
    if classroom.archived:
        return archived_refusal(request, classroom)
    form = AssignmentForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        with transaction.atomic():
            form.save(classroom)
        warn_if_past_due(request, form)
        return redirect(f"{classroom.get_absolute_url()}#assignments")
    status = 400 if form.errors else 200
    context = {"form": form, "classroom": classroom, "action": request.path}
    return render(request, "classes/assign.html", context, status=status)
