"""URLs of live tables (``/tables/``) and the teacher's room (``/teach/<class>/tables/``)."""

from __future__ import annotations

from django.urls import path

from badacey_site import ids  # noqa: F401  (registers the <id:...> path converter)
from tables import views

app_name = "tables"

urlpatterns = [
    path("tables/", views.lobby, name="lobby"),
    path("tables/open/", views.open_friends_table, name="open"),
    path("tables/join/", views.join_with_code, name="join"),
    path("tables/<id:table_id>/", views.table, name="table"),
    path("tables/<id:table_id>/state.json", views.state_json, name="state"),
    path("tables/<id:table_id>/act", views.act, name="act"),
    path("tables/<id:table_id>/sit", views.sit, name="sit"),
    path("tables/<id:table_id>/leave", views.leave, name="leave"),
    path("tables/<id:table_id>/back", views.back, name="back"),
    path("tables/<id:table_id>/next", views.next_hand, name="next"),
    path("tables/<id:table_id>/tick", views.tick, name="tick"),
    path("tables/<id:table_id>/pause", views.pause, name="pause"),
    path("tables/<id:table_id>/resume", views.resume, name="resume"),
    path("tables/<id:table_id>/close", views.close, name="close"),
    path("tables/<id:table_id>/hands/<id:number>/", views.hand_replay, name="hand"),
    path("teach/<id:class_id>/tables/", views.class_tables, name="class_tables"),
    path("teach/<id:class_id>/tables/match/", views.start_match, name="start_match"),
    path("teach/matches/<id:match_id>/", views.match, name="match"),
]
