"""Learner accounts on the public site: sign up, sign in and out, password, settings.

Sign-in, sign-out and password change are Django's own views with this site's
templates; django-axes (badacey_site.sign_in_limits) pauses sign-in after
repeated failures, as it does for the admin. A teacher's admin account signs
in here too and is a learner like anyone else.
"""

from __future__ import annotations

import json

from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from lessons.learners import progress
from lessons.learners.account_forms import DeleteAccountForm, SignUpForm

LOGIN = reverse_lazy("accounts:login")


@require_http_methods(["GET", "HEAD", "POST"])
def sign_up(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("accounts:settings")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # login() fires user_logged_in, which moves the session's progress over.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("lessons:progress")
    status = 400 if request.method == "POST" else 200
    return render(request, "accounts/sign_up.html", {"form": form}, status=status)


class SignInView(auth_views.LoginView):
    template_name = "accounts/sign_in.html"
    next_page = reverse_lazy("lessons:progress")  # type: ignore[assignment]
    redirect_authenticated_user = True

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)


sign_in = SignInView.as_view()
sign_out = auth_views.LogoutView.as_view(next_page=reverse_lazy("lessons:home"))


class PasswordChange(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:password_change_done")

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
    return render(request, "accounts/settings.html", {"delete_form": form})


@require_safe
def download(request: HttpRequest) -> HttpResponse:
    data = json.dumps(progress.export(request), indent=2, ensure_ascii=False)
    response = HttpResponse(data, content_type="application/json; charset=utf-8")
    stamp = timezone.now().strftime("%Y-%m-%d")
    response["Content-Disposition"] = f'attachment; filename="badacey-progress-{stamp}.json"'
    return response


@require_POST
def delete_progress(request: HttpRequest) -> HttpResponse:
    count = progress.delete_progress(request)
    return render(request, "accounts/deleted.html", {"what": "progress", "count": count})


@require_POST
def delete_account(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect(LOGIN)
    form = DeleteAccountForm(request.POST, user=request.user)
    if not form.is_valid():
        return render(request, "accounts/settings.html", {"delete_form": form}, status=400)
    user = request.user
    logout(request)
    user.delete()  # attempts and checklists go with it (on_delete=CASCADE)
    return render(request, "accounts/deleted.html", {"what": "account"})
