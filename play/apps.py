from __future__ import annotations

from django.apps import AppConfig


class PlayConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "play"
    label = "play"
    verbose_name = "Study table"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from play.hands import adopt_session_hands

        # Listed before lessons in INSTALLED_APPS so this runs before lessons'
        # own receiver, which forgets the session's learner key once it is done.
        user_logged_in.connect(adopt_session_hands, dispatch_uid="play-adopt-hands")

        # The hooks into lessons, each declared in lessons/events.py.
        from lessons import events
        from play.class_work import hands_by_game, hands_for
        from play.decision_queue import study_queue
        from play.hands import delete_hands, export_hands

        # "Delete my progress" deletes the hands played too ...
        events.PROGRESS_DELETED.subscribe(delete_hands)
        # ... and the progress download includes them.
        events.PROGRESS_EXPORT.subscribe(export_hands)
        # The study page lists the decisions queued to practise again.
        events.STUDY_QUEUES.subscribe(study_queue)
        # A class's "play N hands" work counts the hands played here, and a
        # learner's page for their teacher sums them by game.
        events.HANDS_FOR_WORK.subscribe(hands_for)
        events.HANDS_BY_GAME.subscribe(hands_by_game)
