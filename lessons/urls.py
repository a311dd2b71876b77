from __future__ import annotations

from django.urls import path

from . import exercise_views, practice_views, replay_views, views

app_name = "lessons"

urlpatterns = [
    path("", views.home, name="home"),
    path("badacey/", views.badacey, name="badacey"),
    path("badugi/", views.badugi, name="badugi"),
    path("games/", views.games, name="games"),
    path("exercises/<slug:slug>/", exercise_views.exercise_detail, name="exercise_detail"),
    path("exercises/<slug:slug>/check/", exercise_views.check_answer, name="check_answer"),
    path("exercises/<slug:slug>/answer/", exercise_views.answer, name="answer"),
    path("practice/", practice_views.practice_list, name="practice"),
    path("replay/<slug:slug>/", replay_views.replay_deal, name="replay"),
]
