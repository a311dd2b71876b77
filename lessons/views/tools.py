"""The two tool pages: exact draw odds (``/odds/``) and the showdown calculator.

Both are GET forms, so a result has a URL to share and the pages work
without JavaScript. An htmx request gets only the tool (form and result) to
swap; a plain request the whole page. Any problem with the input is a 400
with the message beside its field.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_safe

from evaluator import EvaluatorError
from evaluator.management.commands.showdown import render_table
from evaluator.report import error_to_dict, settle_request, settlement_to_dict

from ..tool_forms import CalculatorForm, OddsForm

JSON = "application/json"


@require_safe
def odds(request: HttpRequest) -> HttpResponse:
    form = OddsForm(request.GET or None)
    status = 400 if form.is_bound and not form.is_valid() else 200
    context = {"form": form, "odds": form.result}
    return _page(request, "lessons/odds.html", context, status)


@require_safe
def calculator(request: HttpRequest) -> HttpResponse:
    form = CalculatorForm(request.GET or None)
    if request.get_preferred_type(["text/html", JSON]) == JSON:
        response = _json_answer(form)
    else:
        status = 400 if form.is_bound and not form.is_valid() else 200
        context = {"form": form, "settlement": form.settlement}
        if form.settlement is not None:
            context["report"] = render_table(form.settlement)
        response = _page(request, "lessons/calculator.html", context, status)
    patch_vary_headers(response, ["Accept"])
    return response


def _json_answer(form: CalculatorForm) -> JsonResponse:
    """The line ``showdown --jsonl`` would print for the same showdown."""
    if not form.is_bound:
        answer = error_to_dict("give the game, the hands and the pot as query parameters")
    elif not form.is_valid():
        answer = error_to_dict(form.error_sentence())
    else:
        try:
            answer = settlement_to_dict(settle_request(form.line))
        except EvaluatorError as error:  # the form checks first, so this is a safety net
            answer = error_to_dict(str(error))
    status = 200 if answer["ok"] else 400
    return JsonResponse(answer, status=status, json_dumps_params={"ensure_ascii": False})


def _page(request: HttpRequest, template: str, context: dict, status: int) -> HttpResponse:
    if request.htmx and not request.htmx.history_restore_request:
        template += "#tool"
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response
