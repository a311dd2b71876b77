"""Live-table tests hear each other through the in-memory channel layer.

The PostgreSQL run sets REDIS_URL, which makes the site's layer Redis; these
tests drive every socket from threads with event loops of their own, and
channels-redis keeps its connections per loop. The Redis layer itself is
measured by bench.live against real servers.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def in_memory_channel_layer(settings):
    from channels.layers import channel_layers

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends = {}
    yield
    channel_layers.backends = {}
