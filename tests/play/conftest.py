"""Django is booted for these tests; see tests/django_setup.py."""

from __future__ import annotations

from tests.django_setup import (  # noqa: F401  (registers them)
    _empty_cache,
    _fast_password_hashes,
    _flush_restores_content_from_a_copy,
    _pages_rendered_once,
)
