"""A wrong answer's feedback offers the drill for the skill it missed, beside "Read ...".

Each expected link is built from ``lessons.skills`` (the skill's drill, game
and difficulty), never typed; the wrong answers are made from the engine's
right ones. A drill page's feedback has no lesson links, so it gets none.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from django.urls import reverse
from django.utils.html import escape

from lessons import skills
from lessons.models import Deal
from tests.factories import field, right_answer

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def drill_url(key: str) -> str:
    skill = skills.BY_KEY[key]
    query = urlencode({"game": skill.game, "difficulty": skill.difficulty})
    return f"{reverse('lessons:drill', args=[skill.drill])}?{query}"


def drill_hrefs(html: str) -> list[str]:
    return re.findall(r'<a class="feedback__drill" href="([^"]*)"', html)


def badugi_one_all_wrong() -> tuple[Deal, dict]:
    """Badugi exercise 1 with both selections one card short and the winner turned round."""
    deal = Deal.objects.get(slug="badugi-1")
    post = right_answer(deal)
    for index in (0, 1):
        post[field(deal, index, "cards")] = post[field(deal, index, "cards")][:-1]
    winners = field(deal, 2, "badugi")
    post[winners] = [str(s) for s in range(len(deal.seats)) if str(s) not in post[winners]]
    return deal, post


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
def test_each_missed_skill_gets_one_drill_link(client, headers):
    deal, post = badugi_one_all_wrong()
    assert [p["kind"] for p in deal.parts] == ["badugi_cards", "badugi_cards", "winners"]
    response = client.post(deal.check_url, post, **headers)
    html = response.content.decode()
    assert response.status_code == 200 and "Not yet: 0 of 3 correct." in html
    # Two wrong selections share one skill: one link for it, one for the winner.
    expected = [drill_url(skills.skills_for(k, deal.game)[0]) for k in ("badugi_cards", "winners")]
    assert len(set(expected)) == 2
    assert html.count('</a>, or <a class="feedback__drill"') == 2
    assert drill_hrefs(html) == [escape(url) for url in expected]
    for key in (skills.skills_for(k, deal.game)[0] for k in ("badugi_cards", "winners")):
        assert f">practise “{skills.BY_KEY[key].name}” on fresh deals</a>" in html


def test_a_right_answer_offers_no_drill(client):
    deal = Deal.objects.get(slug="badugi-1")
    response = client.post(deal.check_url, right_answer(deal), **HTMX)
    assert "All right: every part is correct." in response.content.decode()
    assert drill_hrefs(response.content.decode()) == []


def test_only_the_wrong_part_gets_a_drill_link(client):
    deal, post = badugi_one_all_wrong()
    post = right_answer(deal) | {field(deal, 2, "badugi"): post[field(deal, 2, "badugi")]}
    html = client.post(deal.check_url, post, **HTMX).content.decode()
    assert drill_hrefs(html) == [escape(drill_url(skills.skills_for("winners", deal.game)[0]))]


def test_a_named_misconception_links_the_drill_that_puts_it_right(client):
    """Taking a straight for a good deuce-to-seven low is drilled on lows, not on both halves."""
    deal = Deal.objects.get(slug="badeucey-2")
    right = right_answer(deal)
    low = field(deal, 0, "deuce_to_seven")
    straight = next(
        s
        for s, seat in enumerate(deal.settlement().seats)
        if seat.values["deuce_to_seven"].category == "straight"
    )
    assert [str(straight)] != right[low]
    html = client.post(deal.check_url, right | {low: [str(straight)]}, **HTMX).content.decode()
    named = skills.BY_MISCONCEPTION["straights-ignored-in-deuce-to-seven"]
    assert named != skills.skills_for("winners", deal.game)[0]
    assert drill_hrefs(html) == [escape(drill_url(named))]


def test_the_drill_link_leads_to_an_item_of_that_skill(client):
    deal, post = badugi_one_all_wrong()
    html = client.post(deal.check_url, post, **HTMX).content.decode()
    href = drill_hrefs(html)[0].replace("&amp;", "&")
    response = client.get(href, follow=True)
    assert response.status_code == 200
    skill = skills.BY_KEY[skills.skills_for("badugi_cards", deal.game)[0]]
    dealt = response.request["QUERY_STRING"]  # the item the drill dealt, seed and all
    assert f"game={skill.game}" in dealt and f"difficulty={skill.difficulty}" in dealt
    assert "seed=" in dealt
