"""The glossary page: every poker word the lessons use, A to Z, with card examples.

It is the same for every reader and changes only with the code, so it is
rendered once and cached like the other lesson pages; its examples' values
come from the poker tags while it renders.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from lessons.glossary import terms
from lessons.pages import lesson_page


@require_safe
def glossary(request: HttpRequest) -> HttpResponse:
    def context() -> dict:
        return {"letters": terms.by_letter()}

    return lesson_page.cached_page(request, "glossary", "lessons/glossary.html", None, context)
