from __future__ import annotations

from django.urls import path

from . import views

app_name = "lessons"

urlpatterns = [
    path("", views.home, name="home"),
    path("badacey/", views.badacey, name="badacey"),
]
