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

from dataclasses import dataclass

from django import forms
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.timezone import now
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import push_url
from django_htmx.middleware import HtmxDetails

from evaluator import PROFILES, EvaluatorError, parse_cards
from evaluator.drills import KINDS, MAX_SEED, DrillKind, generate
from lessons.deals import parts
from lessons.drills.forms import DrillAnswerForm, DrillSettingsForm, drill_url, with_defaults
from lessons.drills.items import DrillTable, deal_from_item, drill_worked_answer
from lessons.exercises import hints
from lessons.exercises.forms import AnswerForm, HintRequestForm
from lessons.learners import progress, study
from lessons.models import Deal

PREFIX = "drill"
SETTINGS = ("game", "difficulty", "seed")
TYPED_MAX = 200  # the typed-cards box's maxlength


@dataclass(frozen=True)
class TypedCards:
    """A card question's "Or type the cards" box: its input's name and what it holds.

    The box is not a field of the answer form (exercises have no such box),
    so the drill keeps what was typed itself: a hint or an answer that cannot
    be checked yet sends the page back with the typing as it was.
    """

    name: str
    value: str = ""
    max_length: int = TYPED_MAX


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


@require_safe
def drill_index(request: HtmxHttpRequest) -> HttpResponse:
    levels = study.drill_skills(progress.learner_of(request), now())
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
        context = {"drill": drill, "settings": settings}
        return _render(request, context, status=400)
    game, difficulty, seed = (settings.cleaned_data[k] for k in SETTINGS)
    table = _table(kind, game, difficulty, seed)
    if request.method != "POST":
        context = {"drill": drill, "settings": settings, "item": _item(table, None)}
        return _render(request, context)

    data, typed_problems = _with_typed_cards(request, table)
    answer = DrillAnswerForm(data, deal=table, prefix=PREFIX)
    answer.is_valid()
    repeated = _repeated(request, answer)
    unreadable = any("\ufffd" in v for vs in request.POST.lists() for v in vs[1])
    posted_answer = progress.answer_data(request)
    # answer_data keeps nothing of a post over the cap exercises have: refuse it whole.
    oversized = not posted_answer and any(k != "csrfmiddlewaretoken" for k in request.POST)
    refused = repeated or unreadable or oversized or answer.is_malformed()
    if refused or typed_problems or answer.errors:
        # The same item again, with what is wrong beside it: nothing is checked or recorded.
        status = 400 if refused else 200
        context = {
            "drill": drill,
            "settings": settings,
            "item": _item(table, answer, request.POST),
            "repeated": repeated,
            "unreadable": unreadable,
            "oversized": oversized,
            "typed_problems": typed_problems,
        }
        return _render(request, context, status=status)

    progress.record_drill_attempt(
        request,
        kind,
        f"{game}/{difficulty}/{seed}",
        answer.all_right,
        parts=[r.ok for r in answer.results],
        hints_used=answer.hints_taken,
        answer=posted_answer,
        table=table,
        results=answer.results,
    )
    next_seed = (seed + 1) % (MAX_SEED + 1)
    next_table = _table(kind, game, difficulty, next_seed)
    next_settings = DrillSettingsForm(
        {"game": game, "difficulty": str(difficulty), "seed": str(next_seed)}, drill=drill
    )
    next_settings.is_valid()
    if request.htmx:  # the settings form stays on the page: replace just its item number
        next_settings.fields["seed"].widget.attrs["hx-swap-oob"] = "true"
    last = {
        "table": table,
        "form": answer,
        "answer": drill_worked_answer(table),
        "url": drill_url(kind, game, difficulty, seed),
    }
    context = {
        "drill": drill,
        "settings": next_settings,
        "item": _item(next_table, None),
        "last": last,
    }
    response = _render(request, context)
    if request.htmx:
        response = push_url(response, drill_url(kind, game, difficulty, next_seed))
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
    table = _table(kind, game, difficulty, seed)
    request_form = HintRequestForm(request.POST, deal=table, prefix=PREFIX)
    if not request_form.is_valid():
        return hints.refused(request_form)
    form, box = request_form.answer_with_hint()
    if request.htmx:
        return hints.fragment(request, box, table)
    item = _item(table, form, request.POST)
    return _render(request, {"drill": drill, "settings": settings, "item": item})


def _with_typed_cards(request: HttpRequest, table: DrillTable) -> tuple[QueryDict, list[str]]:
    """The post, with cards typed in a card question's text box ("As 2h 3d") as its toggles.

    Typing is a keyboard shortcut for ticking, so a typed card that is not in
    the hand is the learner's slip (said, and nothing checked), not a
    tampered post. Ticked toggles win over the box when both are sent.
    """
    problems: list[str] = []
    typed_keys = [key for key in request.POST if key.endswith("-typed")]
    if not any(request.POST.get(key, "").strip() for key in typed_keys):
        return request.POST, problems  # nothing typed: no need to build the questions
    data = request.POST.copy()
    for question in parts.questions(table):
        if question.kind != "badugi_cards":
            continue
        for name, field in question.fields.items():
            html_name = f"{PREFIX}-{name}"
            typed = data.get(_typed_name(name), "").strip()
            if not typed or data.getlist(html_name):
                continue
            try:
                cards = parse_cards(typed[:TYPED_MAX])
            except EvaluatorError as error:
                problems.append(f"{question.legend}: {error}.")
                continue
            values = [parts.card_value(card) for card in cards]
            offered = {str(value) for value, _ in getattr(field, "choices", [])}
            missing = [
                str(card) for card, value in zip(cards, values, strict=True) if value not in offered
            ]
            if missing:
                verb = "is" if len(missing) == 1 else "are"
                problems.append(f"{question.legend}: {', '.join(missing)} {verb} not in the hand.")
                continue
            data.setlist(html_name, values)
    return data, problems


def _typed_name(name: str) -> str:
    """The typed-cards box of the card question whose toggles are the answer field ``name``."""
    return f"{PREFIX}-{name}-typed"


def _typed_boxes(form: AnswerForm, post: QueryDict | None) -> list[TypedCards | None]:
    """Each fieldset's typed-cards box (None where there is none), holding the post's text."""
    boxes: list[TypedCards | None] = []
    for question in form.questions:
        if question.kind != "badugi_cards":
            boxes.append(None)
            continue
        name = _typed_name(next(iter(question.fields)))
        typed = post.get(name, "") if post is not None else ""
        boxes.append(TypedCards(name, typed[:TYPED_MAX]))
    return boxes


def _table(kind: str, game: str, difficulty: int, seed: int) -> DrillTable:
    try:
        return DrillTable.of(generate(kind, game, difficulty, seed))
    except EvaluatorError as error:  # the settings form has already refused anything else
        raise Http404(str(error)) from None


def _item(
    table: DrillTable, answer: AnswerForm | None, post: QueryDict | None = None
) -> dict[str, object]:
    """The item's context; ``post`` is the learner's answer so far, to keep in the typed boxes.

    ``questions`` pairs each fieldset with its typed-cards box, so the
    template draws the box beside the toggles it stands in for.
    """
    item = table.item
    form = answer or AnswerForm(deal=table, prefix=PREFIX)
    return {
        "table": table,
        "form": form,
        "questions": list(zip(form.fieldsets, _typed_boxes(form, post), strict=True)),
        "url": drill_url(item.kind, item.chosen_game, item.difficulty, item.seed),
    }


def _repeated(request: HtmxHttpRequest, answer: AnswerForm) -> list[str]:
    """Answer fields sent more than once where the form has room for one value."""
    return [
        name
        for name, field in answer.fields.items()
        if not isinstance(field, forms.MultipleChoiceField)
        and len(request.POST.getlist(answer.add_prefix(name))) > 1
    ]


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
    table = _table(kind, game, difficulty, seed)
    if not table.can_be_a_deal:
        return HttpResponse(
            "This item has side pots or folded seats, which a practice deal can only hold "
            "through a hand history; write it in the admin instead.",
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
