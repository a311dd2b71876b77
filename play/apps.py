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

        from lessons.learners import progress
        from play.hands import delete_hands

        # "Delete my progress" deletes the hands played too.
        if delete_hands not in progress.ON_DELETE_PROGRESS:
            progress.ON_DELETE_PROGRESS.append(delete_hands)
        from play.hands import export_hands

        # ... and the progress download includes them.
        if export_hands not in progress.EXPORT_SECTIONS:
            progress.EXPORT_SECTIONS.append(export_hands)

        from lessons.study import queues
        from play.decision_queue import study_queue

        # The study page lists the decisions queued to practise again.
        if study_queue not in queues.OTHER_QUEUES:
            queues.OTHER_QUEUES.append(study_queue)

        from lessons.classes import status
        from play.class_work import hands_by_game, hands_for

        # A class's "play N hands" work counts the hands played here, and a
        # learner's page for their teacher sums them by game.
        if hands_for not in status.HAND_COUNTERS:
            status.HAND_COUNTERS.append(hands_for)
        if hands_by_game not in status.HAND_SUMMARIES:
            status.HAND_SUMMARIES.append(hands_by_game)
