from __future__ import annotations

from django.urls import path

from badacey_site import ids  # noqa: F401  (registers the <id:...> path converter)
from play import views

app_name = "play"

urlpatterns = [
    path("", views.start, name="start"),
    path("history/", views.history, name="history"),
    path("practise/", views.practise_queue, name="queue"),
    path("spot/", views.spot, name="spot"),
    path("spot/math/", views.spot_math, name="spot_math"),
    path("<id:hand_id>/", views.table, name="table"),
    path("<id:hand_id>/act", views.act, name="act"),
    path("<id:hand_id>/state.json", views.state_json, name="state"),
    path("<id:hand_id>/next", views.next_hand, name="next"),
    path("<id:hand_id>/review/", views.review, name="review"),
    path("<id:hand_id>/review/math/<id:step>/", views.review_math, name="review_math"),
    path("<id:hand_id>/hand.phh", views.phh, name="phh"),
    path("<id:hand_id>/practise/<id:step>/", views.practise, name="practise"),
    path("<id:hand_id>/practise/<id:step>/queue", views.queue_decision, name="queue_decision"),
]
