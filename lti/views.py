"""The LTI addresses: login initiation, the launch, and the instructor's content menu.

The JWKS view is django-lti's own. The launch subclasses django-lti's
``LtiLaunchBaseView`` but runs its steps itself, so that every check that
fails becomes a page saying why (400 or 403), and so that the platform's
data, the account, the class and the nonce are written in one transaction.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from django.contrib.auth import login
from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import csrf_exempt
from lti_tool.constants import SESSION_KEY
from lti_tool.lti_core.constants import AgsScope
from lti_tool.models import Key, LtiLaunch
from lti_tool.utils import DjangoToolConfig, sync_data_from_launch
from lti_tool.views import LtiLaunchBaseView, OIDCLoginInitView
from pylti1p3.contrib.django import DjangoOIDCLogin
from pylti1p3.exception import LtiException, OIDCException

from lti import accounts, completion, content, state, targets
from lti.launch import (
    NO_KEY,
    Refused,
    checked_launch,
    count_refusal,
    limited,
    refused_page,
    retire_nonce,
)
from lti.models import LearnerScore, LinkedWork


class _LoginToolConfig(DjangoToolConfig):
    """django-lti's tool configuration, finding the registration by its UUID alone when needed.

    The login address carries the registration's UUID so that a course site
    that sends no ``client_id`` with its login request is still known; django-lti
    looked it up with ``client_id=None`` and found nothing.
    """

    def find_registration_by_params(
        self, iss: Any, client_id: Any, *args: Any, **kwargs: Any
    ) -> Any:
        if client_id is None and self.registration_uuid is not None:
            return self.find_registration_by_issuer(iss)
        return super().find_registration_by_params(iss, client_id, *args, **kwargs)


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
            _LoginToolConfig(registration_uuid),
            launch_data_storage=state.storage(),
        )
        try:
            return oidc_login.disable_check_cookies().redirect(target_link_uri)
        except (OIDCException, LtiException) as error:
            return refused_page(request, 400, f"The login request was refused: {error}")
        except Key.DoesNotExist:  # registered before the first `manage.py rotate_keys`
            return refused_page(request, 403, NO_KEY)


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

    def get(self, request: Any, *args: Any, **kwargs: Any) -> HttpResponse:
        """Someone opened the launch address itself: say what it is for."""
        message = "This address takes launches from a course site: open the link from your course."
        response = refused_page(request, 405, message)
        response["Allow"] = "POST"
        return response

    def post(self, request: Any, *args: Any, **kwargs: Any) -> HttpResponse:
        too_many = limited(request)
        if too_many is not None:
            return too_many
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
                instructor = content.is_instructor(launch)
                if launch.is_resource_launch:
                    destination = self._resource(launch, user, instructor)
                elif launch.is_deep_link_launch:
                    if not instructor:
                        raise Refused(403, "Only the course's instructors choose its content.")
                    accounts.class_for(launch.context, user)
                    destination = ""
                else:
                    raise Refused(400, "This kind of launch is not one this tool offers.")
        except Refused as refusal:
            count_refusal(request)
            return refused_page(request, refusal.status, refusal.message)
        request.session.flush()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        request.session[SESSION_KEY] = launch.get_launch_id()
        if launch.is_deep_link_launch:  # the menu itself: a framed page may not keep cookies
            return content.menu(request, launch)
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
