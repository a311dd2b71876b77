"""The LTI tables in the admin: scores per learner for teachers, tool URLs for registering.

django-lti registers platforms (``LtiRegistration``, with their deployments
inline); its admin is replaced by a subclass that also shows the addresses
and the key set a course site's administrator must copy into the platform.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.contrib import admin
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from lti_tool.admin import LtiRegistrationAdmin
from lti_tool.models import LtiRegistration

from lti.grades import send_score
from lti.models import CourseClass, LearnerScore, LinkedWork


def _absolute(request: HttpRequest | None, path: str) -> str:
    return request.build_absolute_uri(path) if request is not None else path


class RegistrationAdmin(LtiRegistrationAdmin):
    readonly_fields = ["tool_addresses"]

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        self._request = request
        fieldsets = list(super().get_fieldsets(request, obj))
        return [*fieldsets, ("Addresses to give the platform", {"fields": ["tool_addresses"]})]

    @admin.display(description="Tool addresses")
    def tool_addresses(self, obj: LtiRegistration) -> str:
        request = getattr(self, "_request", None)
        rows = [
            (
                "OIDC login initiation URL",
                _absolute(request, reverse("lti:init", args=[obj.uuid]))
                if obj.pk
                else "(save first: the address carries this registration's UUID)",
            ),
            ("Launch / redirect URL", _absolute(request, reverse("lti:launch"))),
            ("Deep linking URL", _absolute(request, reverse("lti:launch"))),
            ("Public keyset (JWKS) URL", _absolute(request, reverse("lti:jwks"))),
        ]
        return format_html(
            "<dl>{}</dl>", format_html_join("", "<dt>{}</dt><dd><code>{}</code></dd>", rows)
        )


admin.site.unregister(LtiRegistration)
admin.site.register(LtiRegistration, RegistrationAdmin)


@admin.register(LearnerScore)
class LearnerScoreAdmin(admin.ModelAdmin):
    list_display = ["user", "work", "state", "attempts", "finished_at", "sent_at", "last_error"]
    list_filter = ["state"]
    search_fields = ["user__username", "user__first_name", "user__last_name", "work__target"]
    list_select_related = ["user", "work__resource_link"]
    readonly_fields = [
        "work",
        "platform_user",
        "user",
        "state",
        "attempts",
        "started_at",
        "finished_at",
        "sent_at",
        "last_error",
    ]

    actions = ["send_again"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Send the chosen failed scores again")
    def send_again(self, request: HttpRequest, queryset: QuerySet[LearnerScore]) -> None:
        """After a course site's long outage: failed scores go back to the queue, tries reset."""
        failed = list(queryset.filter(state=LearnerScore.FAILED).values_list("pk", flat=True))
        with transaction.atomic():
            LearnerScore.objects.filter(pk__in=failed).update(state=LearnerScore.QUEUED, attempts=0)
            for score_id in failed:
                transaction.on_commit(partial(send_score.enqueue, score_id))
        self.message_user(request, f"{len(failed)} failed score(s) queued to be sent again.")


@admin.register(LinkedWork)
class LinkedWorkAdmin(admin.ModelAdmin):
    list_display = ["resource_link", "target", "lineitem_url", "can_publish_scores"]
    list_select_related = ["resource_link"]
    readonly_fields = ["resource_link"]


@admin.register(CourseClass)
class CourseClassAdmin(admin.ModelAdmin):
    list_display = ["context", "classroom", "created_at"]
    list_select_related = ["context", "classroom"]
    readonly_fields = ["context", "created_at"]
