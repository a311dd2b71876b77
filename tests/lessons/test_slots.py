"""A cached page's per-learner holes: filled when there is data, defaults otherwise."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from lessons import slots


def render(source: str) -> str:
    return Template("{% load slots %}" + source).render(Context())


def test_an_unfilled_slot_shows_its_default():
    html = render('<a data-status="{% slot "status:ex-1" "new" %}">Exercise 1</a>')
    assert slots.fill(html, {}) == '<a data-status="new">Exercise 1</a>'


def test_a_filled_slot_shows_the_learners_piece_in_text_and_attributes():
    html = render('<a data-status="{% slot "status:ex-1" "new" %}">1</a>{% slot "mark:ex-1" %}')
    filled = slots.fill(html, {"status:ex-1": "solved", "mark:ex-1": "<span>Solved</span>"})
    assert filled == '<a data-status="solved">1</a><span>Solved</span>'


def test_a_default_is_escaped_and_a_bad_name_is_refused():
    html = render('{% slot "x" "<b>" %}')
    assert slots.fill(html, {}) == "&lt;b&gt;"
    with pytest.raises(ValueError, match="slot name"):
        slots.marker("no spaces allowed")


def test_pages_without_markers_come_back_unchanged():
    assert slots.fill("<p>plain</p>", {"x": "y"}) == "<p>plain</p>"


def test_a_block_slot_keeps_its_html_default_unless_filled():
    html = render(
        '{% for n in "12" %}{% slotblock "ex:"|add:n %}<form>{{ n }}'
        '<input value="{% slot "token" %}"></form>{% endslotblock %}{% endfor %}'
    )
    assert slots.fill(html, {"token": "t"}) == '<form>1<input value="t"></form>' * 1 + (
        '<form>2<input value="t"></form>'
    )
    filled = slots.fill(html, {"ex:2": "<p>answered</p>", "token": "t"})
    assert filled == '<form>1<input value="t"></form><p>answered</p>'


@pytest.mark.parametrize(
    "fills",
    [{}, {"token": "t"}, {"ex:2": "<p>answered</p>", "token": "t"}, {"ex:1": "é", "mark": "✓"}],
)
def test_a_split_page_fills_exactly_as_the_page_itself(fills):
    html = render(
        'é<a data-x="{% slot "mark" "new" %}">{% for n in "12" %}{% slotblock "ex:"|add:n %}'
        '<form>{{ n }}<input value="{% slot "token" %}"></form>{% endslotblock %}{% endfor %}♠'
    )
    pieces = slots.split(html)
    assert slots.join(pieces, fills).decode() == slots.fill(html, fills)
    assert slots.names(pieces) == {"mark", "ex:1", "ex:2", "token"}
