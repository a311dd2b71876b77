"""Every public page tells search engines, in its own sentence, what it is about."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from lessons.models import Deal

pytestmark = pytest.mark.django_db


class Descriptions(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "meta" and values.get("name") == "description":
            self.found.append(values.get("content") or "")


def public_pages() -> list[str]:
    replayable = Deal.objects.published().exclude(history="").order_by("slug")
    exercises = Deal.objects.published().exclude(lesson="").order_by("lesson", "number")
    names = ["home", "badacey", "badugi", "badeucey", "drawing", "games", "practice"]
    names += ["odds", "calculator"]
    return (
        [reverse(f"lessons:{name}") for name in names]
        + [deal.get_absolute_url() for deal in exercises[:2]]
        + [reverse("lessons:replay", args=[deal.slug]) for deal in replayable[:2]]
    )


def test_every_public_page_has_its_own_description(client):
    seen: dict[str, str] = {}
    for url in public_pages():
        response = client.get(url)
        assert response.status_code == 200, url
        parser = Descriptions()
        parser.feed(response.content.decode())
        assert len(parser.found) == 1, f"{url} should have one meta description"
        (text,) = parser.found
        # Search engines show about 150 characters; much less says little.
        assert 50 <= len(text) <= 160, f"{url}: {len(text)} characters"
        assert text not in seen, f"{url} repeats the description of {seen.get(text)}"
        seen[text] = url
