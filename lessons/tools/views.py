"""The two tool pages: exact draw odds (``/odds/``) and the showdown calculator.

Both are GET forms, so a result has a URL to share and the pages work
without JavaScript. A plain request gets the whole page. An htmx request
gets only the answer, which is all that changes when the form was right;
when it was wrong (a 400, or a 429 for an address that asked for too
many costly draws at once, see ``lessons.tools.odds_answers``), or the page
still shows old problems beside the fields (site.js sends
``X-Tool-Form: stale``), it gets the whole tool, form
and answer, retargeted so the messages land beside their fields. Rendering
the form is most of a page's cost, so the usual answer skips it.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_safe
from django_htmx.http import reswap, retarget

from badacey_site.client_address import client_address
from evaluator import EvaluatorError
from evaluator.report import error_to_dict, settle_request, settlement_to_dict
from evaluator.settlement_table import render_table
from lessons.tools.forms import CalculatorForm, OddsForm

JSON = "application/json"


@require_safe
def odds(request: HttpRequest) -> HttpResponse:
    form = OddsForm(request.GET or None, address=client_address(request))
    status = 400 if form.is_bound and not form.is_valid() else 200
    if status == 400 and form.is_busy():  # the question is fine; this address asked too often
        status = 429
    context = {"form": form, "odds": form.result}
    response = _page(request, "lessons/odds.html", context, status, "odds-tool")
    if status == 429:
        response["Retry-After"] = "60"
    return response


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
        response = _page(request, "lessons/calculator.html", context, status, "calculator-tool")
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


def _page(
    request: HttpRequest, template: str, context: dict, status: int, tool: str
) -> HttpResponse:
    if not request.htmx or request.htmx.history_restore_request:
        response = render(request, template, context, status=status)
    elif status >= 400 or request.headers.get("X-Tool-Form") == "stale":
        response = render(request, f"{template}#tool", context, status=status)
        retarget(response, f"#{tool}")
        reswap(response, "outerHTML")
    else:
        response = render(request, f"{template}#result", context, status=status)
    patch_vary_headers(response, ["HX-Request", "X-Tool-Form"])
    return response
