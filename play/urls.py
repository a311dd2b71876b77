from __future__ import annotations

from django.urls import path

from play import views

app_name = "play"

urlpatterns = [
    path("", views.start, name="start"),
    path("history/", views.history, name="history"),
    path("practise/", views.practise_queue, name="queue"),
    path("spot/", views.spot, name="spot"),
    path("spot/math/", views.spot_math, name="spot_math"),
    path("<int:hand_id>/", views.table, name="table"),
    path("<int:hand_id>/act", views.act, name="act"),
    path("<int:hand_id>/state.json", views.state_json, name="state"),
    path("<int:hand_id>/next", views.next_hand, name="next"),
    path("<int:hand_id>/review/", views.review, name="review"),
    path("<int:hand_id>/review/math/<int:step>/", views.review_math, name="review_math"),
    path("<int:hand_id>/hand.phh", views.phh, name="phh"),
    path("<int:hand_id>/practise/<int:step>/", views.practise, name="practise"),
    path("<int:hand_id>/practise/<int:step>/queue", views.queue_decision, name="queue_decision"),
]
