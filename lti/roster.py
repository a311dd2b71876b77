"""Filling a course's class from the course site's member list (Names and Role Provisioning).

On a teacher's request, a background task (``import_roster``, the tasks
framework like the site's other jobs) reads the course site's member list
(the NRPS URL its last launch gave) through pylti1p3 and stores it with
django-lti (``LtiContext.update_memberships``); every active learner on it
gets their study-room account (the one their own first launch would make)
and joins the class, so the teacher sees the whole class, and who has not
launched yet, before anyone has opened a link.

A learner the list no longer has (gone, or marked Inactive or Deleted) is
marked as left (``Membership.left_at``): they stay in the grid, marked, with
all their work; nothing is deleted. Back on the list, the mark goes.
"""

from __future__ import annotations

import requests
from django.db import transaction
from django.tasks import task
from django.utils import timezone
from lti_tool.models import LtiMembership
from pylti1p3.exception import LtiException, LtiServiceException
from pylti1p3.names_roles import NamesRolesProvisioningService
from pylti1p3.service_connector import ServiceConnector

from lessons.models import Membership
from lti import accounts
from lti.http import PatientSession
from lti.models import CourseClass


class RosterUnavailable(Exception):
    """The member list could not be read; the message says why, for the teacher."""


def fill(course: CourseClass) -> tuple[int, int]:
    """Join every active learner the course site lists, mark the ones gone as left.

    Returns (how many joined now, how many were marked as left now).
    """
    context = course.context
    if not context.memberships_url:
        raise RosterUnavailable(
            "The course site did not offer its member list at the last launch: "
            "its administrator switches on the names and roles service for the tool."
        )
    registration = context.deployment.registration.to_registration()
    service = NamesRolesProvisioningService(
        ServiceConnector(registration, PatientSession()),
        {"context_memberships_url": context.memberships_url},
    )
    try:
        members = list(service.get_members())
    except LtiServiceException as error:
        raise RosterUnavailable(
            f"The course site refused the member list ({error.response.status_code})."
        ) from None
    except (LtiException, requests.RequestException, ValueError):
        raise RosterUnavailable("The course site could not be reached; try again later.") from None
    joined = 0
    listed = {str(member.get("user_id")) for member in members}
    with transaction.atomic():
        context.update_memberships(members)
        # Gone from the list altogether: no longer active in the course.
        LtiMembership.objects.filter(context=context).exclude(user__sub__in=listed).update(
            is_active=False
        )
        learners = LtiMembership.objects.filter(
            context=context, is_learner=True, is_instructor=False
        ).select_related("user")
        gone: list[int] = []
        for membership in learners:
            if not membership.is_active:
                if membership.user.auth_user_id is not None:
                    gone.append(membership.user.auth_user_id)
                continue
            user = accounts.account_for(membership.user)
            row, created = Membership.objects.get_or_create(classroom=course.classroom, user=user)
            joined += created
            if row.left_at is not None:  # back on the course site's list
                Membership.objects.filter(pk=row.pk).update(left_at=None)
        left = Membership.objects.filter(
            classroom=course.classroom, user_id__in=gone, left_at=None
        ).update(left_at=timezone.now())
    return joined, left


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


@task
def import_roster(course_id: int) -> str:
    """The background job behind the teacher's button; keeps its outcome on the course row."""
    course = (
        CourseClass.objects.select_related("classroom", "context__deployment__registration")
        .filter(pk=course_id)
        .first()
    )
    if course is None:
        return "no such course"
    try:
        joined, left = fill(course)
    except RosterUnavailable as error:
        course.roster_state, course.roster_message = CourseClass.FAILED, str(error)[:300]
    else:
        course.roster_state = CourseClass.DONE
        course.roster_message = (
            f"{_plural(joined, 'learner')} joined {course.classroom.name} from the course site; "
            f"{_plural(left, 'learner')} marked as left."
        )[:300]
    course.roster_at = timezone.now()
    course.save(update_fields=["roster_state", "roster_message", "roster_at"])
    return course.roster_state


def start_import(course: CourseClass) -> None:
    """Queue the import (once: a second press while one waits queues nothing more)."""
    queued = CourseClass.objects.filter(pk=course.pk).exclude(roster_state=CourseClass.QUEUED)
    if queued.update(roster_state=CourseClass.QUEUED, roster_message=""):
        import_roster.enqueue(course.pk)


def launched(course: CourseClass) -> list[tuple[str, bool, bool]]:
    """The class's learners from the course site: (name, launched yet, left), by name.

    "Launched" is whether the account has signed in: an account made from the
    member list has not until its owner first opens a link.
    """
    rows = (
        Membership.objects.filter(
            classroom=course.classroom,
            user__lti_users__memberships__context=course.context,
        )
        .select_related("user")
        .distinct()
    )
    found = [
        (
            row.user.get_full_name() or row.user.username,
            row.user.last_login is not None,
            row.left_at is not None,
        )
        for row in rows
    ]
    return sorted(found, key=lambda item: item[0].casefold())
