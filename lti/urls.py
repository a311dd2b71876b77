"""The tool's addresses under /lti/: the ones a course site's administrator registers."""

from __future__ import annotations

from django.urls import path
from lti_tool.views import jwks

from badacey_site import ids  # noqa: F401  (registers the <id:...> path converter)
from lti import content, teacher_views, views

app_name = "lti"

urlpatterns = [
    path(".well-known/jwks.json", jwks, name="jwks"),
    path("init/<uuid:registration_uuid>/", views.LoginView.as_view(), name="init"),
    path("launch/", views.LaunchView.as_view(), name="launch"),
    path("content/", content.choose_content, name="content"),
    path("scores/", teacher_views.scores, name="scores"),
    path("scores/<id:course_id>/roster/", teacher_views.fill_roster, name="roster"),
]
