"""A cached page's per-learner holes: filled when there is data, defaults otherwise."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils.html import escape
from hypothesis import given
from hypothesis import strategies as st

from lessons.pages import slots


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


# The reading of the markers that no template makes, pinned ---------------------


def test_a_block_without_its_closing_marker_stays_as_text_and_its_slots_are_filled():
    html = "<!--slot:a{--><p><!--slot:t|d--></p>"
    assert slots.fill(html, {"a": "X", "t": "T"}) == "<!--slot:a{--><p>T</p>"
    assert slots.fill(html, {}) == "<!--slot:a{--><p>d</p>"


def test_comments_that_are_not_markers_stay_as_they_are():
    html = "<!--slot:bad name|x--> <!--slot:ok|y--> <!--other--> <!--slot:t|z"
    fills = {"bad name": "B", "ok": "O", "t": "T"}
    assert slots.fill(html, fills) == "<!--slot:bad name|x--> O <!--other--> <!--slot:t|z"


def test_a_block_ends_at_the_first_closing_of_its_name_and_may_hold_other_blocks():
    html = "<!--slot:a{-->[<!--slot:b{-->b<!--}slot:b-->]<!--}slot:a--><!--}slot:a-->"
    assert slots.fill(html, {}) == "[b]<!--}slot:a-->"
    assert slots.fill(html, {"b": "B"}) == "[B]<!--}slot:a-->"
    assert slots.fill(html, {"a": "A", "b": "B"}) == "A<!--}slot:a-->"


def test_the_slots_in_a_blocks_fill_are_filled_but_not_a_block_of_its_own_name():
    html = render('{% slotblock "ex" %}<form>{% slot "t" "new" %}</form>{% endslotblock %}')
    answered = render(
        '<p>{% slot "t" "new" %}</p>{% slotblock "ex" %}again{% endslotblock %}{% slot "x" %}'
    )
    fills = {"ex": answered, "t": "solved", "x": "<!--slot:t|-->"}
    # A slot's own fill goes in as it is, even when it looks like a marker.
    assert slots.fill(html, fills) == "<p>solved</p>again<!--slot:t|-->"
    assert slots.join(slots.split(html), fills).decode() == slots.fill(html, fills)


# Generated pages: the page filled whole and from its cached pieces agree --------

NAMES = ["a", "b", "ex:1"]
# No "<" in the text around markers, so the text holds no marker of its own.
TEXT = st.text(alphabet="xé♠ -!>{}|:", max_size=5)


@st.composite
def nodes(draw: st.DrawFn, depth: int = 2, outer: frozenset[str] = frozenset()) -> list[tuple]:
    """A page as a tree: ("text", s), ("slot", name, default), ("block", name, [nodes]).

    A block never sits inside a block of its own name: it would end at the
    inner block's closing marker, which is how the markers read, not what
    the tree says.
    """
    tree: list[tuple] = []
    for _ in range(draw(st.integers(0, 4))):
        free = sorted(set(NAMES) - outer)
        kinds = ["text", "slot", "block"] if depth and free else ["text", "slot"]
        kind = draw(st.sampled_from(kinds))
        if kind == "text":
            tree.append(("text", draw(TEXT)))
        elif kind == "slot":
            tree.append(("slot", draw(st.sampled_from(NAMES)), draw(TEXT)))
        else:
            name = draw(st.sampled_from(free))
            tree.append(("block", name, draw(nodes(depth - 1, outer | {name}))))
    return tree


def html_of(tree: list[tuple]) -> str:
    parts = []
    for node in tree:
        if node[0] == "text":
            parts.append(node[1])
        elif node[0] == "slot":
            parts.append(slots.marker(node[1], node[2]))
        else:
            opening, closing = slots.block_markers(node[1])
            parts += [opening, html_of(node[2]), closing]
    return "".join(parts)


def shown(tree: list[tuple], fills: dict[str, list[tuple]]) -> str:
    """What a reader sees, straight from the tree: a slot's fill as it is, a block's
    fill with its own slots filled (by the other fills), else the defaults."""
    parts = []
    for node in tree:
        if node[0] == "text":
            parts.append(node[1])
        elif node[0] == "slot":
            name = node[1]
            parts.append(html_of(fills[name]) if name in fills else str(escape(node[2])))
        elif node[1] in fills:
            others = {name: fill for name, fill in fills.items() if name != node[1]}
            parts.append(shown(fills[node[1]], others))
        else:
            parts.append(shown(node[2], fills))
    return "".join(parts)


def slot_names(tree: list[tuple]) -> set[str]:
    found: set[str] = set()
    for node in tree:
        if node[0] != "text":
            found.add(node[1])
        if node[0] == "block":
            found |= slot_names(node[2])
    return found


@given(nodes(), st.dictionaries(st.sampled_from(NAMES), nodes(depth=1)))
def test_a_generated_page_fills_as_its_tree_says_whole_or_from_pieces(tree, fill_trees):
    html = html_of(tree)
    fills = {name: html_of(fill) for name, fill in fill_trees.items()}
    expected = shown(tree, fill_trees)
    assert slots.fill(html, fills) == expected
    pieces = slots.split(html)
    assert slots.join(pieces, fills).decode() == expected
    assert slots.names(pieces) == slot_names(tree)


SOUP = st.lists(
    st.sampled_from(
        [
            "<!--slot:",
            "<!--slot:a|d-->",
            "<!--slot:b|-->",
            "<!--slot:a{-->",
            "<!--slot:b{-->",
            "<!--}slot:a-->",
            "<!--}slot:b-->",
            "<!--",
            "-->",
            "a",
            "b{",
            "|",
            "}",
            "bad name",
            "é",
            "<",
        ]
    ),
    max_size=12,
).map("".join)


@given(SOUP, st.dictionaries(st.sampled_from(["a", "b", "c"]), SOUP, max_size=3))
def test_marker_soup_fills_the_same_whole_or_from_pieces(html, fills):
    assert slots.fill(html, fills) == slots.join(slots.split(html), fills).decode()
