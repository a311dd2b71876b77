"""The instructor's content menu (deep linking), which works inside the course site's frame.

Course sites open "add content" in a frame of their own page, where the
browser withholds this site's cookies. So the menu does not lean on the
session: the deep-linking launch answers with the menu itself, and the menu
carries the launch's id, signed and valid for an hour; the choice restores
the launch that django-lti cached under that id. The signed id does the
CSRF token's work (the view is exempt from the cookie-based check), and only
these two pages may be framed, only by the course site that asked.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.csp import CSP
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods
from lti_tool.models import LtiLaunch
from pylti1p3.deep_link_resource import DeepLinkResource
from pylti1p3.exception import LtiException
from pylti1p3.lineitem import LineItem

from lti import state, targets
from lti.forms import ContentChoiceForm
from lti.launch import refused_page

SALT = "lti.content-menu"
MENU_SECONDS = 60 * 60


def is_instructor(launch: LtiLaunch) -> bool:
    membership = launch.membership
    return bool(membership.is_instructor or membership.is_administrator)


def _return_url(launch: LtiLaunch) -> str:
    settings_claim = launch.get_claim(
        "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
    )
    return str((settings_claim or {}).get("deep_link_return_url", ""))


def _framed_by_platform(response: HttpResponse, return_url: str) -> HttpResponse:
    """Let the course site frame this page and receive its form; nobody else."""
    parts = urlsplit(return_url)
    origin = f"{parts.scheme}://{parts.netloc}"
    policy = dict(settings.SECURE_CSP)
    policy["frame-ancestors"] = [origin]
    policy["form-action"] = [CSP.SELF, origin]
    response._csp_config = policy  # type: ignore[attr-defined]
    response.xframe_options_exempt = True  # type: ignore[attr-defined]
    return response


def menu(
    request: HttpRequest,
    launch: LtiLaunch,
    form: ContentChoiceForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The menu page; a new form carries the launch's signed id."""
    if form is None:
        form = ContentChoiceForm(
            initial={"launch": signing.dumps(launch.get_launch_id(), salt=SALT)}
        )
    response = render(request, "lti/choose.html", {"form": form}, status=status)
    return _framed_by_platform(response, _return_url(launch))


def _launch_of(request: HttpRequest) -> LtiLaunch | None:
    """The deep-linking launch the menu was opened by: signed field, else the session's."""
    signed = request.POST.get("launch") or request.GET.get("launch")
    launch: object = getattr(request, "lti_launch", None)
    if signed:
        try:
            launch_id = signing.loads(signed, salt=SALT, max_age=MENU_SECONDS)
            launch = state.launch_from_request(request, launch_id)
        except (signing.BadSignature, LtiException):
            return None
    if isinstance(launch, LtiLaunch) and launch.is_deep_link_launch:
        return launch
    return None


@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
def choose_content(request: HttpRequest) -> HttpResponse:
    """The menu (GET) or the chosen item sent back signed to the course site (POST)."""
    launch = _launch_of(request)
    if launch is None:
        return refused_page(
            request,
            403,
            "This menu has expired or was not opened from your course site: open it again "
            "with the course's 'add content' button.",
        )
    if not is_instructor(launch):
        return refused_page(request, 403, "Only the course's instructors choose its content.")
    if request.method != "POST":
        return menu(request, launch)
    form = ContentChoiceForm(request.POST)
    if not form.is_valid():
        return menu(request, launch, form, status=400)
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
    jwt = launch.get_message_launch().get_deep_link().get_response_jwt([resource])
    return_url = _return_url(launch)
    response = render(
        request,
        "lti/deep_link_return.html",
        {"target": target, "return_url": return_url, "jwt": jwt},
    )
    return _framed_by_platform(response, return_url)
