"""Site-wide request checks that run before any view."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .storable_text import shown, unstorable_character


def refuse_unstorable_query(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Answer 400 to a query string holding a NUL (``?game__exact=%00``).

    Views and the admin's filters pass query values to the database, and
    PostgreSQL refuses a NUL with an error (a 500). No link of the site makes
    one, so the whole request is refused, with the site's 400 page naming the
    parameter. Form posts are left to their forms, which say it beside the field.
    """

    def middleware(request: HttpRequest) -> HttpResponse:
        for name, values in request.GET.lists():
            for text in (name, *values):
                problem = unstorable_character(text)
                if problem:
                    message = (
                        f"The address's “{shown(name)}” parameter contains {problem}, "
                        "which this site does not accept."
                    )
                    return render(request, "400.html", {"problem": message}, status=400)
        return get_response(request)

    return middleware
