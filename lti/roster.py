"""Filling a course's class from the course site's member list (Names and Role Provisioning).

On a teacher's request, the course site's member list (the NRPS URL its last
launch gave) is read through pylti1p3 and stored by django-lti
(``LtiContext.update_memberships``); every active learner on it gets their
study-room account (the one their own first launch would make) and joins the
class, so the teacher sees the whole class before anyone has opened a link.
"""

from __future__ import annotations

import requests
from django.db import transaction
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


def fill(course: CourseClass) -> int:
    """Join every active learner the course site lists; returns how many joined now."""
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
        members = service.get_members()
    except LtiServiceException as error:
        raise RosterUnavailable(
            f"The course site refused the member list ({error.response.status_code})."
        ) from None
    except (LtiException, requests.RequestException, ValueError):
        raise RosterUnavailable("The course site could not be reached; try again later.") from None
    joined = 0
    with transaction.atomic():
        context.update_memberships(list(members))
        learners = LtiMembership.objects.filter(
            context=context, is_learner=True, is_instructor=False, is_active=True
        ).select_related("user")
        for membership in learners:
            user = accounts.account_for(membership.user)
            _, created = Membership.objects.get_or_create(classroom=course.classroom, user=user)
            joined += created
    return joined
