"""Keeping a class tidy: edit or delete work, rename, archive or delete the class,
remove a learner or a co-teacher.

Every view opens its class through ``access.taught_class`` (another
teacher's class is a 404) and its assignment or person within that class
(another class's is a 404 too). Anything that deletes asks first: a GET
shows what will go and a button; only the POST does it. An archived class
is read-only: only restoring it or deleting it is allowed.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.models import User
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.timezone import now
from django.views.decorators.http import require_http_methods, require_POST

from lessons.classes import assigned, removals
from lessons.classes.access import signed_in_user, taught_class, teacher_required
from lessons.classes.forms import AssignmentForm, ClassForm
from lessons.classes.views import archived_refusal, warn_if_past_due
from lessons.models import Assignment, Membership, Removal

GET_OR_POST = ["GET", "HEAD", "POST"]


@teacher_required
@require_http_methods(GET_OR_POST)
def edit_assignment(request: HttpRequest, class_id: int, assignment_id: int) -> HttpResponse:
    classroom = taught_class(request, class_id)
    assignment = get_object_or_404(Assignment, pk=assignment_id, classroom=classroom)
    if classroom.archived:
        return archived_refusal(request, classroom)
    data = request.POST if request.method == "POST" else None
    form = AssignmentForm(data, instance=assignment)
    if form.is_valid():
        with transaction.atomic():
            form.save(classroom)
        messages.info(request, f"Saved: “{assigned.title(assignment)}”.")
        warn_if_past_due(request, form)
        return redirect(f"{classroom.get_absolute_url()}#assignments")
    context = {"form": form, "classroom": classroom, "action": request.path}
    return render(
        request, "classes/edit_assignment.html", context, status=400 if form.errors else 200
    )


@teacher_required
@require_http_methods(GET_OR_POST)
def delete_assignment(request: HttpRequest, class_id: int, assignment_id: int) -> HttpResponse:
    classroom = taught_class(request, class_id)
    assignment = get_object_or_404(Assignment, pk=assignment_id, classroom=classroom)
    if classroom.archived:
        return archived_refusal(request, classroom)
    title = assigned.title(assignment)
    if request.method == "POST":
        assignment.delete()
        messages.info(request, f"Deleted: “{title}”. Your learners no longer see it.")
        return redirect(f"{classroom.get_absolute_url()}#assignments")
    context = {
        "classroom": classroom,
        "heading": f"Delete “{title}”?",
        "goes": [
            "The work, from every learner's list and from this class's page.",
        ],
        "stays": ["Every answer and hand your learners gave: they stay theirs."],
        "button": "Delete the work",
    }
    return render(request, "classes/confirm.html", context)


@teacher_required
@require_http_methods(GET_OR_POST)
def rename_class(request: HttpRequest, class_id: int) -> HttpResponse:
    classroom = taught_class(request, class_id)
    if classroom.archived:
        return archived_refusal(request, classroom)
    data = request.POST if request.method == "POST" else None
    form = ClassForm(data, initial={"name": classroom.name})
    if form.is_valid():
        classroom.name = form.cleaned_data["name"]
        classroom.save(update_fields=["name"])
        return redirect(classroom)
    context = {"form": form, "classroom": classroom, "action": request.path}
    return render(request, "classes/rename.html", context, status=400 if form.errors else 200)


@teacher_required
@require_POST
def set_archived(request: HttpRequest, class_id: int) -> HttpResponse:
    """Archive (``archive=1``) or restore (anything else) the class."""
    classroom = taught_class(request, class_id)
    if request.POST.get("archive") == "1":
        classroom.archived_at = classroom.archived_at or now()
        said = "Archived: the class is read-only and hidden from its learners. Restore it any time."
    else:
        classroom.archived_at = None
        said = "Restored: the class and its work are back for its learners."
    classroom.save(update_fields=["archived_at"])
    messages.info(request, said)
    return redirect(classroom)


@teacher_required
@require_http_methods(GET_OR_POST)
def delete_class(request: HttpRequest, class_id: int) -> HttpResponse:
    classroom = taught_class(request, class_id)
    if request.method == "POST":
        name = classroom.name
        classroom.delete()
        messages.info(request, f"Deleted the class “{name}”.")
        return redirect("classes:teach")
    learners = classroom.memberships.count()
    work = classroom.assignments.count()
    context = {
        "classroom": classroom,
        "heading": f"Delete the class “{classroom.name}”?",
        "goes": [
            f"The class, its code {classroom.join_code} and its page.",
            f"Its {work} piece{'s' * (work != 1)} of work set.",
            f"Its list of {learners} learner{'s' * (learners != 1)}: they are no longer in it.",
        ],
        "stays": [
            "Every learner's account, answers, levels and hands: they were never the class's.",
            "To keep the class but hide it, archive it instead.",
        ],
        "button": "Delete the class",
    }
    return render(request, "classes/confirm.html", context)


@teacher_required
@require_http_methods(GET_OR_POST)
def remove_learner(request: HttpRequest, class_id: int, user_id: int) -> HttpResponse:
    classroom = taught_class(request, class_id)
    membership = get_object_or_404(
        Membership.objects.select_related("user"), classroom=classroom, user_id=user_id
    )
    if classroom.archived:
        return archived_refusal(request, classroom)
    username = membership.user.username
    if request.method == "POST":
        with transaction.atomic():
            membership.delete()
            Removal.objects.create(user_id=user_id, class_name=classroom.name)
        messages.info(request, f"Removed {username} from the class.")
        return redirect(f"{classroom.get_absolute_url()}#learners")
    context = {
        "classroom": classroom,
        "heading": f"Remove {username} from “{classroom.name}”?",
        "goes": [
            "Their place in the class: you no longer see their progress, "
            "and the class's work leaves their list.",
        ],
        "stays": [
            "Their account and every answer they gave: those are theirs.",
            "They are told once on their home page and on their account page. They can join "
            "again only with the "
            "class code; make a new code to stop that.",
        ],
        "button": f"Remove {username}",
    }
    return render(request, "classes/confirm.html", context)


@teacher_required
@require_http_methods(GET_OR_POST)
def remove_teacher(request: HttpRequest, class_id: int, user_id: int) -> HttpResponse:
    """Take a teacher off the class; the last one cannot go (delete the class instead)."""
    classroom = taught_class(request, class_id)
    teacher = get_object_or_404(User, pk=user_id, taught_classes=classroom)
    if classroom.archived:
        return archived_refusal(request, classroom)
    if classroom.teachers.count() <= 1:
        messages.warning(
            request,
            "A class keeps at least one teacher. Add another before you leave, "
            "or delete the class.",
        )
        return redirect(f"{classroom.get_absolute_url()}#teachers")
    me = teacher.pk == signed_in_user(request).pk
    if request.method == "POST":
        if not removals.remove_teacher(classroom, teacher, signed_in_user(request)):
            messages.warning(
                request,
                "A class keeps at least one teacher, and this one no longer has two. "
                "Nothing changed.",
            )
            return redirect("classes:teach")
        if me:
            messages.info(request, f"You no longer teach “{classroom.name}”.")
            return redirect("classes:teach")
        messages.info(request, f"{teacher.username} no longer teaches this class.")
        return redirect(f"{classroom.get_absolute_url()}#teachers")
    who = "yourself" if me else teacher.username
    context = {
        "classroom": classroom,
        "heading": f"Remove {who} as a teacher of “{classroom.name}”?",
        "goes": [f"{'Your' if me else 'Their'} access to this class and its learners' progress."],
        "stays": ["The class, its learners and its work, with the other teachers."],
        "button": "Remove myself" if me else f"Remove {teacher.username}",
    }
    return render(request, "classes/confirm.html", context)


@require_POST
def dismiss_removal(request: HttpRequest, removal_id: int) -> HttpResponse:
    """A learner's "you were removed from ..." note, gone once read."""
    if not request.user.is_authenticated:
        raise Http404("No such note.")
    get_object_or_404(Removal, pk=removal_id, user=request.user).delete()
    return redirect(reverse("accounts:settings") + "#classes")
