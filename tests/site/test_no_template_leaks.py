"""No page shows template syntax to a learner.

Django's ``{# #}`` comments end at the line break, so a comment wrapped over
two lines is printed on the page; this walks the learner-facing pages and
fails if any template markup leaks into the HTML.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from lessons.models import Deal

LEAK = re.compile(r"\{#|#\}|\{%|%\}|\{\{|\}\}")


def learner_urls() -> list[str]:
    urls = [
        reverse(f"lessons:{name}") for name in ("home", "badacey", "badugi", "games", "practice")
    ]
    for deal in Deal.objects.published():
        urls.append(deal.get_absolute_url())
        urls.append(deal.answer_url)
        if deal.history:
            replay = reverse("lessons:replay", args=[deal.slug])
            urls += [replay, f"{replay}?step=20", f"{replay}?step=999"]
    return urls


@pytest.mark.django_db
def test_no_learner_page_prints_template_markup(client):
    leaks = {}
    for url in learner_urls():
        response = client.get(url)
        assert response.status_code in (200, 400), url
        found = LEAK.findall(response.content.decode())
        if found:
            leaks[url] = found
    assert leaks == {}
