"""URLs of the teacher area (``/teach/``) and of joining a class (``/classes/``)."""

from __future__ import annotations

from django.urls import path

from lessons.classes import account_views, join_views, manage_views, views

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
    path(
        "teach/<int:class_id>/assignments/<int:assignment_id>/",
        views.assignment_page,
        name="assignment_page",
    ),
    path(
        "teach/<int:class_id>/assignments/<int:assignment_id>/work.csv",
        views.assignment_csv,
        name="assignment_csv",
    ),
    path(
        "teach/<int:class_id>/assignments/<int:assignment_id>/edit/",
        manage_views.edit_assignment,
        name="edit_assignment",
    ),
    path(
        "teach/<int:class_id>/assignments/<int:assignment_id>/delete/",
        manage_views.delete_assignment,
        name="delete_assignment",
    ),
    path("teach/<int:class_id>/rename/", manage_views.rename_class, name="rename_class"),
    path("teach/<int:class_id>/archive/", manage_views.set_archived, name="set_archived"),
    path("teach/<int:class_id>/delete/", manage_views.delete_class, name="delete_class"),
    path(
        "teach/<int:class_id>/learners/<int:user_id>/remove/",
        manage_views.remove_learner,
        name="remove_learner",
    ),
    path(
        "teach/<int:class_id>/teachers/<int:user_id>/remove/",
        manage_views.remove_teacher,
        name="remove_teacher",
    ),
    path("teach/<int:class_id>/accounts/", account_views.accounts, name="accounts"),
    path("teach/<int:class_id>/accounts/cards/", account_views.cards, name="cards"),
    path(
        "teach/<int:class_id>/accounts/<int:user_id>/reset/",
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
    path("classes/<int:class_id>/leave/", join_views.leave, name="leave"),
    path(
        "classes/removed/<int:removal_id>/dismiss/",
        manage_views.dismiss_removal,
        name="dismiss_removal",
    ),
]
