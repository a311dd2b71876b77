"""A course-site learner's account here, and the class their course maps to.

The account is found through django-lti's ``LtiUser`` (one row per platform
registration and platform user id), made on the first launch with no
usable password: the course site is how its owner signs in. A name or an
email the platform sends fills only what the account does not have yet.
"""

from __future__ import annotations

import hashlib

from django.contrib.auth.models import Group, User
from django.db import transaction
from lti_tool.models import LtiContext, LtiMembership, LtiUser

from lessons.classes import codes
from lessons.models import Classroom, Membership
from lessons.teaching.teachers_group import TEACHERS, ensure_teachers_group
from lti.models import CourseClass


@transaction.atomic(savepoint=False)  # its row lock needs a transaction
def account_for(platform_user: LtiUser) -> User:
    """The site account of a platform user; made (and linked) on their first launch."""
    locked = LtiUser.objects.select_for_update().get(pk=platform_user.pk)
    user = locked.auth_user
    if user is None:
        digest = hashlib.sha256(locked.sub.encode("utf-8")).hexdigest()[:24]
        user = User(username=f"lti{locked.registration_id}-{digest}")
        user.set_unusable_password()
        user.save()
        locked.auth_user = user
        locked.save(update_fields=["auth_user"])
    fill = {
        "first_name": locked.given_name or (locked.name if not locked.family_name else ""),
        "last_name": locked.family_name,
        "email": locked.email,
    }
    changed = [field for field, value in fill.items() if value and not getattr(user, field)]
    for field in changed:
        setattr(user, field, fill[field][:150])
    if changed:
        user.save(update_fields=changed)
    return user


@transaction.atomic(savepoint=False)  # its row lock needs a transaction
def class_for(context: LtiContext, instructor: User | None) -> Classroom | None:
    """The class mapped to a course; an instructor's launch makes it and joins them as teacher.

    A learner whose course has no class yet (no instructor has opened the
    tool) joins none then; the class, once made, takes in every learner the
    course's launches have already brought here.
    """
    # Two instructors' first launches at once must not both make a class: lock the course.
    LtiContext.objects.select_for_update().filter(pk=context.pk).first()
    mapped = CourseClass.objects.select_related("classroom").filter(context=context).first()
    if mapped is None:
        if instructor is None:
            return None
        name = (context.title or context.label or "Course class")[:100]
        classroom = Classroom.objects.create(
            name=name, join_code=codes.new_code(), created_by=instructor
        )
        mapped = CourseClass.objects.create(context=context, classroom=classroom)
        earlier = LtiMembership.objects.filter(
            context=context, is_learner=True, is_instructor=False, user__auth_user__isnull=False
        ).values_list("user__auth_user", flat=True)
        Membership.objects.bulk_create(
            [Membership(classroom=classroom, user_id=user_id) for user_id in earlier]
        )
    classroom = mapped.classroom
    if instructor is not None:
        classroom.teachers.add(instructor)
        ensure_teachers_group(sender=None)
        instructor.groups.add(Group.objects.get(name=TEACHERS))
    return classroom


def join(classroom: Classroom, learner: User) -> None:
    Membership.objects.get_or_create(classroom=classroom, user=learner)
