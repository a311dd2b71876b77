"""The version of the code that computes what the site shows, for cache keys.

Cached lesson pages, worked answers and odds answers are all computed from
the code; a key that names the code version means a deploy never serves what
the old code computed. It sits at the bottom of the app (it imports nothing
of ``lessons``), so every feature's cache can use it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from functools import cache as memoize
from pathlib import Path

from django.dispatch import receiver
from django.utils.autoreload import file_changed

ROOT = Path(__file__).resolve().parent.parent
# What a page's HTML is computed from, besides the database.
SOURCES = ("templates", "lessons", "evaluator", "static")
SOURCE_SUFFIXES = {".py", ".html", ".txt", ".json", ".css", ".js", ".svg"}


def code_version() -> str:
    """A short digest naming the code that renders the pages.

    ``BADACEY_CODE_VERSION`` (a release tag or commit) wins when set.
    Otherwise the files themselves are digested once per process, so two
    servers running the same release share their cached pages. The
    development server restarts when Python changes but only reloads
    templates, so each template edit it reports also moves the version.
    """
    named = os.environ.get("BADACEY_CODE_VERSION", "").strip()
    if named:
        return hashlib.sha256(named.encode()).hexdigest()[:16]
    return f"{_content_digest()}.{_edits_seen}"


@memoize
def _content_digest() -> str:
    digest = hashlib.sha256()
    for path in _source_files():
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _source_files() -> Iterable[Path]:
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in SOURCE_SUFFIXES and "__pycache__" not in path.parts:
                yield path


_edits_seen = 0


@receiver(file_changed)
def _count_edit(sender: object, file_path: Path, **kwargs: object) -> None:
    """runserver saw a file change (it reloads templates without restarting)."""
    global _edits_seen
    _edits_seen += 1
