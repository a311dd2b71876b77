"""Admin registrations for lesson content; teachers add practice deals here.

The admin is where teachers extend the site, so it speaks their language:
seats and question parts are typed as lines of text (see ``admin_forms``),
saving runs the evaluator through ``Deal.clean()``, and a Preview button shows
what is in the form as the learner's exercise, with the evaluator's verdict,
below the form and before anything is saved. A new deal is a draft until a
teacher publishes it.
Deals move between sites as JSON: an action exports the selected ones, and the
list's "Import deals" page reads such a file with the same ``deal_io`` code as
``manage.py import_deals``.

Two teachers may open the same deal: the form carries the version it was
opened at, and a save from an older version is refused with a message at the
top of the form (the form keeps what the teacher typed) instead of silently
undoing the other's work. A save of a deal someone deleted meanwhile shows
the typed form again as a new deal, so nothing typed is lost.

"Save as new" copies a deal as a draft (with a new slug when the teacher kept
the old one). The lessons' own exercises cannot be deleted here, since their
lesson pages are written around them; ``manage.py restore_exercises`` brings
back any that were removed another way.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.actions import delete_selected
from django.contrib.admin.helpers import AdminErrorList
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotAllowed,
    HttpResponseRedirect,
)
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone

from badacey_site import ids  # noqa: F401  (registers the <id:...> path converter)
from lessons.classes.reports import annotate_deal_stats
from lessons.content.exercises import lesson_entries
from lessons.deals.histories import replay_history
from lessons.deals.readings import deal_readings
from lessons.exercises.blocks import ExerciseBlock
from lessons.hands import hand_admin
from lessons.models import Deal, StaleDealError
from lessons.teaching import deal_io
from lessons.teaching.admin_forms import DealAdminForm, DealImportForm


@lru_cache(maxsize=1)
def shipped_exercises() -> frozenset[str]:
    """The slugs of the lessons' own exercises, which the lesson pages are written around."""
    return frozenset(entry["slug"] for entry in lesson_entries())


def copy_slug(slug: str) -> str:
    """A free slug for a copy of the deal ``slug``: ``slug-copy``, ``slug-copy-2``, ..."""
    base = f"{slug[: 80 - len('-copy-99')]}-copy"
    taken = set(Deal.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    candidates = [base, *(f"{base}-{n}" for n in range(2, 100))]
    return next((c for c in candidates if c not in taken), base)


STAT_COLUMNS = ("attempts", "learners", "first_right", "hints")


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    form = DealAdminForm
    save_as = True  # "Save as new": a copy to start a similar deal from
    list_display = ("title", "kind", "game", "published", "updated_at", *STAT_COLUMNS)
    # Django's admin renders each row through many template calls (about 1 ms
    # a row): 50 rows a page keep the list quick, and search finds the rest.
    list_per_page = 50
    list_filter = ("lesson", "section", "game", "published", "study_mode")
    search_fields = ("title", "prompt", "seats")
    prepopulated_fields = {"slug": ("title",)}
    readonly_fields = ("saved_verdict",)
    actions = ("export_as_json", "publish", "unpublish", "delete_selected")

    def response_action(self, request, queryset, *args, **kwargs):
        """Refuse a tampered selection with a message instead of a database error.

        The change list only ever sends deal ids; anything else (a word, a
        number too large for an id) came from an edited form.
        """
        chosen = request.POST.getlist(admin.helpers.ACTION_CHECKBOX_NAME)
        if any(not (c.isascii() and c.isdigit() and len(c) <= 18) for c in chosen):
            self.message_user(
                request,
                "The ticked deals could not be read. Tick them again and retry.",
                messages.ERROR,
            )
            return HttpResponseRedirect(request.get_full_path())
        return super().response_action(request, queryset, *args, **kwargs)

    fieldsets = (
        (None, {"fields": ("title", "slug", "published", "version")}),
        ("Game", {"fields": ("game", "settings", "pot", "button")}),
        ("Cards", {"fields": ("seats", "history", "study_mode")}),
        ("Question", {"fields": ("prompt", "parts", "explanation")}),
        (
            "Lesson exercise or quick check",
            {
                "fields": ("lesson", "number", "section"),
                "description": "Only for the lessons' own deals: an exercise has a number, "
                "a quick check a section instead (it shows at the end of that section). "
                "Leave all three blank for a practice deal.",
            },
        ),
        ("Verdict of the saved deal", {"fields": ("saved_verdict",)}),
    )

    def get_fieldsets(self, request: HttpRequest, obj: Deal | None = None):
        fieldsets = super().get_fieldsets(request, obj)
        return fieldsets if obj else fieldsets[:-1]  # nothing saved yet to read

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        """The list's answer figures come grouped in the list's own query (lessons.classes)."""
        return annotate_deal_stats(super().get_queryset(request))

    @admin.display(description="attempts", ordering="stat_attempts")
    def attempts(self, deal: Any) -> int:  # a Deal annotated with its figures
        return deal.stat_attempts

    @admin.display(description="learners", ordering="stat_learners")
    def learners(self, deal: Any) -> int:
        return deal.stat_learners

    @admin.display(description="right first try", ordering="stat_first_right")
    def first_right(self, deal: Any) -> int:
        return deal.stat_first_right

    @admin.display(description="hints used", ordering="stat_hints")
    def hints(self, deal: Any) -> int:
        return deal.stat_hints

    @admin.display(description="lesson", ordering="lesson")
    def kind(self, deal: Deal) -> str:
        if deal.lesson and deal.section:
            return f"{deal.get_lesson_display()} quick check: {deal.get_section_display()}"
        return f"{deal.get_lesson_display()} {deal.number}" if deal.lesson else "practice"

    @admin.display(description="Evaluator's verdict")
    def saved_verdict(self, deal: Deal) -> str:
        """The saved deal's readings, or why the evaluator refuses it as stored.

        After a refused save, ``deal`` holds the teacher's edit (the form has
        copied it in), so the verdict is read from the database: the panel
        speaks of what is saved, and says the edit was not.
        """
        stored = Deal.objects.filter(pk=deal.pk).first() or deal
        context: dict[str, object] = {"edited": stored.fingerprint() != deal.fingerprint()}
        if stored.stored_problems:
            context["problems"] = stored.stored_problems
        else:
            context["verdict"] = deal_readings(stored)
        return render_to_string("admin/lessons/deal/_verdict.html", context)

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        """A save that lost a race with another teacher's is refused, never a 500.

        The form refuses a stale version before saving; this catches the rare
        save that passed that check while another was being written. A save of
        a deal deleted meanwhile keeps the typed form (see ``_deleted_meanwhile``).
        """
        if request.method == "POST" and object_id is not None:
            if "_saveasnew" in request.POST:
                request.POST = self._as_copy(request, str(object_id))
            elif (
                str(object_id).isdigit()
                and self._stored(str(object_id)) is None
                and self.has_add_permission(request)
            ):
                return self._deleted_meanwhile(request, object_id)
        shown = self.get_object(request, str(object_id)) if object_id is not None else None
        label = hand_admin.phh_label(shown.profile) if shown and shown.has_history else ""
        extra_context = {**(extra_context or {}), "phh_label": label}
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except StaleDealError as error:
            self.message_user(request, str(error), messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())

    @staticmethod
    def _stored(object_id: str) -> Deal | None:
        """The deal the URL names, or None (the URL's id is only ever digits)."""
        if not (object_id.isascii() and object_id.isdigit() and len(object_id) <= 18):
            return None
        return Deal.objects.filter(pk=int(object_id)).first()

    def _as_copy(self, request: HttpRequest, object_id: str):
        """The posted form as a copy: a draft, with a new slug if the teacher kept the old one."""
        data = request.POST.copy()
        original = self._stored(object_id)
        if original is not None and data.get("slug", "").strip() == original.slug:
            data["slug"] = copy_slug(original.slug)
        data.pop("published", None)  # a copy starts as a draft, as every new deal does
        return data

    def _deleted_meanwhile(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The typed edit of a deal someone deleted, shown again as a new deal to save.

        Django's admin would redirect to the index and drop everything typed.
        """
        form = self.get_form(request, None)(request.POST)
        form.is_valid()  # so the form says anything that stops the save
        fieldsets = list(self.get_fieldsets(request, None))
        admin_form = admin.helpers.AdminForm(
            form, fieldsets, self.get_prepopulated_fields(request, None), (), model_admin=self
        )
        self.message_user(
            request,
            f"Someone deleted this deal (id {object_id}) while you were editing it, so "
            "there was nothing left to change. Your text is kept below as a new deal: "
            "save it to add the deal again, or leave the page to let it go.",
            messages.WARNING,
        )
        context = {
            **self.admin_site.each_context(request),
            "title": "Add the deleted deal again",
            "subtitle": None,
            "adminform": admin_form,
            "object_id": None,
            "original": None,
            "is_popup": False,
            "to_field": None,
            "media": self.media + admin_form.media,
            "inline_admin_formsets": [],
            "errors": AdminErrorList(form, []),
            "preserved_filters": self.get_preserved_filters(request),
        }
        return self.render_change_form(
            request, context, add=True, change=False, form_url=reverse("admin:lessons_deal_add")
        )

    # The lessons' own exercises stay ---------------------------------------------

    def has_delete_permission(self, request: HttpRequest, obj: Deal | None = None) -> bool:
        """A lesson's own exercise cannot be deleted: its lesson page is written around it."""
        if obj is not None and obj.slug in shipped_exercises():
            return False
        return super().has_delete_permission(request, obj)

    @admin.action(description="Delete selected deals", permissions=["delete"])
    def delete_selected(self, request: HttpRequest, queryset: QuerySet):
        """Django's bulk delete, leaving out the lessons' own exercises with a message.

        Django's own would refuse the whole selection, saying the teacher lacks
        a permission they do have.
        """
        kept = queryset.filter(slug__in=shipped_exercises())
        if kept.exists():
            names = ", ".join(str(deal) for deal in kept)
            self.message_user(
                request,
                f"Lesson exercises cannot be deleted, so these stay: {names}. Unpublish one "
                "to hide it from learners.",
                messages.WARNING,
            )
        rest = queryset.exclude(slug__in=shipped_exercises())
        if not rest.exists():
            return None
        return delete_selected(self, request, rest)

    # Preview ------------------------------------------------------------------

    def get_urls(self):
        preview = self.admin_site.admin_view(self.preview_view)
        return [
            path(
                "import/",
                self.admin_site.admin_view(self.import_view),
                name="lessons_deal_import",
            ),
            path(
                "import-hands/",
                self.admin_site.admin_view(self.import_hands_view),
                name="lessons_deal_import_hands",
            ),
            path(
                "import-hands/<str:task_id>/",
                self.admin_site.admin_view(self.import_job_view),
                name="lessons_deal_import_job",
            ),
            path(
                "<id:object_id>/phh/",
                self.admin_site.admin_view(self.phh_view),
                name="lessons_deal_phh",
            ),
            path("preview/", preview, name="lessons_deal_preview"),
            path("<id:object_id>/preview/", preview, name="lessons_deal_preview"),
            *super().get_urls(),
        ]

    def preview_view(self, request: HttpRequest, object_id: int | None = None) -> HttpResponse:
        """The verdict for the posted form (nothing saved), or for a saved deal on GET."""
        deal = self._visible_deal(request, object_id) if object_id else None
        form = None
        if request.method == "POST":
            may_post = (
                self.has_change_permission(request, deal)
                if deal
                else self.has_add_permission(request)
            )
            if not may_post:
                raise PermissionDenied
            form = self.get_form(request, deal)(request.POST, instance=deal)
            deal = form.instance if form.is_valid() else None
        elif deal is None:
            return HttpResponseNotAllowed(["POST"])  # the add form's Preview button posts here
        elif not self.has_view_permission(request, deal):
            raise PermissionDenied
        problems = deal.stored_problems if deal and form is None else []
        exercise = None
        if deal and not problems:
            # The worked answer is drawn from what is previewed, open: the answer page
            # would read the saved deal (or find none, for a deal not saved yet).
            exercise = ExerciseBlock.of(deal, show_answer=True)
            exercise.heading_level = 4
        saved = Deal.objects.filter(pk=deal.pk).first() if deal and deal.pk else None
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": "Preview: " + (deal.title if deal else "this deal cannot be saved yet"),
            "deal": deal,
            "form": form,
            "problems": problems,
            "verdict": deal_readings(deal) if deal and not problems else None,
            "exercise": exercise,
            # Checking and hints are answered from the saved deal: say when that is not this.
            "checks_saved": saved is not None
            and deal is not None
            and saved.fingerprint() == deal.fingerprint(),
            "unsaved": saved is None,
        }
        template = "admin/lessons/deal/preview.html"
        if getattr(request, "htmx", False):
            template += "#preview"  # the Preview button's region below the form
        return TemplateResponse(request, template, context)

    # Import -------------------------------------------------------------------

    def has_import_permission(self, request: HttpRequest) -> bool:
        """An import adds new slugs and overwrites existing ones, so it needs both rights."""
        return self.has_add_permission(request) and self.has_change_permission(request)

    def changelist_view(self, request: HttpRequest, extra_context=None) -> HttpResponse:
        extra_context = {**(extra_context or {}), "may_import": self.has_import_permission(request)}
        return super().changelist_view(request, extra_context)

    def import_view(self, request: HttpRequest) -> HttpResponse:
        """Read a deals file: every deal is saved, or none is and the page lists why."""
        if not self.has_import_permission(request):
            raise PermissionDenied
        form = DealImportForm()
        problems: list[str] = []
        if request.method == "POST":
            form = DealImportForm(request.POST, request.FILES)
            if form.is_valid():
                try:
                    result = deal_io.loads(form.cleaned_data["document"])
                except deal_io.DealFileError as error:
                    problems = error.problems
                else:
                    self._log_import(request, result, form.cleaned_data["source"])
                    self.message_user(
                        request,
                        f"Imported {form.cleaned_data['source']}: {result.summary()}.",
                        messages.SUCCESS,
                    )
                    return HttpResponseRedirect(reverse("admin:lessons_deal_changelist"))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": "Import deals",
            "form": form,
            "problems": problems,
        }
        return TemplateResponse(request, "admin/lessons/deal/import.html", context)

    def _visible_deal(self, request: HttpRequest, object_id: int) -> Deal:
        """A deal found through get_queryset, the one place that decides what the admin shows."""
        deal = self.get_object(request, str(object_id))
        if deal is None:
            raise Http404("No such deal.")
        return deal

    def import_hands_view(self, request: HttpRequest) -> HttpResponse:
        return hand_admin.import_hands_view(self, request)

    def import_job_view(self, request: HttpRequest, task_id: str) -> HttpResponse:
        return hand_admin.import_job_view(self, request, task_id)

    def phh_view(self, request: HttpRequest, object_id: int) -> HttpResponse:
        """The deal's history as a PHH download, for the games PHH has a code for."""
        deal = self._visible_deal(request, object_id)
        if not self.has_view_permission(request, deal) or not deal.has_history:
            raise PermissionDenied
        return hand_admin.phh_response(replay_history(deal.history), deal.slug)

    def _log_import(self, request: HttpRequest, result: deal_io.ImportResult, source: str) -> None:
        """Each deal's history page says it came from a file, as if a teacher had saved it."""
        note = f"Imported from {source}."
        stored = Deal.objects.in_bulk([*result.created, *result.updated], field_name="slug")
        for slug in result.created:
            self.log_addition(request, stored[slug], note)
        for slug in result.updated:
            self.log_change(request, stored[slug], note)

    # Actions ------------------------------------------------------------------

    @admin.action(description="Export selected deals as JSON", permissions=["view"])
    def export_as_json(self, request: HttpRequest, queryset) -> HttpResponse:
        response = HttpResponse(deal_io.dumps(queryset), content_type="application/json")
        stamp = timezone.now().strftime("%Y%m%d-%H%M")
        response["Content-Disposition"] = f'attachment; filename="deals-{stamp}.json"'
        return response

    @admin.action(description="Publish selected deals", permissions=["change"])
    def publish(self, request: HttpRequest, queryset) -> None:
        try:
            with transaction.atomic():
                count = queryset.update(
                    published=True, updated_at=timezone.now(), version=F("version") + 1
                )
        except IntegrityError:  # a section may show one published quick check only
            self.message_user(
                request,
                "Nothing was published: a section can show one published quick check, and "
                "these would give a section two. Unpublish the one it has first, or publish "
                "one draft at a time.",
                messages.ERROR,
            )
            return
        self.message_user(request, f"Published {count} deal(s).", messages.SUCCESS)

    @admin.action(description="Unpublish selected deals", permissions=["change"])
    def unpublish(self, request: HttpRequest, queryset) -> None:
        count = queryset.update(
            published=False, updated_at=timezone.now(), version=F("version") + 1
        )
        self.message_user(request, f"Unpublished {count} deal(s).", messages.SUCCESS)
