"""For teachers: each course's scores per learner, and the class list from the course site.

Only courses whose class the teacher teaches are shown; another course's
number gets a 404, as a class page does.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from lessons.classes.access import signed_in_user, teacher_required
from lti import roster, targets
from lti.forms import RosterForm
from lti.models import CourseClass, LearnerScore


def _title(code: str) -> str:
    try:
        return targets.parse(code).title
    except targets.BadTarget:
        return code


@teacher_required
@require_safe
def scores(request: HttpRequest) -> HttpResponse:
    """Per course, per learner: the graded links' states, tries, times and last errors."""
    teacher = signed_in_user(request)
    courses = list(
        CourseClass.objects.filter(classroom__teachers=teacher)
        .select_related("classroom", "context")
        .order_by("classroom__name", "pk")
    )
    rows = (
        LearnerScore.objects.filter(work__resource_link__context__in=[c.context for c in courses])
        .select_related("user", "work__resource_link")
        .order_by("work__resource_link__title", "user__last_name", "user__first_name", "pk")
    )
    by_context: dict[int, list[tuple[LearnerScore, str]]] = {}
    for row in rows:
        context_id = row.work.resource_link.context_id
        by_context.setdefault(context_id, []).append((row, _title(row.work.target)))
    listed = [
        (course, by_context.get(course.context_id, []), RosterForm(course), roster.launched(course))
        for course in courses
    ]
    return render(request, "lti/scores.html", {"courses": listed})


@teacher_required
@require_POST
def fill_roster(request: HttpRequest, course_id: int) -> HttpResponse:
    course = (
        CourseClass.objects.filter(pk=course_id, classroom__teachers=signed_in_user(request))
        .select_related("classroom", "context__deployment__registration")
        .first()
    )
    if course is None:
        raise Http404("No course of yours has that number.")
    roster.start_import(course)
    course.refresh_from_db()
    if course.roster_state == CourseClass.QUEUED:
        messages.info(
            request,
            f"Importing the class list of {course.classroom.name} from the course site: "
            "reload this page in a minute to see who is in it.",
        )
    return redirect("lti:scores")
