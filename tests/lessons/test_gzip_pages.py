"""A cached lesson page is compressed once per version, and gzip responses reuse that work.

What a browser notices: the gzip page it gets is exactly the page (its own
form token and progress marks in it), the headers say how it is encoded and
that it varies by Accept-Encoding, and nothing of one learner reaches another.
"""

from __future__ import annotations

import gzip
import re
import zlib
from functools import partial

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from lessons.models import Deal
from lessons.pages import gzip_pieces, page_cache, slots
from lessons.pages import lesson_page as pages
from tests.factories import right_answer

pytestmark = [pytest.mark.django_db, pytest.mark.cache, pytest.mark.fresh_pages]

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}
HTMX = {"HTTP_HX_REQUEST": "true"}
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')


def unpacked(response) -> str:
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert int(response.headers["Content-Length"]) == len(response.content)
    return gzip.decompress(response.content).decode()


@pytest.mark.parametrize(
    "parts",
    [
        [],
        [b"short"],
        [b"<p>" * 200, b"token-123", b"</p>" * 300, b"", b"end"],
        [b"\xe2\x99\xa0 " * 500, b"x", b"\xe2\x99\xa5 " * 500],
    ],
)
def test_the_gzip_body_is_the_joined_parts_and_reuses_the_kept_deflate_data(parts):
    pieces = [gzip_pieces.precompress(part) for part in parts]
    body = gzip_pieces.gzip_body(pieces)
    assert gzip.decompress(body) == b"".join(parts)
    # One gzip member, as every client reads it: nothing follows its trailer.
    reader = zlib.decompressobj(16 + zlib.MAX_WBITS)
    assert reader.decompress(body) == b"".join(parts) and reader.eof and not reader.unused_data
    for piece in pieces:
        if isinstance(piece, gzip_pieces.Precompressed):
            assert piece.deflated in body


def test_a_lesson_page_in_gzip_is_the_page_with_its_own_token(client):
    url = reverse("lessons:badugi")
    plain = client.get(url)
    html = unpacked(client.get(url, **GZIP))
    assert "Accept-Encoding" in plain.headers["Vary"]
    assert "Content-Encoding" not in plain.headers
    assert TOKEN.sub("", html) == TOKEN.sub("", plain.content.decode())
    tokens = TOKEN.findall(html)
    assert tokens and "" not in tokens, "the gzip page carries a real form token"


def test_the_cached_text_is_deflated_once_not_on_every_request(client, monkeypatch):
    url = reverse("lessons:badacey")
    page_size = len(unpacked(client.get(url, **GZIP)).encode())
    cached_text: list[int] = []
    per_request: list[int] = []
    real_deflate, real_run = gzip_pieces.deflate, gzip_pieces._run

    def counting_deflate(data: bytes) -> bytes:
        cached_text.append(len(data))
        return real_deflate(data)

    def counting_run(compressor, pending: list[bytes]) -> bytes:
        per_request.append(sum(len(part) for part in pending))
        return real_run(compressor, pending)

    monkeypatch.setattr(gzip_pieces, "deflate", counting_deflate)
    monkeypatch.setattr(gzip_pieces, "_run", counting_run)
    for _ in range(3):
        assert unpacked(Client().get(url, **GZIP))
    # Nothing of the cached page is deflated again, nor (for these newcomers)
    # its header: at most each request's own small parts are compressed now.
    assert cached_text == []
    assert sum(per_request) < 3 * page_size / 10


def test_no_learners_progress_is_kept_in_the_compressed_page_or_shown_to_another(client):
    url = reverse("lessons:badugi")
    deal = Deal.objects.get(slug="badugi-2")
    client.post(deal.check_url, right_answer(deal), **HTMX)
    mine = unpacked(client.get(url, **GZIP))
    assert 'id="status-badugi-2" data-status="solved"' in mine
    stranger = unpacked(Client().get(url, **GZIP))
    assert 'data-status="solved"' not in stranger
    key = page_cache.page_key("badugi", partial(pages.lesson_deals, "badugi"))
    kept = cache.get(key)
    stored = b"".join(slots.join(pieces, {}) for pieces in kept.values())
    assert b'data-status="solved"' not in stored
    for pieces in kept.values():
        for piece in pieces:
            if isinstance(piece, gzip_pieces.Precompressed):
                text = zlib.decompressobj(-zlib.MAX_WBITS).decompress(piece.deflated)
                assert text == piece and b'data-status="solved"' not in text


@pytest.mark.parametrize("lesson", ["badacey", "badugi", "drawing"])
def test_the_newcomers_merged_page_is_the_same_page(client, lesson):
    client.get(reverse(f"lessons:{lesson}"))
    kept = cache.get(page_cache.page_key(lesson, partial(pages.lesson_deals, lesson)))
    token = {page_cache.CSRF_SLOT: "T" * 64}
    assert set(kept.plain) == set(kept)
    for name, pieces in kept.items():
        assert slots.join(kept.plain[name], token) == slots.join(pieces, token)
        assert len(kept.plain[name]) <= len(pieces)


TOKEN_BYTES = b"k" * gzip_pieces.HOLE


@pytest.mark.parametrize(
    "order",
    [
        "0t1t2",  # as the chain was built: tokens sent as literal blocks
        "0s1t2",  # a part of another length where a token goes
        "0tx1t2",  # something more between two pieces
        "1t2",  # a chain started in the middle
        "0t2",  # a piece left out
    ],
)
def test_a_chained_page_is_exact_whichever_parts_come_between(order):
    texts = [b"<form>" * 300 + b'value="', b'">' + b"<p>card</p>" * 200, b"<form>" * 300]
    chained = gzip_pieces.chain(texts)
    others = {"t": TOKEN_BYTES, "s": b"short", "x": b"x"}
    parts = [chained[int(c)] if c.isdigit() else others[c] for c in order]
    assert gzip.decompress(gzip_pieces.gzip_body(parts)) == b"".join(parts)


def test_a_newcomers_gzip_page_is_about_as_small_as_the_page_compressed_whole(client):
    url = reverse("lessons:badacey")
    html = unpacked(client.get(url, **GZIP)).encode()
    sent = len(client.get(url, **GZIP).content)
    assert sent < 1.15 * len(gzip.compress(html, 6))


def test_a_newcomers_gzip_lesson_page_is_served_without_compressing_anything(monkeypatch):
    # The cached page, its header and footer included, was deflated once; a
    # newcomer's next request only stitches the kept pieces round the token.
    page = reverse("lessons:badacey")
    first = Client()
    unpacked(first.get(page, **GZIP))
    made = []
    real = zlib.compressobj

    def counted(*args, **kwargs):
        made.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(gzip_pieces.zlib, "compressobj", counted)
    newcomer = Client()
    gzipped = unpacked(newcomer.get(page, **GZIP))
    assert made == []
    # ... and it is exactly the page, the newcomer's own token in it.
    plain = newcomer.get(page).content.decode()
    token = TOKEN.search(gzipped)[1]
    assert token and gzipped.replace(token, "T") == TOKEN.sub(
        'name="csrfmiddlewaretoken" value="T"', plain
    )


def test_a_worker_reads_the_whole_page_from_the_cache_once_until_the_cache_is_emptied(
    monkeypatch,
):
    # Unpickling the cached page cost every request more than its gzip did.
    page = reverse("lessons:badacey")
    Client().get(page, **GZIP)
    asked: list[str] = []
    real = page_cache.cache

    class Counting:
        def get(self, key, default=None):
            asked.append(key)
            return real.get(key, default)

        def __getattr__(self, name):
            return getattr(real, name)

    monkeypatch.setattr(page_cache, "cache", Counting())
    for _ in range(3):
        unpacked(Client().get(page, **GZIP))
    assert asked and all(key.endswith(":stamp") for key in asked), asked
    # Emptied (as after a change behind the site's back), the page is made afresh.
    renders = []
    render = page_cache.render_blocks
    monkeypatch.setattr(
        page_cache, "render_blocks", lambda *args: renders.append(args) or render(*args)
    )
    real.clear()
    assert "Badacey" in unpacked(Client().get(page, **GZIP))
    assert len(renders) == 1
