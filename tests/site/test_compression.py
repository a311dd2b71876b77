"""Pages go out gzipped to browsers that accept it, with Django's BREACH padding."""

from __future__ import annotations

import gzip

import pytest

pytestmark = pytest.mark.django_db

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


@pytest.mark.parametrize("url", ["/", "/games/", "/practice/"])
def test_a_page_is_compressed_for_a_browser_that_accepts_gzip(client, url):
    plain = client.get(url)
    packed = client.get(url, **GZIP)
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) < len(plain.content) / 2


def test_a_long_lesson_page_shrinks_to_a_fraction(client):
    plain = client.get("/badacey/")
    packed = client.get("/badacey/", **GZIP)
    assert packed.headers["Content-Encoding"] == "gzip"
    assert len(packed.content) < len(plain.content) / 4


def test_each_compressed_copy_is_padded_differently(client):
    """Django's mitigation of BREACH: random padding, so lengths leak less about secrets."""
    lengths = {len(client.get("/", **GZIP).content) for _ in range(6)}
    assert len(lengths) > 1
