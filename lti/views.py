"""The LTI addresses: login initiation, the launch, and the instructor's content menu.

The JWKS view is django-lti's own. The launch subclasses django-lti's
``LtiLaunchBaseView`` but runs its steps itself, so that every check that
fails becomes a page saying why (400 or 403), and so that the platform's
data, the account, the class and the nonce are written in one transaction.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.csp import CSP
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods
from lti_tool.constants import SESSION_KEY
from lti_tool.lti_core.constants import AgsScope
from lti_tool.models import LtiLaunch
from lti_tool.utils import DjangoToolConfig, sync_data_from_launch
from lti_tool.views import LtiLaunchBaseView, OIDCLoginInitView
from pylti1p3.contrib.django import DjangoCacheDataStorage, DjangoOIDCLogin
from pylti1p3.deep_link_resource import DeepLinkResource
from pylti1p3.exception import LtiException, OIDCException
from pylti1p3.lineitem import LineItem

from lti import accounts, completion, targets
from lti.forms import ContentChoiceForm
from lti.launch import Refused, checked_launch, refused_page, retire_nonce
from lti.models import LearnerScore, LinkedWork


class LoginView(OIDCLoginInitView):
    """OIDC login initiation: a plain redirect to the platform, no script page.

    django-lti's view first serves pylti1p3's cookie-check page, whose inline
    script this site's Content-Security-Policy blocks; the tool is opened in
    a window of its own (docs/lti.md), where cookies work, so it is skipped.
    """

    def get_oidc_response(self, request: Any, registration_uuid: Any, params: Any) -> Any:
        target_link_uri = params.get("target_link_uri")
        if not target_link_uri:
            return refused_page(request, 400, "The login request named no launch address.")
        oidc_login = DjangoOIDCLogin(
            request,
            DjangoToolConfig(registration_uuid),
            launch_data_storage=DjangoCacheDataStorage(),
        )
        try:
            return oidc_login.disable_check_cookies().redirect(target_link_uri)
        except (OIDCException, LtiException) as error:
            return refused_page(request, 400, f"The login request was refused: {error}")


def _is_instructor(launch: LtiLaunch) -> bool:
    membership = launch.membership
    return bool(membership.is_instructor or membership.is_administrator)


def _target_code(launch: LtiLaunch) -> str:
    code = launch.get_custom_claim("target")
    if code:
        return str(code)
    uri = str(launch.get_claim("https://purl.imsglobal.org/spec/lti/claim/target_link_uri") or "")
    return parse_qs(urlsplit(uri).query).get("target", [""])[0]


def _link_work(launch: LtiLaunch, target: targets.Target) -> LinkedWork:
    ags = launch.ags_claim or {}
    work, _ = LinkedWork.objects.update_or_create(
        resource_link=launch.resource_link,
        defaults={
            "target": target.code,
            "lineitem_url": str(ags.get("lineitem", "")) if target.graded else "",
            "can_publish_scores": AgsScope.PUBLISH_SCORES in ags.get("scope", []),
        },
    )
    return work


@method_decorator(csrf_exempt, name="dispatch")
class LaunchView(LtiLaunchBaseView):
    """A course link or the instructor's content menu, opened from the course site."""

    def post(self, request: Any, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            launch = checked_launch(request)
            with transaction.atomic():
                retire_nonce(launch)
                sync_data_from_launch(launch)
                if not launch.deployment.is_active:
                    raise Refused(
                        403,
                        "This deployment of the tool is not switched on yet: the site's "
                        "administrator ticks 'is active' on it in the admin.",
                    )
                user = accounts.account_for(launch.user)
                instructor = _is_instructor(launch)
                if launch.is_resource_launch:
                    destination = self._resource(launch, user, instructor)
                elif launch.is_deep_link_launch:
                    if not instructor:
                        raise Refused(403, "Only the course's instructors choose its content.")
                    accounts.class_for(launch.context, user)
                    destination = reverse("lti:content")
                else:
                    raise Refused(400, "This kind of launch is not one this tool offers.")
        except Refused as refusal:
            return refused_page(request, refusal.status, refusal.message)
        request.session.flush()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        request.session[SESSION_KEY] = launch.get_launch_id()
        return HttpResponseRedirect(destination)

    def _resource(self, launch: LtiLaunch, user: User, instructor: bool) -> str:
        """Join the class, record the link's work; returns where the learner goes."""
        classroom = accounts.class_for(launch.context, user if instructor else None)
        if classroom is not None and not instructor:
            accounts.join(classroom, user)
        code = _target_code(launch)
        if not code:
            return reverse("lessons:home")
        try:
            target = targets.parse(code)
        except targets.BadTarget as error:
            raise Refused(400, f"This link's target is not on the site: {error}") from None
        work = _link_work(launch, target)
        if work.graded and not instructor:
            score, _ = LearnerScore.objects.get_or_create(
                work=work, user=user, defaults={"platform_user": launch.user}
            )
            completion.queue_if_finished(score)
        return target.url


@require_http_methods(["GET", "HEAD", "POST"])
def choose_content(request: HttpRequest) -> HttpResponse:
    """The instructor's menu after a deep-linking launch; a choice goes back signed."""
    launch = getattr(request, "lti_launch", None)
    if not isinstance(launch, LtiLaunch) or not launch.is_deep_link_launch:
        return refused_page(
            request, 403, "Open this menu from your course site's 'add content' button."
        )
    if not request.user.is_authenticated or not _is_instructor(launch):
        return refused_page(request, 403, "Only the course's instructors choose its content.")
    form = ContentChoiceForm(request.POST if request.method == "POST" else None)
    if not form.is_valid():
        status = 400 if request.method == "POST" else 200
        return render(request, "lti/choose.html", {"form": form}, status=status)
    target: targets.Target = form.cleaned_data["target"]
    resource = (
        DeepLinkResource()
        .set_url(request.build_absolute_uri(reverse("lti:launch")))
        .set_title(target.title)
        .set_custom_params({"target": target.code})
    )
    if target.graded:
        resource.set_lineitem(
            LineItem().set_label(target.title).set_score_maximum(1).set_resource_id(target.code)
        )
    deep_link = launch.get_message_launch().get_deep_link()
    return_url = deep_link._deep_link_settings["deep_link_return_url"]
    response = render(
        request,
        "lti/deep_link_return.html",
        {"target": target, "return_url": return_url, "jwt": deep_link.get_response_jwt([resource])},
    )
    # The signed answer is a form posted to the course site: allow that one address.
    parts = urlsplit(return_url)
    policy = dict(settings.SECURE_CSP)
    policy["form-action"] = [CSP.SELF, f"{parts.scheme}://{parts.netloc}"]
    response._csp_config = policy  # type: ignore[attr-defined]
    return response
