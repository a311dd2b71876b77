"""URLs of the teacher area (``/teach/``) and of joining a class (``/classes/``)."""

from __future__ import annotations

from django.urls import path

from lessons.classes import join_views, views

app_name = "classes"

urlpatterns = [
    path("teach/", views.teach_home, name="teach"),
    path("teach/<int:class_id>/", views.class_page, name="class_page"),
    path("teach/<int:class_id>/grid.csv", views.class_csv, name="class_csv"),
    path("teach/<int:class_id>/joining/", views.set_joining, name="set_joining"),
    path("teach/<int:class_id>/new-code/", views.new_code, name="new_code"),
    path("teach/<int:class_id>/teachers/", views.add_teacher, name="add_teacher"),
    path("teach/<int:class_id>/assign/", views.assign, name="assign"),
    path("teach/<int:class_id>/learners/<int:user_id>/", views.learner_page, name="learner_page"),
    path("classes/join/", join_views.join, name="join"),
    path("classes/join/<str:code>/", join_views.join_code, name="join_code"),
    path("classes/<int:class_id>/leave/", join_views.leave, name="leave"),
]
