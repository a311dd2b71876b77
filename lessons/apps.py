from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import post_migrate


class LessonsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lessons"
    verbose_name = "Lessons"

    def ready(self) -> None:
        # The deal admin lives with the rest of teaching, not at lessons/admin.py
        # where autodiscover looks; importing it registers it, as the check below is.
        from lessons.teaching import admin, checks  # noqa: F401

        from .content.loader import load_after_migrate

        # After every migrate (and a test database's flush), load the lesson
        # content the database has never had; see lessons/content/loader.py.
        post_migrate.connect(load_after_migrate, sender=self, dispatch_uid="lessons-content")

        from lessons.teaching.teachers_group import ensure_teachers_group

        # A flush (tests, a restore) empties the Teachers group's row; make it again.
        post_migrate.connect(ensure_teachers_group, sender=self, dispatch_uid="lessons-teachers")

        from django.contrib.auth.signals import user_logged_in

        from lessons.learners.progress import adopt_session_progress

        # Signing up or in keeps what the learner did before, now on the account.
        user_logged_in.connect(adopt_session_progress, dispatch_uid="lessons-adopt-progress")

        from badacey_site import sign_in_limits

        # Failed sign-ins count towards the limits; deleting an account forgets its sign-ins.
        sign_in_limits.connect()

        from lessons import events
        from lessons.classes import records as class_records
        from lessons.learners import deal_figures

        # Each answer's diagnosed mistakes are kept for the class reports
        # (every hook between features is declared in lessons/events.py).
        events.ANSWER_STORED.subscribe(class_records.after_answer)

        # A deleted account's answers leave the deals' figures with it.
        deal_figures.connect()
