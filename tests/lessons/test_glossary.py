"""The glossary page, and the first use of each term on every lesson linking to it."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.core.cache import cache
from django.urls import reverse

from lessons import course
from lessons.glossary import terms
from lessons.pages import lesson_page

pytestmark = pytest.mark.django_db

LESSON_URLS = [lesson.url for lesson in course.LESSONS]
GLOSSARY = "/glossary/"

# What the tests count as a lesson's prose: the page's <main>, less the text no link may
# go in and the exercises (each a block slot a response may replace, so left unlinked).
NOT_PROSE_TAGS = {"h1", "h2", "h3", "h4", "h5", "h6", "button", "label", "legend", "select"}
NOT_PROSE_TAGS |= {"option", "textarea", "summary", "code", "pre", "kbd", "samp", "script", "style"}
NOT_PROSE_TAGS |= {"template", "noscript", "svg"}
NOT_PROSE_CLASSES = {"pc", "hand", "visually-hidden", "exercise"}
VOID = {"br", "img", "input", "meta", "link", "hr", "wbr", "source", "col", "area"}


class Page(HTMLParser):
    """The text of <main> in order, each piece with the elements around it."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, dict]] = []
        self.pieces: list[tuple[str, list[tuple[str, dict]]]] = []
        self.ids: list[str] = []
        self.elements: list[tuple[str, dict, list[tuple[str, dict]]]] = []

    def handle_starttag(self, tag, attrs):
        values = {k: v or "" for k, v in attrs}
        if "id" in values:
            self.ids.append(values["id"])
        self.elements.append((tag, values, list(self.open)))
        if tag not in VOID:
            self.open.append((tag, values))

    def handle_endtag(self, tag):
        while self.open and any(name == tag for name, _ in self.open):
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data):
        if any(tag == "main" for tag, _ in self.open):
            self.pieces.append((data, list(self.open)))


def read(client, url: str) -> Page:
    response = client.get(url)
    assert response.status_code == 200
    page = Page()
    page.feed(response.content.decode())
    page.close()
    return page


def glossary_anchor(around: list[tuple[str, dict]]) -> str | None:
    """The term a piece of text links to, if it is a glossary link's text."""
    for tag, values in around:
        href = values.get("href", "")
        if tag == "a" and href.startswith(GLOSSARY + "#"):
            return href.removeprefix(GLOSSARY + "#")
    return None


def is_prose(around: list[tuple[str, dict]]) -> bool:
    for tag, values in around:
        classes = set(values.get("class", "").split())
        if tag in NOT_PROSE_TAGS or classes & NOT_PROSE_CLASSES or values.get("role") == "tooltip":
            return False
        if values.get("aria-hidden") == "true":
            return False
        if tag == "a" and not values.get("href", "").startswith(GLOSSARY + "#"):
            return False
    return True


def unlinked_first_uses(page: Page) -> list[str]:
    """Each term whose first use in the prose is not a link to its glossary entry."""
    seen: set[str] = set()
    wrong = []
    for text, around in page.pieces:
        if not is_prose(around):
            continue
        for start, end, term in terms.uses_in(text):
            if term.anchor in seen:
                continue
            seen.add(term.anchor)
            whole = text[start:end] == text.strip()
            if glossary_anchor(around) != term.anchor or not whole:
                wrong.append(f"{term.name}: {text[max(0, start - 30) : end + 30]!r}")
    return wrong


def test_the_glossary_page_is_linked_from_the_site_navigation(client):
    page = read(client, reverse("lessons:home"))
    nav = [v.get("href") for tag, v, around in page.elements if tag == "a" and around]
    assert GLOSSARY in nav


def test_the_glossary_lists_every_term_alphabetically_each_with_its_anchor(client):
    page = read(client, GLOSSARY)
    entries = [
        (values["id"], text.strip())
        for text, around in page.pieces
        for tag, values in around[-1:]
        if tag == "dt"
    ]
    names = [name for _, name in entries]
    assert names == sorted(names, key=str.casefold)
    assert sorted(names) == sorted(term.name for term in terms.TERMS)
    assert {name: anchor for anchor, name in entries} == {
        term.name: term.anchor for term in terms.TERMS
    }
    assert len(page.ids) == len(set(page.ids)), "every id on the page is unique"


def test_each_term_on_the_glossary_shows_its_definition(client):
    page = read(client, GLOSSARY)
    text = " ".join(" ".join(piece for piece, _ in page.pieces).split())
    for term in terms.TERMS:
        assert term.definition in text


def test_the_glossary_jump_list_leads_to_each_letter(client):
    page = read(client, GLOSSARY)
    jumps = [
        values["href"]
        for tag, values, around in page.elements
        if tag == "a" and any(v.get("class") == "glossary__letters" for _, v in around)
    ]
    letters = sorted({term.letter for term in terms.TERMS})
    assert jumps == [f"#letter-{letter.lower()}" for letter in letters]
    assert {j.removeprefix("#") for j in jumps} <= set(page.ids)


@pytest.mark.parametrize("url", LESSON_URLS)
def test_the_first_use_of_each_term_in_a_lesson_links_to_its_definition(client, url):
    page = read(client, url)
    assert unlinked_first_uses(page) == []
    assert any(glossary_anchor(around) for _, around in page.pieces)


def test_the_first_use_check_notices_a_lesson_without_links(client, monkeypatch):
    """Without the linking step the check above fails: it can tell a linked page from one not."""
    monkeypatch.setattr(lesson_page, "link_first_uses", lambda html: html)
    cache.clear()
    assert unlinked_first_uses(read(client, LESSON_URLS[0])) != []


@pytest.mark.parametrize("url", LESSON_URLS)
def test_each_link_is_described_by_a_tooltip_with_its_terms_definition(client, url):
    page = read(client, url)
    tips = {
        values["id"]: text
        for text, around in page.pieces
        for _, values in around[-1:]
        if values.get("role") == "tooltip"
    }
    linked = [
        (values["href"], values["aria-describedby"])
        for tag, values, _ in page.elements
        if tag == "a" and values.get("href", "").startswith(GLOSSARY + "#")
    ]
    assert linked
    for href, described_by in linked:
        term = terms.BY_ANCHOR[href.removeprefix(GLOSSARY + "#")]
        assert tips[described_by] == term.definition


@pytest.mark.parametrize("url", LESSON_URLS)
def test_no_glossary_link_is_inside_a_heading_a_control_a_link_or_a_card(client, url):
    page = read(client, url)
    for tag, values, around in page.elements:
        if tag != "a" or not values.get("href", "").startswith(GLOSSARY + "#"):
            continue
        for outer, outer_values in around:
            classes = set(outer_values.get("class", "").split())
            assert outer not in {"h1", "h2", "h3", "h4", "h5", "h6", "a", "button", "label"}
            assert outer not in {"summary", "select", "option", "legend"}
            assert not classes & {"pc", "hand", "visually-hidden"}
            assert outer_values.get("role") not in {"group", "img", "button", "heading"}


@pytest.mark.parametrize("url", LESSON_URLS)
def test_a_lesson_links_each_term_once(client, url):
    page = read(client, url)
    anchors = [
        values["href"]
        for tag, values, _ in page.elements
        if tag == "a" and values.get("href", "").startswith(GLOSSARY + "#")
    ]
    assert len(anchors) == len(set(anchors))
