"""Django is booted for these tests; see tests/django_setup.py."""

from __future__ import annotations

from tests.django_setup import _empty_cache, _fast_password_hashes  # noqa: F401  (registers them)
