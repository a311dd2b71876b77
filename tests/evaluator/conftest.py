"""The evaluator's tests need no Django: they also run with ``-p no:django``.

The suite-wide fixture that empties the cache before each test imports
Django; here it does so only when the Django plugin is loaded, so the plain
library can be tested without the site around it.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _empty_cache(request):
    if request.config.pluginmanager.hasplugin("django"):
        from django.core.cache import cache

        cache.clear()
    yield
