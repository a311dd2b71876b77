"""Joining and leaving a class, for learners with an account.

A visitor who is not signed in is asked to sign up or sign in first, with a
way back to the same code; their answers so far move to the account when
they do (``progress.adopt_session_progress``). Joining twice is harmless:
the unique constraint keeps one membership, and the second join says so.
"""

from __future__ import annotations

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from badacey_site import sign_in_limits as limits
from lessons.classes.access import signed_in_user
from lessons.classes.forms import JoinForm
from lessons.models import Classroom, ManagedAccount, Membership


def _join(request: HttpRequest, classroom: Classroom) -> HttpResponse:
    try:
        with transaction.atomic():
            Membership.objects.create(classroom=classroom, user=signed_in_user(request))
        already = False
    except IntegrityError:
        already = True
    context = {"classroom": classroom, "already": already}
    return render(request, "classes/joined.html", context)


def _sign_in_first(request: HttpRequest, code: str = "") -> HttpResponse:
    back = reverse("classes:join_code", args=[code]) if code else reverse("classes:join")
    return render(request, "classes/sign_in_first.html", {"next": back})


def _guesses(request: HttpRequest) -> list[tuple[str, str | None]]:
    """The counts a wrong code is spent against: this account and this address."""
    return [
        ("join_code_per_account", str(request.user.pk)),
        ("join_code_per_address", limits.address_of(request)),
    ]


def _out_of_guesses(request: HttpRequest) -> limits.Verdict:
    for limit, who in _guesses(request):
        verdict = limits.check(limit, who or "")
        if not verdict.allowed:
            return verdict
    return limits.Verdict(True)


def _checked_code(request: HttpRequest, data: dict[str, str] | None) -> JoinForm:
    """The bound form; a wrong code is counted towards the guess limits."""
    form = JoinForm(data)
    if data is not None and not form.is_valid():
        limits.spend_all(request, *_guesses(request))
    return form


@require_http_methods(["GET", "HEAD", "POST"])
def join(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return _sign_in_first(request)
    if request.method == "POST" and not (verdict := _out_of_guesses(request)).allowed:
        return limits.limited_response(request, verdict, "class code")
    form = _checked_code(request, request.POST if request.method == "POST" else None)
    if form.is_valid():
        return _join(request, form.cleaned_data["code"])
    status = 400 if form.errors else 200
    context = {"form": form, "action": reverse("classes:join")}
    return render(request, "classes/join.html", context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def join_code(request: HttpRequest, code: str) -> HttpResponse:
    """The join link: a page to confirm (a GET changes nothing), and its POST joins."""
    if not request.user.is_authenticated:
        return _sign_in_first(request, code)
    if not (verdict := _out_of_guesses(request)).allowed:
        return limits.limited_response(request, verdict, "class code")
    form = _checked_code(request, {"code": code})
    if not form.is_valid():
        context = {"form": form, "action": reverse("classes:join")}
        return render(request, "classes/join.html", context, status=404)
    classroom = form.cleaned_data["code"]
    if request.method == "POST":
        return _join(request, classroom)
    return render(request, "classes/join_confirm.html", {"classroom": classroom})


@require_POST
def leave(request: HttpRequest, class_id: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect("accounts:login")
    membership = get_object_or_404(Membership, classroom_id=class_id, user=request.user)
    if ManagedAccount.objects.filter(user=request.user, classroom_id=class_id).exists():
        # The class's teacher made this account: it leaves the class only through them.
        messages.warning(
            request,
            "Your teacher made this account for the class, so it stays in the class. "
            "Ask your teacher if you need to leave.",
        )
        return redirect(reverse("accounts:settings") + "#classes")
    membership.delete()
    return redirect(reverse("accounts:settings") + "#classes")
