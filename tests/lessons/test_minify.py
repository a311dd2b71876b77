"""The whitespace minifier of cached pages never joins two words and never touches
what must stay as written (``lessons/pages/minify.py``)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from lessons.course import LESSONS
from lessons.pages import page_cache
from lessons.pages.lesson_page import lesson_context
from lessons.pages.minify import BLOCK, minify

_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*>")


def words(html: str) -> list[str]:
    """The words a reader meets, in order: a block tag ends a word, an inline tag does not.

    So ``<a>x</a> <a>y</a>`` is two words and ``<a>x</a><a>y</a>`` one, as a
    browser shows them; a minifier that joins two words changes this list.
    """
    text = _TAG.sub(lambda tag: " " if tag[2].lower() in BLOCK else "", html)
    return text.split()


@pytest.mark.parametrize(
    "html",
    [
        "<a href='/one/'>one</a>\n    <a href='/two/'>two</a>",
        "<p>ace\n   of\tspades</p>",
        '<span class="pc s rA">ace of spades</span> <span class="pc h r2">two of hearts</span>',
        "<strong>wins</strong>\n<em>ties</em>",
        "<label for=x>Pot</label>\n<input id=x> <button>Check</button>",
        "<td>7-6-4-2-A\n  <strong>wins</strong></td>",
        "<li>word</li>\n<li>word</li>",
    ],
)
def test_it_never_joins_two_words(html):
    assert words(minify(html)) == words(html)


def test_runs_of_whitespace_become_one_character():
    assert minify("<p>\n    Badacey   is\n\n  split </p>") == "<p>\nBadacey is\nsplit </p>"


def test_whitespace_between_two_block_tags_goes():
    html = "<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>\n<table>\n <tr>\n  <td>a</td>\n  <td>b</td>"
    assert minify(html) == "<ul><li>one</li><li>two</li></ul><table><tr><td>a</td><td>b</td>"


def test_whitespace_between_inline_tags_stays_as_one_space():
    assert minify("<a>x</a>\n   <a>y</a>") == "<a>x</a>\n<a>y</a>"
    assert minify("</span>  <span>") == "</span> <span>"
    assert minify("<div>\n  <span>x</span>\n</div>") == "<div>\n<span>x</span>\n</div>"


def test_preformatted_text_scripts_and_styles_are_kept_byte_for_byte():
    kept = [
        "<pre>  Amara   bets\n    Bram  calls\n</pre>",
        '<pre class="x">\n\n a</pre>',
        "<textarea name=h>\n  7s 6h\n\n  4d</textarea>",
        "<script>\n  if (a  <  b) { x = '  y'; }\n</script>",
        "<style>\n  .a  >  .b { color:  red }\n</style>",
        "<PRE>  upper   case </PRE>",
    ]
    for html in kept:
        assert minify(f"<div>\n  {html}\n</div>") == f"<div>\n{html}\n</div>"


def test_comments_and_the_slots_they_mark_are_kept_with_the_space_beside_them():
    html = "<li>\n  <!--slot:status:x|New-->  <!--slot:b{-->\n  <p>a</p>\n<!--}slot:b-->\n</li>"
    assert (
        minify(html)
        == "<li>\n<!--slot:status:x|New--> <!--slot:b{-->\n<p>a</p>\n<!--}slot:b-->\n</li>"
    )


def test_attribute_values_are_never_touched():
    html = (
        "<div title=\"two  spaces\n and a newline\" data-x='a  >  b'>\n"
        '  <input value="  padded  ">\n</div>'
    )
    assert minify(html) == (
        "<div title=\"two  spaces\n and a newline\" data-x='a  >  b'>\n"
        '<input value="  padded  ">\n</div>'
    )


def test_a_no_break_space_is_text_not_whitespace():
    assert (
        minify("<td>\u00a0</td>\n<td>9\u00a0\u00a0chips</td>")
        == "<td>\u00a0</td><td>9\u00a0\u00a0chips</td>"
    )


def test_minifying_twice_changes_nothing():
    html = "<main>\n  <p>one <a>two</a>\n three</p>\n  <pre> x  </pre>\n</main>\n"
    assert minify(minify(html)) == minify(html)


@pytest.mark.django_db
@pytest.mark.parametrize("lesson", [item.key for item in LESSONS])
def test_a_lesson_page_reads_the_same_word_for_word_and_is_smaller(lesson):
    rendered = page_cache.render_blocks(f"lessons/{lesson}.html", lesson_context(lesson))
    content = rendered["content"]
    assert words(minify(content)) == words(content)
    assert len(minify(content)) < 0.97 * len(content)  # it did find the indentation


@pytest.mark.django_db
@pytest.mark.cache
def test_the_page_is_minified_on_a_cache_miss_only(monkeypatch):
    calls: list[int] = []
    real = page_cache.minify
    monkeypatch.setattr(page_cache, "minify", lambda html: calls.append(1) or real(html))
    url = LESSONS[0].url
    first = Client().get(url)
    assert first.status_code == 200 and calls
    misses = len(calls)
    assert Client().get(url).status_code == 200
    assert len(calls) == misses  # the second reader got the stored page
    page = first.content.decode()
    lesson = page[page.index("<h1") : page.rindex("</article>")]
    assert "\n  " not in lesson  # the lesson's own indentation is gone


def test_a_tag_over_several_lines_becomes_one_line_with_its_values_intact():
    html = '<form class="a"\n      hx-post="/x/"  data-x="one\n  two"\n      data-flag>'
    assert minify(html) == '<form class="a" hx-post="/x/" data-x="one\n  two" data-flag>'
