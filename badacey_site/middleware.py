"""Site-wide request checks that run before any view."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .storable_text import shown, unstorable_character


def refuse_unstorable_text(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Keep a NUL or lone surrogate in the query string or a cookie from the database.

    Views and the admin's filters pass query values to the database, and
    PostgreSQL refuses a NUL with an error (a 500). No link of the site makes
    one, so such a query is answered with the site's 400 page naming the
    parameter. A cookie can carry one too (``"\\000"`` in a quoted value), and
    the session cookie is looked up in the database on every signed-in page:
    such a cookie is ignored, as if it had not been sent. Form posts are left
    to their forms, which say it beside the field.
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
        request.COOKIES = {
            name: value
            for name, value in request.COOKIES.items()
            if not (unstorable_character(name) or unstorable_character(value))
        }
        return get_response(request)

    return middleware
