"""Accounts a teacher makes (``managed``): the class's accounts page, its cards, resets,
and the picture sign-in page a young learner uses.

The teacher's views open the class through ``access.taught_class``, so another
teacher's class (its accounts, its cards, a reset) is a 404. The picture
sign-in pages are public, reached with the class's join code, and sign in
through ``authenticate`` like the sign-in form, so the same limits apply.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import authenticate, login
from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from lessons.classes import managed
from lessons.classes.access import signed_in_user, taught_class, teacher_required
from lessons.classes.forms import ManagedAccountsForm, PictureSignInForm
from lessons.classes.views import archived_refusal
from lessons.models import Classroom, ManagedAccount


@teacher_required
@require_http_methods(["GET", "HEAD", "POST"])
def accounts(request: HttpRequest, class_id: int) -> HttpResponse:
    """The class's teacher-made accounts: make more from a list, see who never signed in."""
    classroom = taught_class(request, class_id)
    if request.method == "POST" and classroom.archived:
        return archived_refusal(request, classroom)
    form = ManagedAccountsForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
    )
    if form.is_valid():
        try:
            cards = managed.create(
                classroom,
                signed_in_user(request),
                form.cleaned_data["list"],
                form.cleaned_data["kind"],
            )
        except managed.NamesRefused as refusal:
            form.add_error(None, str(refusal))
        else:
            messages.success(
                request,
                f"Made {len(cards)} account{'s' * (len(cards) != 1)} in the class. "
                "Print their cards below and cut them out.",
            )
            return redirect("classes:cards", classroom.pk)
    listed = managed.accounts_of(classroom)
    context = {
        "classroom": classroom,
        "form": form,
        "accounts": listed,
        "never": sum(1 for a in listed if a.user.last_login is None),
        "pictures_link": request.build_absolute_uri(
            reverse("classes:picture_names", args=[classroom.join_code])
        ),
        "most_at_once": managed.MOST_AT_ONCE,
    }
    return render(request, "classes/accounts.html", context, status=400 if form.errors else 200)


@teacher_required
@require_safe
def cards(request: HttpRequest, class_id: int) -> HttpResponse:
    """Every card to print (a print stylesheet) or, with ``?download=1``, one HTML file to keep."""
    classroom = taught_class(request, class_id)
    listed = managed.accounts_of(classroom)
    only = request.GET.get("only", "")
    if only.isdigit() and len(only) < 19:
        listed = [a for a in listed if a.user_id == int(only)]
    context = {
        "classroom": classroom,
        "cards": [managed.card_of(a) for a in listed],
        "sign_in_link": request.build_absolute_uri(reverse("accounts:login")),
        "pictures_link": request.build_absolute_uri(
            reverse("classes:picture_names", args=[classroom.join_code])
        ),
    }
    if request.GET.get("download") == "1":
        path = finders.find("css/cards.css")
        context["inline_css"] = open(path, encoding="utf-8").read() if path else ""  # noqa: SIM115
        response = render(request, "classes/cards_download.html", context)
        name = f"{slugify(classroom.name)[:60] or 'class'}-sign-in-cards.html"
        response["Content-Disposition"] = content_disposition_header(True, name)
        return response
    return render(request, "classes/cards.html", context)


@teacher_required
@require_POST
def reset(request: HttpRequest, class_id: int, user_id: int) -> HttpResponse:
    """A new card secret for one learner; the old one stops working at once."""
    classroom = taught_class(request, class_id)
    account = get_object_or_404(
        ManagedAccount.objects.select_related("user"), classroom=classroom, user_id=user_id
    )
    if classroom.archived:
        return archived_refusal(request, classroom)
    managed.reset(account)
    messages.success(
        request, f"{account.user.username} has a new card; the old one no longer signs in."
    )
    return redirect(f"{reverse('classes:cards', args=[classroom.pk])}?only={account.user_id}")


def _picture_class(code: str) -> Classroom:
    classroom = Classroom.objects.filter(join_code=code.upper()[:20], archived_at=None).first()
    if classroom is None:
        raise Http404("No class has that sign-in page.")
    return classroom


@require_safe
def picture_names(request: HttpRequest, code: str) -> HttpResponse:
    """A class's picture sign-in page: each learner with a picture code, by name."""
    classroom = _picture_class(code)
    learners = ManagedAccount.objects.filter(
        classroom=classroom, kind=ManagedAccount.PICTURES
    ).select_related("user")
    context = {"classroom": classroom, "learners": learners.order_by("name", "pk"), "code": code}
    return render(request, "classes/picture_names.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def picture_sign_in(request: HttpRequest, code: str, username: str) -> HttpResponse:
    """Pick your three pictures, in order; signs in through the same limits as a password."""
    classroom = _picture_class(code)
    account = get_object_or_404(
        ManagedAccount.objects.select_related("user"),
        classroom=classroom,
        kind=ManagedAccount.PICTURES,
        user__username=username[:150],
    )
    form = PictureSignInForm(request.POST if request.method == "POST" else None)
    wrong = False
    if form.is_valid():
        user = authenticate(request, username=account.user.username, password=form.code())
        if getattr(request, "axes_locked_out", False):
            from badacey_site.sign_in_limits import paused_response

            return paused_response(request)
        if user is not None:
            login(request, user, backend="lessons.classes.managed.CardBackend")
            return redirect("lessons:home")
        wrong = True
    context = {
        "classroom": classroom,
        "account": account,
        "form": form,
        "pictures": managed.picture_choices(),
        "wrong": wrong,
        "code": code,
    }
    status = 400 if (wrong or form.errors) else 200
    return render(request, "classes/picture_sign_in.html", context, status=status)
