"""Answering a drill item: from the posted answer to what the page shows next.

The view parses the item's settings and renders; everything between is
here: the cards typed in a box read as ticks, the answer checked by the
question parts, a tampered or oversized post refused before anything is
checked, the attempt recorded, and the next item dealt beside the worked
answer of the one just answered.
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.http import Http404, HttpRequest, QueryDict

from evaluator import EvaluatorError, parse_cards
from evaluator.drills import MAX_SEED, DrillKind, generate
from lessons.deals import parts
from lessons.drills.forms import DrillAnswerForm, DrillSettingsForm, drill_url
from lessons.drills.items import DrillTable, drill_worked_answer
from lessons.exercises.forms import AnswerForm
from lessons.learners import progress

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


@dataclass(frozen=True)
class AnsweredPage:
    """What the drill page shows after a post: its context, status and the URL to push."""

    context: dict[str, object]
    status: int = 200
    next_url: str = ""  # the next item's URL, once the answer was checked and recorded


def unanswered(drill: DrillKind, settings: DrillSettingsForm) -> dict[str, object]:
    """The page's context for an item nobody has answered yet."""
    game, difficulty, seed = (settings.cleaned_data[k] for k in SETTINGS)
    return {
        "drill": drill,
        "settings": settings,
        "item": item(table(drill.key, game, difficulty, seed), None),
    }


def answer(
    request: HttpRequest, drill: DrillKind, settings: DrillSettingsForm, htmx: bool
) -> AnsweredPage:
    """Check and record one answer; the same item back with what is wrong, or the next one."""
    kind = drill.key
    game, difficulty, seed = (settings.cleaned_data[k] for k in SETTINGS)
    this = table(kind, game, difficulty, seed)
    data, typed_problems = with_typed_cards(request, this)
    answer_form = DrillAnswerForm(data, deal=this, prefix=PREFIX)
    answer_form.is_valid()
    repeated = repeated_fields(request, answer_form)
    unreadable = any("\ufffd" in v for vs in request.POST.lists() for v in vs[1])
    posted_answer = progress.answer_data(request)
    # answer_data keeps nothing of a post over the cap exercises have: refuse it whole.
    oversized = not posted_answer and any(k != "csrfmiddlewaretoken" for k in request.POST)
    refused = repeated or unreadable or oversized or answer_form.is_malformed()
    if refused or typed_problems or answer_form.errors:
        # The same item again, with what is wrong beside it: nothing is checked or recorded.
        context = {
            "drill": drill,
            "settings": settings,
            "item": item(this, answer_form, request.POST),
            "repeated": repeated,
            "unreadable": unreadable,
            "oversized": oversized,
            "typed_problems": typed_problems,
        }
        return AnsweredPage(context, status=400 if refused else 200)

    progress.record_drill_attempt(
        request,
        kind,
        f"{game}/{difficulty}/{seed}",
        answer_form.all_right,
        parts=[r.ok for r in answer_form.results],
        hints_used=answer_form.hints_taken,
        answer=posted_answer,
        table=this,
        results=answer_form.results,
    )
    next_seed = (seed + 1) % (MAX_SEED + 1)
    next_settings = DrillSettingsForm(
        {"game": game, "difficulty": str(difficulty), "seed": str(next_seed)}, drill=drill
    )
    next_settings.is_valid()
    if htmx:  # the settings form stays on the page: replace just its item number
        next_settings.fields["seed"].widget.attrs["hx-swap-oob"] = "true"
    last = {
        "table": this,
        "form": answer_form,
        "answer": drill_worked_answer(this),
        "url": drill_url(kind, game, difficulty, seed),
    }
    context = {
        "drill": drill,
        "settings": next_settings,
        "item": item(table(kind, game, difficulty, next_seed), None),
        "last": last,
    }
    return AnsweredPage(context, next_url=drill_url(kind, game, difficulty, next_seed))


def with_typed_cards(request: HttpRequest, table: DrillTable) -> tuple[QueryDict, list[str]]:
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


def table(kind: str, game: str, difficulty: int, seed: int) -> DrillTable:
    try:
        return DrillTable.of(generate(kind, game, difficulty, seed))
    except EvaluatorError as error:  # the settings form has already refused anything else
        raise Http404(str(error)) from None


def item(
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


def repeated_fields(request: HttpRequest, answer: AnswerForm) -> list[str]:
    """Answer fields sent more than once where the form has room for one value."""
    return [
        name
        for name, field in answer.fields.items()
        if not isinstance(field, forms.MultipleChoiceField)
        and len(request.POST.getlist(answer.add_prefix(name))) > 1
    ]
