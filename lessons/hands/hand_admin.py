"""The admin's side of real hands: import hand histories with a confirm step, and PHH.

"Import hand histories" sits beside the deal import. The first post reads
and verifies every hand (``hand_import.check``) and shows the per-hand
report, saving nothing; the teacher then confirms, and only the hands that
replay are stored, each in its own transaction. The confirm form carries the
history's text (decoded once), and the confirm checks it all again, so what
is saved is exactly what the engine accepted in that request.

The real hands get a change list of their own (publish, unpublish, replay),
and a deal or a real hand in a game PHH has a code for can be downloaded as
a ``.phh`` file (``evaluator.hand_histories.to_phh``).
"""

from __future__ import annotations

from typing import Any, cast

from django import forms, tasks
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.tasks import TaskResultStatus
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import slugify

from badacey_site import ids  # noqa: F401  (registers the <id:...> path converter)
from evaluator import EvaluatorError
from evaluator.hand_histories import HandHistoryError, to_phh
from evaluator.hand_histories.decoding import decode, stray_byte_note
from evaluator.hand_histories.phh import variant_code
from evaluator.profiles import GameProfile
from lessons.deals.histories import replay_history
from lessons.hands import hand_import, import_jobs
from lessons.hands.hand_import_task import import_history
from lessons.models import RealHand, RealHandQuerySet

CAP_WORDS = f"{hand_import.MAX_UPLOAD_BYTES // (1024 * 1024)} MB"


class HandImportForm(forms.Form):
    """A history file, uploaded or pasted; ``clean`` leaves its decoded text."""

    file = forms.FileField(
        required=False,
        label="History file",
        help_text=(
            "A card room's hand history (.txt as PokerStars, Full Tilt, Winamax or Kings"
            f" Club write it, Merge's .xml, or a .phh file), at most {CAP_WORDS}."
        ),
    )
    # No max_length, so the browser never cuts a paste silently; clean_text says so instead.
    text = forms.CharField(
        required=False,
        strip=False,
        label="Or paste the hands",
        widget=forms.Textarea(attrs={"rows": 12, "cols": 80, "spellcheck": "false"}),
        help_text=f"At most {hand_import.MAX_UPLOAD_BYTES:,} characters.",
    )

    def clean_text(self) -> str:
        text = self.cleaned_data.get("text") or ""
        if len(text) > hand_import.MAX_UPLOAD_BYTES:
            raise ValidationError(
                f"The pasted text is {len(text):,} characters, over the "
                f"{hand_import.MAX_UPLOAD_BYTES:,} a paste may be: choose the file instead."
            )
        return text

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.errors:
            return cleaned
        upload, text = cleaned.get("file"), cleaned.get("text") or ""
        if upload and text.strip():
            raise ValidationError("Choose a file or paste the hands, not both.")
        if not upload and not text.strip():
            raise ValidationError("Choose a history file, or paste its hands.")
        if upload:
            if upload.size > hand_import.MAX_UPLOAD_BYTES:
                self.add_error(
                    "file", f"The file is {upload.size:,} bytes, over the {CAP_WORDS} it may be."
                )
                return cleaned
            data = upload.read()
            cleaned["note"] = stray_byte_note(data)
            try:
                cleaned["history"] = decode(data, max_bytes=hand_import.MAX_UPLOAD_BYTES)
            except HandHistoryError as error:
                self.add_error("file", f"{upload.name}: {error}.")
                return cleaned
            cleaned["source"] = upload.name
        else:
            cleaned["history"] = text
            # The confirm step posts the checked text back with the file's name.
            named = str(self.data.get("source_name", "")).strip()[:200]
            cleaned["source"] = named if named.isprintable() and named else "the pasted hands"
        return cleaned


def import_hands_view(model_admin: admin.ModelAdmin, request: HttpRequest) -> HttpResponse:
    """Check (nothing saved, the report shown), then on confirm import what replays."""
    if not (model_admin.has_add_permission(request) and model_admin.has_change_permission(request)):
        raise PermissionDenied
    form = HandImportForm()
    reports: list[hand_import.HandReport] | None = None
    history = source = ""
    if request.method == "POST":
        form = HandImportForm(request.POST, request.FILES)
        if form.is_valid():
            history, source = form.cleaned_data["history"], form.cleaned_data["source"]
            if "_confirm" in request.POST:
                return _confirm(model_admin, request, history, source)
            reports = hand_import.check(history.encode("utf-8"), source)
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.opts,
        "title": "Import hand histories",
        "form": form,
        "reports": reports,
        "summary": None if reports is None else hand_import.report_summary(reports),
        "importable": sum(1 for r in reports or [] if r.ok),
        "history": history,
        "source": source,
        "note": form.cleaned_data.get("note") if form.is_bound and form.is_valid() else None,
        "jobs": import_jobs.recent(),
    }
    return TemplateResponse(request, "admin/lessons/deal/import_hands.html", context)


def _confirm(model_admin, request, history: str, source: str) -> HttpResponse:
    """Queue the import for the worker and send the teacher to the page that follows it.

    With a backend that runs tasks at once and keeps no results (the tests'),
    the import is already done: say how it went, as a page of its own would.
    """
    publish = request.POST.get("publish") == "on"
    result = import_history.enqueue(
        history=history, source=source, publish=publish, by=request.user.get_username()
    )
    if result.backend and tasks.task_backends[result.backend].supports_get_result:
        return HttpResponseRedirect(reverse("admin:lessons_deal_import_job", args=[result.id]))
    if result.status == TaskResultStatus.FAILED:
        model_admin.message_user(
            request, f"The import of {source} failed; nothing was saved.", messages.ERROR
        )
    else:
        done = result.return_value
        level = messages.SUCCESS if not done["refused"] else messages.WARNING
        model_admin.message_user(request, f"Imported {source}: {done['summary']}.", level)
    return HttpResponseRedirect(reverse("admin:lessons_realhand_changelist"))


def import_job_view(
    model_admin: admin.ModelAdmin, request: HttpRequest, task_id: str
) -> HttpResponse:
    """How a queued import is going, or how it went; htmx polls the status part."""
    if not (model_admin.has_add_permission(request) and model_admin.has_change_permission(request)):
        raise PermissionDenied
    job = import_jobs.find(task_id)
    if job is None:
        raise Http404("No such import.")
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.opts,
        "title": f"Importing {job.source}",
        "job": job,
    }
    template = "admin/lessons/deal/import_job.html"
    if getattr(request, "htmx", False):
        template += "#job-status"
    return TemplateResponse(request, template, context)


def phh_response(played, name: str) -> HttpResponse:
    """The deal as a .phh download, or a plain sentence when PHH cannot hold it.

    A game PHH has no code for yet is written with the code the site proposes
    (docs/hand-histories.md), so every game can be downloaded and read back in.
    """
    try:
        text = to_phh(played, hand=name, proposed=True)
    except EvaluatorError as error:
        return HttpResponse(f"{error}.", status=400, content_type="text/plain; charset=utf-8")
    response = HttpResponse(text, content_type="application/toml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(name) or "deal"}.phh"'
    return response


def phh_note(profile: GameProfile) -> str:
    """What the download holds: PHH's own code, or the site's proposal PokerKit cannot read yet."""
    code = variant_code(profile, proposed=True)
    if variant_code(profile) is not None:
        return f"PHH code {code}, which PokerKit reads"
    return f"the code {code} this site proposes for {profile.title}; PokerKit cannot read it yet"


def phh_label(profile: GameProfile) -> str:
    """The admin's short button text: a proposed code is named so no one mistakes it for PHH's."""
    if variant_code(profile) is not None:
        return "Download as PHH"
    return f"Download as PHH (proposed code {variant_code(profile, proposed=True)})"


@admin.register(RealHand)
class RealHandAdmin(admin.ModelAdmin):
    list_display = ("__str__", "game", "published", "owner", "replay_link", "created_at")
    list_filter = ("game", "published", "shared")
    search_fields = ("room", "hand_id", "slug")
    readonly_fields = ("room", "hand_id", "game", "owner", "history", "replay_link", "phh_link")
    fields = (
        "slug",
        "room",
        "hand_id",
        "game",
        "published",
        "shared",
        "owner",
        "replay_link",
        "phh_link",
        "history",
    )
    actions = ("publish", "unpublish")

    def get_queryset(self, request: HttpRequest):
        """The teachers' imports only: a learner's saved hands are theirs, not the site's."""
        return cast(RealHandQuerySet, super().get_queryset(request)).imported()

    def get_urls(self):
        from django.urls import path

        phh = self.admin_site.admin_view(self.phh_view)
        return [path("<id:object_id>/phh/", phh, name="lessons_realhand_phh"), *super().get_urls()]

    @admin.display(description="Replay")
    def replay_link(self, hand: RealHand) -> str:
        return format_html('<a href="{}">Replay this hand</a>', hand.get_absolute_url())

    @admin.display(description="PHH export")
    def phh_link(self, hand: RealHand) -> str:
        try:
            profile = replay_history(hand.history).profile
        except EvaluatorError as error:
            return f"This hand cannot be exported: {error}."
        url = reverse("admin:lessons_realhand_phh", args=[hand.pk])
        return format_html('<a href="{}">Download as PHH</a> ({})', url, phh_note(profile))

    def phh_view(self, request: HttpRequest, object_id: int) -> HttpResponse:
        # Through get_queryset, as every admin view: a learner's own saved
        # hand is not in it, so counting ids finds nothing to download.
        hand = self.get_object(request, str(object_id))
        if hand is None:
            raise Http404("No such hand.")
        if not self.has_view_permission(request, hand):
            raise PermissionDenied
        return phh_response(replay_history(hand.history), f"{hand.room} {hand.hand_id}")

    @admin.action(description="Publish selected hands", permissions=["change"])
    def publish(self, request: HttpRequest, queryset) -> None:
        count = queryset.update(published=True)
        self.message_user(request, f"Published {count} hand(s).", messages.SUCCESS)

    @admin.action(description="Unpublish selected hands", permissions=["change"])
    def unpublish(self, request: HttpRequest, queryset) -> None:
        count = queryset.update(published=False)
        self.message_user(request, f"Unpublished {count} hand(s).", messages.SUCCESS)
