from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path


def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Browsers ask for /favicon.ico on pages (like the admin's) that name no icon.

    The static URL is looked up per request: in production it carries the
    manifest's hash, which does not exist until collectstatic has run.
    """
    return HttpResponsePermanentRedirect(static("favicon.svg"))


# Teachers sign in here; name the site rather than the framework.
admin.site.site_header = "Badacey Study Room: teachers' desk"
admin.site.site_title = "Badacey Study Room teachers"
admin.site.index_title = "Deals and exercises"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("favicon.ico", favicon),
    path("accounts/", include("lessons.learners.account_urls")),
    path("play/", include("play.urls")),
    path("lti/", include("lti.urls")),
    path("", include("tables.urls")),
    path("", include("lessons.classes.urls")),
    path("", include("lessons.urls")),
]
