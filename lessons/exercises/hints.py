"""The replies to a hint button that exercises and drills share.

A hint request is refused with a plain 400 naming the problem (nothing on
the page changes); an htmx request gets the new hint, appended to its
part's list, and the part's controls swapped out of band. The plain
request's whole page is each view's own (a lesson, an exercise, a drill).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render

from lessons.deals.parts.base import Table
from lessons.exercises.forms import HintBox, HintRequestForm


def refused(request_form: HintRequestForm) -> HttpResponse:
    return HttpResponseBadRequest(request_form.refusal(), content_type="text/plain; charset=utf-8")


def fragment(request: HttpRequest, box: HintBox, deal: Table) -> HttpResponse:
    context = {"box": box, "hint": box.shown[-1], "deal": deal, "oob": True}
    response = render(request, "lessons/_hint_reply.html", context)
    # Whatever sent the request (the hint button, or the whole form when a
    # quick key press reached a button htmx had not wired up yet), the new
    # hint belongs at the end of its part's list.
    response["HX-Retarget"] = f"#{box.id}-list"
    response["HX-Reswap"] = "beforeend"
    return response
