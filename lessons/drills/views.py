"""Drills: an index of the kinds, and one page per kind that deals item after item.

``/drills/<kind>/?game=...&difficulty=...&seed=...`` shows one item; the
same URL always deals the same cards. A link missing any of the three
(a seed alone, say) is sent on to the full one, the defaults filled in and a
fresh seed if it had none, so whatever a learner sees has a URL to share.

Answering posts to the item's own URL. The answer is checked by the
exercises' code (``lessons.deals.parts``) and recorded in the learner's progress
(an answer larger than the form can send is refused first, as exercise
answers are capped), and the reply is the next item (seed + 1) with the
verdict and worked answer of the one just answered. An htmx request gets
only the drill's region and the new URL to push; a plain request gets the
whole page, so the drill works without JavaScript.

Hints are the exercises' own (``lessons/_hints.html``): each part's button
posts the answer so far to ``/drills/<kind>/hint/`` with the item's game,
difficulty and seed in the query, so the hint is the same item's, dealt
again from its seed. The count shown goes with the answer and is recorded
with the attempt.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.timezone import now
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import push_url
from django_htmx.middleware import HtmxDetails

from evaluator import PROFILES
from evaluator.drills import KINDS, DrillKind
from lessons.drills import answering
from lessons.drills.answering import PREFIX, SETTINGS
from lessons.drills.forms import DrillSettingsForm, drill_url, with_defaults
from lessons.drills.items import deal_from_item
from lessons.exercises import hints
from lessons.exercises.forms import HintRequestForm
from lessons.learners import progress
from lessons.models import Deal
from lessons.study import standing


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


@require_safe
def drill_index(request: HtmxHttpRequest) -> HttpResponse:
    levels = standing.drill_skills(progress.learner_of(request), now())
    drills = [
        (d, [(g, PROFILES[g].name) for g in d.games], levels.get(d.key, [])) for d in KINDS.values()
    ]
    return render(request, "lessons/drills.html", {"drills": drills})


def _drill(kind: str) -> DrillKind:
    drill = KINDS.get(kind)
    if drill is None:
        raise Http404("There is no drill of that name; the drills page lists them all.")
    return drill


@require_http_methods(["GET", "HEAD", "POST"])
def drill_item(request: HtmxHttpRequest, kind: str) -> HttpResponse:
    drill = _drill(kind)
    posted = request.method == "POST"
    filled = with_defaults(request.GET, drill, fresh_seed=not posted)
    settings = DrillSettingsForm(filled or request.GET, drill=drill)
    valid = settings.is_valid()
    if filled is not None and valid and not posted:  # a shortened link: show the full one
        return redirect(drill_url(kind, *(settings.cleaned_data[k] for k in SETTINGS)))
    if not valid:
        return _render(request, {"drill": drill, "settings": settings}, status=400)
    if not posted:
        return _render(request, answering.unanswered(drill, settings))
    page = answering.answer(request, drill, settings, htmx=bool(request.htmx))
    response = _render(request, page.context, status=page.status)
    if request.htmx and page.next_url:
        response = push_url(response, page.next_url)
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def drill_hint(request: HtmxHttpRequest, kind: str) -> HttpResponse:
    """The next hint of one part of one item, keeping the answer so far.

    With htmx the reply is the new hint and the part's controls (as on an
    exercise); without, the drill page again with the same item, the answer
    as it was, and one more hint shown. Nothing is checked or recorded.
    """
    drill = _drill(kind)
    if request.method != "POST":  # a reload or a shared link: back to the item itself
        return redirect(f"{reverse('lessons:drill', args=[kind])}?{request.GET.urlencode()}")
    query = with_defaults(request.GET, drill, fresh_seed=False) or request.GET
    settings = DrillSettingsForm(query, drill=drill)
    if not settings.is_valid():
        return _render(request, {"drill": drill, "settings": settings}, status=400)
    game, difficulty, seed = (settings.cleaned_data[k] for k in SETTINGS)
    table = answering.table(kind, game, difficulty, seed)
    request_form = HintRequestForm(request.POST, deal=table, prefix=PREFIX)
    if not request_form.is_valid():
        return hints.refused(request_form)
    form, box = request_form.answer_with_hint()
    if request.htmx:
        return hints.fragment(request, box, table)
    item = answering.item(table, form, request.POST)
    return _render(request, {"drill": drill, "settings": settings, "item": item})


def _render(
    request: HtmxHttpRequest, context: dict[str, object], status: int = 200
) -> HttpResponse:
    template = "lessons/drill.html"
    if request.htmx:
        template += "#drill-region"
    return render(request, template, context, status=status)


@require_POST
def drill_to_deal(request: HtmxHttpRequest, kind: str) -> HttpResponse:
    """Staff only: keep a drill item as a draft practice deal and open it in the admin.

    The deal is the item's facts (cards, pot, button, questions), saved
    unpublished so the teacher can add a title and a note before learners
    see it. Saving the same item twice opens the deal already made.
    """
    if not request.user.has_perm("lessons.add_deal"):
        raise PermissionDenied("Only teachers can turn a drill item into a practice deal.")
    drill = _drill(kind)
    settings = DrillSettingsForm(request.POST, drill=drill)
    if not settings.is_valid():
        return _render(request, {"drill": drill, "settings": settings}, status=400)
    game, difficulty, seed = (settings.cleaned_data[k] for k in SETTINGS)
    table = answering.table(kind, game, difficulty, seed)
    if not table.can_be_a_deal:
        return HttpResponse(
            table.why_not_a_deal,
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    deal = deal_from_item(table)
    existing = Deal.objects.filter(slug=deal.slug).first()
    if existing is None:
        try:
            deal.full_clean()
        except ValidationError as error:
            message = " ".join(m for ms in error.message_dict.values() for m in ms)
            return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")
        deal.save()
        existing = deal
    return redirect(reverse("admin:lessons_deal_change", args=[existing.pk]))
