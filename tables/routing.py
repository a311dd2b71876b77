from __future__ import annotations

from django.urls import path

from badacey_site import ids  # noqa: F401  (registers the <id:...> path converter)
from tables.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/tables/<id:table_id>/", TableConsumer.as_asgi()),
]
