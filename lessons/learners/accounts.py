"""Learner accounts on the public site: sign up, sign in and out, password, settings.

Sign-in, sign-out, password change and password reset are Django's own views
with this site's templates. Everything that hashes a password, and sign-up
and reset requests, is limited per address and per account
(badacey_site.sign_in_limits), before any hash is computed. A teacher's admin
account signs in here too and is a learner like anyone else.
"""

from __future__ import annotations

from django.contrib.auth import authenticate, login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from badacey_site import sign_in_limits as limits
from badacey_site.streaming import indented_json
from lessons.learners import progress
from lessons.learners.account_forms import (
    ChangePasswordForm,
    DeleteAccountForm,
    NewPasswordForm,
    SignUpForm,
)

LOGIN = reverse_lazy("accounts:login")
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"
JUST_TAKEN = (
    "An account with this username was created a moment ago. If it is yours (a double "
    "click, say), sign in with it; otherwise choose another username."
)


def password_check_verdict(request: HttpRequest, user_pk: object) -> limits.Verdict:
    """Count a password check (or a new password) for this account and this address."""
    return limits.spend_all(
        request,
        ("password_per_account", str(user_pk)),
        ("password_per_address", limits.address_of(request)),
    )


@require_http_methods(["GET", "HEAD", "POST"])
def sign_up(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("accounts:settings")
    if request.method == "POST":
        verdict = limits.spend("sign_up_per_address", limits.address_of(request))
        if not verdict.allowed:
            return limits.limited_response(request, verdict, "sign-up")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = create_account(request, form)
        if user is not None:
            # login() fires user_logged_in, which moves the session's progress over.
            login(request, user, backend=MODEL_BACKEND)
            return redirect("lessons:progress")
    status = 400 if request.method == "POST" else 200
    return render(request, "accounts/sign_up.html", {"form": form}, status=status)


def create_account(request: HttpRequest, form: SignUpForm) -> User | None:
    """Save the new account; a twin post that got there first is not an error page.

    Two identical posts (a double click) both pass the form's "username is
    free" check, and the second insert breaks the unique constraint. If the
    account now there has the password just typed, it is this learner's own
    first click: sign in to it. Otherwise someone else took the name between
    check and save, and the form says so.
    """
    try:
        with transaction.atomic():
            return form.save()
    except IntegrityError:
        pass
    data = form.cleaned_data
    twin = authenticate(request, username=data["username"], password=data["password1"])
    if twin is None:
        form.add_error("username", JUST_TAKEN)
    return twin


class SignInView(auth_views.LoginView):
    template_name = "accounts/sign_in.html"
    next_page = reverse_lazy("lessons:progress")  # type: ignore[assignment]
    redirect_authenticated_user = True

    def get_default_redirect_url(self) -> str:
        """A teacher lands on their classes, a learner on their progress (unless ?next= says)."""
        from lessons.classes.access import is_teacher

        if is_teacher(self.request.user):
            return reverse("classes:teach")
        return super().get_default_redirect_url()

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)


sign_in = SignInView.as_view()
sign_out = auth_views.LogoutView.as_view(next_page=reverse_lazy("lessons:home"))


class PasswordChange(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:password_change_done")
    form_class = ChangePasswordForm

    def post(self, request, *args, **kwargs):
        verdict = password_check_verdict(request, request.user.pk)
        if not verdict.allowed:
            return limits.limited_response(request, verdict, "password")
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        response = super().form_valid(form)
        # A teacher-made account's card no longer signs in once its owner chose a password.
        from lessons.classes import managed

        managed.chose_own_password(form.user)
        return response

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)


password_change = login_required(PasswordChange.as_view(), login_url=LOGIN)
password_change_done = login_required(
    auth_views.PasswordChangeDoneView.as_view(template_name="accounts/password_change_done.html"),
    login_url=LOGIN,
)


@require_safe
def settings_page(request: HttpRequest) -> HttpResponse:
    form = DeleteAccountForm(user=request.user) if request.user.is_authenticated else None
    return render(
        request, "accounts/settings.html", {"delete_form": form, "managed": _managed(request)}
    )


def _managed(request: HttpRequest) -> object:
    """The teacher-made account's row (its class), or None for an account the learner made."""
    from lessons.models import ManagedAccount

    if not request.user.is_authenticated:
        return None
    return ManagedAccount.objects.select_related("classroom").filter(user=request.user).first()


@require_safe
def download(request: HttpRequest) -> StreamingHttpResponse:
    # Streamed: the answers are read and written a chunk at a time, so a long
    # history neither waits for the whole file nor sits in memory at once.
    response = StreamingHttpResponse(
        indented_json(progress.export(request)),
        content_type="application/json; charset=utf-8",
    )
    stamp = timezone.now().strftime("%Y-%m-%d")
    response["Content-Disposition"] = f'attachment; filename="badacey-progress-{stamp}.json"'
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def delete_progress(request: HttpRequest) -> HttpResponse:
    """Asks first; only a post that confirms deletes anything."""
    if request.method != "POST" or request.POST.get("confirm") != "yes":
        count = progress.count_attempts(request)
        return render(request, "accounts/delete_progress.html", {"count": count})
    count = progress.delete_progress(request)
    return render(request, "accounts/deleted.html", {"what": "progress", "count": count})


@require_POST
def delete_account(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect(LOGIN)
    verdict = password_check_verdict(request, request.user.pk)
    if not verdict.allowed:
        return limits.limited_response(request, verdict, "password")
    form = DeleteAccountForm(request.POST, user=request.user)
    if not form.is_valid():
        return render(request, "accounts/settings.html", {"delete_form": form}, status=400)
    user = request.user
    logout(request)
    # Attempts and checklists go with it (on_delete=CASCADE); its sign-in records
    # in axes' tables go too (sign_in_limits.forget_sign_ins, on post_delete).
    user.delete()
    return render(request, "accounts/deleted.html", {"what": "account"})


class PasswordReset(auth_views.PasswordResetView):
    """Asks for an address and mails a link; the same answer whether or not it has an account.

    Requests are limited per address (a 429, which says nothing about the
    email typed) and per email: over that one, nothing is sent but the page
    is the usual "check your email", so a flood cannot fill someone's inbox
    and the answer still tells nothing.
    """

    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"
    success_url = reverse_lazy("accounts:password_reset_done")

    def post(self, request, *args, **kwargs):
        verdict = limits.spend("reset_per_address", limits.address_of(request))
        if not verdict.allowed:
            return limits.limited_response(request, verdict, "reset")
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        email = form.cleaned_data["email"].strip().casefold()
        if not limits.spend("reset_per_email", email).allowed:
            return redirect(self.success_url)
        return super().form_valid(form)

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    """The page a reset link opens; saving the new password signs the learner in.

    Signing in here, not through authenticate(), is deliberate: the link is
    the proof, and it works even while the account's sign-in limit pauses
    addresses it has never been used from.
    """

    form_class = NewPasswordForm
    success_url = reverse_lazy("accounts:password_reset_complete")
    post_reset_login = True
    post_reset_login_backend = MODEL_BACKEND

    def post(self, request, *args, **kwargs):
        if self.validlink:
            verdict = password_check_verdict(request, self.user.pk)
            if not verdict.allowed:
                return limits.limited_response(request, verdict, "password")
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)


password_reset = PasswordReset.as_view()
password_reset_done = auth_views.PasswordResetDoneView.as_view()
password_reset_confirm = PasswordResetConfirm.as_view()
password_reset_complete = auth_views.PasswordResetCompleteView.as_view()
