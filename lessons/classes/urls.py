"""URLs of the teacher area (``/teach/``) and of joining a class (``/classes/``)."""

from __future__ import annotations

from django.urls import path

from badacey_site import ids  # noqa: F401  (registers the <id:...> path converter)
from lessons.classes import account_views, join_views, manage_views, views

app_name = "classes"

urlpatterns = [
    path("teach/", views.teach_home, name="teach"),
    path("teach/<id:class_id>/", views.class_page, name="class_page"),
    path("teach/<id:class_id>/grid.csv", views.class_csv, name="class_csv"),
    path("teach/<id:class_id>/joining/", views.set_joining, name="set_joining"),
    path("teach/<id:class_id>/new-code/", views.new_code, name="new_code"),
    path("teach/<id:class_id>/teachers/", views.add_teacher, name="add_teacher"),
    path("teach/<id:class_id>/assign/", views.assign, name="assign"),
    path("teach/<id:class_id>/learners/<id:user_id>/", views.learner_page, name="learner_page"),
    path(
        "teach/<id:class_id>/assignments/<id:assignment_id>/",
        views.assignment_page,
        name="assignment_page",
    ),
    path(
        "teach/<id:class_id>/assignments/<id:assignment_id>/work.csv",
        views.assignment_csv,
        name="assignment_csv",
    ),
    path(
        "teach/<id:class_id>/assignments/<id:assignment_id>/edit/",
        manage_views.edit_assignment,
        name="edit_assignment",
    ),
    path(
        "teach/<id:class_id>/assignments/<id:assignment_id>/delete/",
        manage_views.delete_assignment,
        name="delete_assignment",
    ),
    path("teach/<id:class_id>/rename/", manage_views.rename_class, name="rename_class"),
    path("teach/<id:class_id>/archive/", manage_views.set_archived, name="set_archived"),
    path("teach/<id:class_id>/delete/", manage_views.delete_class, name="delete_class"),
    path(
        "teach/<id:class_id>/learners/<id:user_id>/remove/",
        manage_views.remove_learner,
        name="remove_learner",
    ),
    path(
        "teach/<id:class_id>/teachers/<id:user_id>/remove/",
        manage_views.remove_teacher,
        name="remove_teacher",
    ),
    path("teach/<id:class_id>/accounts/", account_views.accounts, name="accounts"),
    path("teach/<id:class_id>/accounts/cards/", account_views.cards, name="cards"),
    path(
        "teach/<id:class_id>/accounts/<id:user_id>/reset/",
        account_views.reset,
        name="reset_account",
    ),
    path("classes/pictures/<str:code>/", account_views.picture_names, name="picture_names"),
    path(
        "classes/pictures/<str:code>/<str:username>/",
        account_views.picture_sign_in,
        name="picture_sign_in",
    ),
    path("classes/join/", join_views.join, name="join"),
    path("classes/join/<str:code>/", join_views.join_code, name="join_code"),
    path("classes/<id:class_id>/leave/", join_views.leave, name="leave"),
    path(
        "classes/removed/<id:removal_id>/dismiss/",
        manage_views.dismiss_removal,
        name="dismiss_removal",
    ),
]
