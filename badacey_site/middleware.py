"""Site-wide request checks that run before any view."""

from __future__ import annotations

import codecs
from collections.abc import Callable

from django.core.exceptions import DisallowedHost
from django.core.handlers.exception import response_for_exception
from django.http import HttpRequest, HttpResponse
from django.middleware import security
from django.shortcuts import render

from .storable_text import shown, unstorable_character

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


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


def refuse_unreadable_posts(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Answer a form post in a character set other than UTF-8 with the site's 400 page.

    Django refuses such a post when it is first read, with a BadRequest; its
    400 handler then checks the CSRF token, which reads the post again and
    raises again, and the visitor got a bare 500. Refusing it here, before
    anything reads the post, gives the page with the site's headers and a
    message. Every page of the site sends its forms in UTF-8, so only a
    program, or an edited request, meets this.
    """

    def middleware(request: HttpRequest) -> HttpResponse:
        encoding = request.encoding  # set from the Content-Type's charset, when it names one
        if (
            request.method == "POST"
            and request.content_type in FORM_TYPES
            and encoding is not None
            and codecs.lookup(encoding).name != "utf-8"
        ):
            message = (
                f"The form was sent in the “{shown(encoding)}” character set; this site reads "
                "forms in UTF-8 only, as browsers send them from its pages."
            )
            return render(request, "400.html", {"problem": message}, status=400)
        return get_response(request)

    return middleware


def refuse_unserved_hosts(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Answer a host the site does not serve here, with Django's security headers added.

    With the HTTPS redirect on, Django's SecurityMiddleware reads the host to
    build the redirect, and a host outside ALLOWED_HOSTS raises right there,
    before that middleware adds its own headers (nosniff, the referrer
    policy) on the way out. Refused one step earlier, as Django would refuse
    it (the site's 400 page, the security log), the answer gets them.
    SecurityMiddleware itself stays in the list: ``check --deploy`` looks
    for it by name.
    """
    headers = security.SecurityMiddleware(get_response)

    def middleware(request: HttpRequest) -> HttpResponse:
        try:
            request.get_host()
        except DisallowedHost as error:
            return headers.process_response(request, response_for_exception(request, error))
        return get_response(request)

    return middleware
