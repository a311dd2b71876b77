"""Whole lesson pages rendered once per content version and served from the cache.

A lesson page is the same for every reader until a teacher edits a deal or a
new version of the code is deployed, yet it costs tens of milliseconds to
render. So the blocks a lesson template fills in ``base.html`` (its title,
description and content) are rendered once, without the request, and kept in
Django's cache (Redis when several app servers share one) under a key made of:

- the page's name;
- the code version (``code_version()``): a digest of the templates, the
  lesson content and the engine's source, or ``BADACEY_CODE_VERSION`` when the
  deploy names one, so a deploy never serves a page of the old code;
- the content version: the id, version and published flag of every stored
  deal the page can show, read by one small query on every request. Every
  edit through the site (the admin, an import, a publish action) moves a
  deal's version, so the next request asks for a key nobody has stored yet.

Each response renders ``base.html`` around the cached blocks (the header and
navigation can differ per visitor) and fills the page's slots
(``lessons.pages.slots``): the CSRF token of the exercise forms, which must never
be shared, and whatever per-learner pieces ``fills`` holds.

A change written straight into the database, behind the site's back, does
not move a version: clear the cache after one (``cache.clear()``).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Mapping
from functools import cache as memoize
from typing import Any

from django.core.cache import cache
from django.db import connections
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template import engines
from django.template.loader import get_template
from django.utils.cache import patch_vary_headers

from lessons.code_version import code_version
from lessons.pages import gzip_pieces, slots
from lessons.pages.minify import minify

TIMEOUT = 24 * 60 * 60  # old versions' pages simply age out
PARENT = "base.html"  # what every cached page extends
CACHED_BLOCKS = ("title", "description", "content")  # its blocks, each also a partial
CSRF_SLOT = "csrf"
# The exercise forms' token input gets this as its value (see render_blocks).
CSRF_MARKER = slots.marker(CSRF_SLOT)


def content_version(name: str, deals: Callable[[], QuerySet] | None) -> str:
    """A digest of the id, version and published flag of the deals a page can show.

    One query on every request, sent as plain SQL compiled once per page
    (``name``): the ORM would spend longer building it than the database
    spends answering it. A page's filter never changes, only its results.
    """
    if deals is None:
        return "-"
    sql, params, alias = _compiled.get(name) or _compile(name, deals)
    with connections[alias].cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:16]


_compiled: dict[str, tuple[str, tuple, str]] = {}


def _compile(name: str, deals: Callable[[], QuerySet]) -> tuple[str, tuple, str]:
    queryset = deals().order_by("pk").values_list("pk", "version", "published")
    sql, params = queryset.query.sql_with_params()
    _compiled[name] = (sql, tuple(params), queryset.db)
    return _compiled[name]


def page_key(name: str, deals: Callable[[], QuerySet] | None) -> str:
    """The cache key of page ``name``; ``deals`` gives the stored deals it can show."""
    return f"page:{name}:{code_version()}:{content_version(name, deals)}"


Blocks = dict[str, list[slots.Piece]]


class CachedBlocks(dict[str, list[slots.Piece]]):
    """A page's blocks, with the same blocks as a visitor with nothing of their own sees them.

    ``plain`` has every slot but the CSRF token's replaced by its default and the
    text around them joined, so for such a visitor (a newcomer, most of the
    traffic) the gzip response is a few long pieces deflated once, nearly as
    small as the whole page compressed at once; a learner with progress gets
    the finer pieces, each deflated once too.
    """

    plain: dict[str, list[slots.Piece]]
    slot_names: set[str]  # every slot of every block, found once when cached


def cached_blocks(
    name: str,
    template_name: str,
    deals: Callable[[], QuerySet] | None,
    context: Callable[[], dict],
    finish: Callable[[str], str] = str,  # applied to the rendered content block on a miss
) -> Blocks:
    """The page's rendered blocks, split at their slots, from the cache or rendered now.

    ``context`` is called only on a miss: building it is most of the cost.
    A block rendered now loses the whitespace no reader sees (``minify``)
    before it is stored.
    """
    key = page_key(name, deals)
    # The page as this worker last unpickled it, while the cache still holds
    # that copy (its stamp, a small value, says so; a cache.clear() drops it):
    # reading the whole page from the cache unpickled it on every request.
    stamp = cache.get(key + ":stamp")
    kept = _UNPICKLED.get(key)
    if stamp is not None and kept is not None and kept[0] == stamp:
        return kept[1]
    blocks = cache.get(key) if stamp is not None else None
    if blocks is None:
        rendered = render_blocks(template_name, context())
        rendered["content"] = finish(rendered["content"])
        # Minified here, on a miss only: every hit serves the smaller page for free.
        # Each large piece is also deflated here, once, for the gzip responses (respond).
        split = {block: slots.split(minify(html)) for block, html in rendered.items()}
        blocks = CachedBlocks((block, _precompressed(pieces)) for block, pieces in split.items())
        blocks.plain = {block: _plain(pieces) for block, pieces in split.items()}
        blocks.slot_names = _slot_names(blocks)
        stamp = secrets.token_hex(8)
        cache.set(key, blocks, TIMEOUT)
        cache.set(key + ":stamp", stamp, TIMEOUT)
    if len(_UNPICKLED) >= MOST_UNPICKLED:
        _UNPICKLED.clear()
    _UNPICKLED[key] = (stamp, blocks)
    return blocks


# key -> (stamp, blocks): each worker's unpickled copies of the pages it served.
_UNPICKLED: dict[str, tuple[str, Blocks]] = {}
MOST_UNPICKLED = 64


def _plain(pieces: list[slots.Piece]) -> list[slots.Piece]:
    """The pieces with every slot but the CSRF token's at its default, text joined and deflated."""
    flat: list[slots.Piece] = []
    _defaults(pieces, flat)
    # The text between the tokens, joined: [text, token, text, token, ..., text].
    texts: list[bytes] = [b""]
    for piece in flat:
        if isinstance(piece, bytes):
            texts[-1] += piece
        else:
            texts.append(b"")
    chained = iter(gzip_pieces.chain(texts))
    out: list[slots.Piece] = [next(chained)]
    for piece in flat:
        if not isinstance(piece, bytes):
            out += [piece, next(chained)]
    return out


def _defaults(pieces: list[slots.Piece], out: list[slots.Piece]) -> None:
    for piece in pieces:
        if isinstance(piece, bytes) or piece[0] == CSRF_SLOT:
            out.append(piece)
        elif isinstance(piece[1], bytes):
            out.append(piece[1])
        else:
            _defaults(piece[1], out)


def _precompressed(pieces: list[slots.Piece]) -> list[slots.Piece]:
    """The pieces with their text (block slots' defaults too) carrying its deflate data."""
    out: list[slots.Piece] = []
    for piece in pieces:
        if isinstance(piece, bytes):
            out.append(gzip_pieces.precompress(piece))
        elif isinstance(piece[1], list):
            out.append((piece[0], _precompressed(piece[1])))
        else:
            out.append(piece)
    return out


def render_blocks(template_name: str, context: dict) -> dict[str, str]:
    """Render each block of a page template that ``base.html`` shows, without a request.

    Each cached page wraps the body of its ``title``, ``description`` and
    ``content`` blocks in an inline partial of the same name, so Django renders
    one on its own by name (``"lessons/badugi.html#content"``), through the
    public template API. Rendering them without the request keeps anything
    about one visitor out of them; the exercise forms' CSRF token is left as
    a slot.
    """
    values = context | {"csrf_token": CSRF_MARKER}
    return {name: get_template(f"{template_name}#{name}").render(values) for name in CACHED_BLOCKS}


@memoize
def _shell(names: tuple[str, ...]) -> Any:
    """The page template every cached page extends, each of ``names`` holding a placeholder."""
    source = f'{{% extends "{PARENT}" %}}' + "".join(
        f"{{% block {name} %}}{_placeholder(name)}{{% endblock %}}" for name in names
    )
    return engines["django"].from_string(source)


def _placeholder(name: str) -> str:
    return f"<!--page-block:{name}-->"


# The page's header and footer as a newcomer sees them, by their whole text:
# a few per page (its menu marks the page), so each worker keeps them all.
_SHELLS: dict[str, list[tuple[bytes, str | None]]] = {}
MOST_SHELLS = 512


def _shell_texts(
    html: str, names: tuple[str, ...], plain: bool, token: str
) -> list[tuple[bytes, str | None]]:
    """The parent page's text between the blocks: [(text, the block after it or None)].

    For a plain page (``plain``: no fills but the CSRF ``token``) the texts
    are deflated once per distinct header and kept (``_SHELLS``), so the gzip
    response of a page served from the cache compresses nothing of
    its own but the token: the whole page's deflate data was made before.
    The header holds nothing of one visitor's (no token: the check below
    makes sure), only what the menu shows them.
    """
    kept = _SHELLS.get(html) if plain else None
    if kept is not None:
        return kept
    found: list[tuple[bytes, str | None]] = []
    position = 0
    for start, name in sorted((html.find(_placeholder(n)), n) for n in names):
        if start < 0:
            continue  # the parent did not show this block
        found.append((html[position:start].encode(), name))
        position = start + len(_placeholder(name))
    found.append((html[position:].encode(), None))
    if plain and (not token or token not in html):
        found = [(gzip_pieces.Precompressed.of(text), name) for text, name in found]
        if len(_SHELLS) >= MOST_SHELLS:
            _SHELLS.clear()
        _SHELLS[html] = found
    return found


def _slot_names(blocks: Blocks) -> set[str]:
    return set().union(*(slots.names(pieces) for pieces in blocks.values()))


def respond(
    request: HttpRequest,
    template_name: str,
    blocks: Blocks,
    fills: Mapping[str, str] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The whole page: the parent template around ``blocks``, every slot filled.

    The parent is rendered for this request with a placeholder per block;
    the cached blocks go in as bytes, so the large part of the page is
    neither searched nor encoded again. A request that accepts gzip gets the
    page gzipped here, the cached text's deflate data reused
    (``gzip_pieces``), so GZipMiddleware, which leaves an encoded response
    alone, does not compress it all again.
    """
    all_fills = dict(fills or {})
    names_found = getattr(blocks, "slot_names", None)
    if names_found is None:
        names_found = _slot_names(blocks)
    if CSRF_SLOT not in all_fills and CSRF_SLOT in names_found:
        # Asked only when a form is on the page, so a page without one sets no cookie.
        all_fills[CSRF_SLOT] = get_token(request)
    plain = getattr(blocks, "plain", None)
    if plain is not None and set(all_fills) <= {CSRF_SLOT}:
        blocks = plain  # the same page for this visitor, in fewer, larger pieces
    names = tuple(sorted(blocks))
    html = slots.fill(_shell(names).render(request=request), all_fills)
    between = _shell_texts(html, names, blocks is plain, all_fills.get(CSRF_SLOT, ""))
    parts: list[bytes] = []
    for text, name in between:
        parts.append(text)
        if name is not None:
            slots.join(blocks[name], all_fills, parts)
    if not gzip_pieces.accepts_gzip(request.META.get("HTTP_ACCEPT_ENCODING", "")):
        response = HttpResponse(b"".join(parts), status=status)
    else:
        response = HttpResponse(gzip_pieces.gzip_body(parts), status=status)
        response.headers["Content-Encoding"] = "gzip"
    # Either way the body depends on Accept-Encoding, and a shared cache must know it.
    patch_vary_headers(response, ("Accept-Encoding",))
    return response
