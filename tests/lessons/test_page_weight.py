"""A lesson page with its CSS and JavaScript stays small and loads nothing from another host.

A size, unlike a timing, does not depend on the machine, so the lessons
issue's weight target is a test; ``python -m bench.site`` prints the same
figures through the same helpers.
"""

from __future__ import annotations

import pytest

from bench.site import (
    LESSON_PAGES,
    WEIGHT_TARGET_KB,
    PageReferences,
    css_references,
    other_hosts,
    page_weight,
)


@pytest.mark.django_db
@pytest.mark.parametrize("url", LESSON_PAGES)
def test_a_lesson_page_with_its_assets_is_under_the_weight_target(client, url):
    sizes, _loaded = page_weight(client, url)
    assets = [name for name in sizes if name != url]
    # Weighing only the HTML would pass trivially: the stylesheets and scripts must be in.
    assert any(name.endswith(".css") for name in assets), assets
    assert any(name.endswith(".js") for name in assets), assets
    total_kb = sum(sizes.values()) / 1024
    assert total_kb < WEIGHT_TARGET_KB, f"{url}: {total_kb:.1f} KB gzip: {sizes}"


@pytest.mark.django_db
@pytest.mark.parametrize("url", LESSON_PAGES)
def test_a_lesson_page_loads_nothing_from_another_host(client, url):
    _sizes, loaded = page_weight(client, url)
    assert loaded, f"{url} seems to load nothing at all, so the check saw nothing"
    assert other_hosts(loaded) == []


def test_the_reference_check_catches_every_way_of_naming_another_host():
    parser = PageReferences()
    parser.feed(
        '<link rel="stylesheet" href="https://cdn.example.org/b.css">'
        '<script src="//cdn.example.org/htmx.js"></script>'
        '<img src="http://img.example.org/a.png" srcset="/static/a.png 1x, https://x.org/a.png 2x">'
        '<link rel="preload" as="font" href="HTTPS://fonts.example.org/f.woff2">'
        '<script src="/static/js/site.js"></script>'
        '<a href="https://example.org/">a link is not a load</a>'
    )
    assert other_hosts(parser.loaded) == [
        "https://cdn.example.org/b.css",
        "//cdn.example.org/htmx.js",
        "http://img.example.org/a.png",
        "https://x.org/a.png",
        "HTTPS://fonts.example.org/f.woff2",
    ]
    assert parser.assets == [
        "https://cdn.example.org/b.css",
        "//cdn.example.org/htmx.js",
        "/static/js/site.js",
    ]


def test_fonts_and_imports_inside_a_stylesheet_are_checked_too():
    css = (
        "@import 'https://fonts.example.org/css';"
        '@font-face { src: url("//fonts.example.org/f.woff2") }'
        ".a { background: url(/static/favicon.svg) }"
        # An inline SVG names the SVG namespace by URL; it is not fetched.
        '.b { background: url("data:image/svg+xml,%3csvg '
        "xmlns='http://www.w3.org/2000/svg'%3e\") }"
    )
    assert other_hosts(css_references(css)) == [
        "https://fonts.example.org/css",
        "//fonts.example.org/f.woff2",
    ]
