"""Every hook between the site's features, declared in this one module.

A feature that must hear of a change another one makes (an answer stored, a
hand finished, a learner's progress deleted), or that adds its own part to
another's page or file, subscribes to a hook here from its ``apps.py``. The
feature that owns the change fires the hook from the service function that
makes it, inside that function's transaction, so a listener's writes commit
or roll back with the change. No hook is a model save signal: a queryset
``update()`` sends none, and a played hand ends through one.

Two kinds of hook:

- an *event* (``fire``): something happened; each subscriber does its part.
- a *question* (``ask``): each subscriber answers, and the caller combines
  the answers (the progress download's sections, the study page's queues).

This module imports nothing of the site's, so every layer may use it; the
arguments are documented on each hook rather than typed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Hook:
    """One named point where other features join in; subscribers run in order."""

    def __init__(self, name: str, fired_by: str, arguments: str) -> None:
        self.name = name
        self.fired_by = fired_by
        self.arguments = arguments
        self._subscribers: list[Callable[..., Any]] = []

    def subscribe(self, subscriber: Callable[..., Any]) -> None:
        """Add ``subscriber``, once: a second ``ready`` (tests) subscribes nothing twice."""
        if subscriber not in self._subscribers:
            self._subscribers.append(subscriber)

    @property
    def subscribers(self) -> tuple[Callable[..., Any], ...]:
        return tuple(self._subscribers)

    def fire(self, *args: Any) -> None:
        """An event: call every subscriber with ``args``."""
        for subscriber in self._subscribers:
            subscriber(*args)

    def ask(self, *args: Any) -> list[Any]:
        """A question: every subscriber's answer to ``args``, in subscription order."""
        return [subscriber(*args) for subscriber in self._subscribers]

    def __repr__(self) -> str:
        return f"<Hook {self.name}: {len(self._subscribers)} subscribers>"


# ---- Events ------------------------------------------------------------------
ANSWER_STORED = Hook(
    "answer stored",
    fired_by="lessons.learners.progress.record_attempt and record_drill_attempt",
    arguments="(learner, attempt, skill answers), after the skills moved, in its transaction",
)
# Subscribers: lessons.classes.records.after_answer (diagnosed mistakes, finished
# work), lti.completion.answer_stored (a finished graded link queues its score).

HAND_FINISHED = Hook(
    "hand finished",
    fired_by="play.hands.start and play.hands.act, when the hand they stored is over; "
    "tables.service.keep_graded_copy, for each person's copy of a finished live-table hand",
    arguments="(learner, hand), in the transaction that stored the hand's end",
)
# Subscriber: lti.completion.hand_finished (a "play N hands" link queues its score).

PROGRESS_DELETED = Hook(
    "progress deleted",
    fired_by="lessons.learners.progress.delete_progress",
    arguments="(learner), in the deletion's transaction, before the answers go",
)
# Subscriber: play.hands.delete_hands (the hands played, their grades and queue).

# ---- Questions ---------------------------------------------------------------
PROGRESS_EXPORT = Hook(
    "progress export",
    fired_by="lessons.learners.progress.export (the progress download)",
    arguments="(learner) -> a dict of the feature's sections, e.g. {'played_hands': [...]}",
)
# Subscriber: play.hands.export_hands.

STUDY_QUEUES = Hook(
    "study queues",
    fired_by="lessons.study.queues.other_queues (the study page)",
    arguments="(learner, now) -> lessons.study.queues.OtherQueue or None",
)
# Subscriber: play.decision_queue.study_queue.

HANDS_FOR_WORK = Hook(
    "hands for class work",
    fired_by="lessons.classes.status.Evidence.gather (a class's 'play N hands' work)",
    arguments="(assignment, users) -> {user id: lessons.classes.status.HandsPlayed}",
)
# Subscriber: play.class_work.hands_for.

HANDS_BY_GAME = Hook(
    "hands by game",
    fired_by="lessons.classes.status.hands_by_game (a learner's page for their teacher)",
    arguments="(user id) -> list of lessons.classes.status.GameHands",
)
# Subscriber: play.class_work.hands_by_game.

HOME_PANELS = Hook(
    "home panels",
    fired_by="lessons.pages.views.home (a returning learner's home page)",
    arguments="(request) -> (template name, context) or None: a panel home includes",
)
# Subscriber: tables.home.open_class_tables (the class tables a learner may join).

HOOKS = (
    ANSWER_STORED,
    HAND_FINISHED,
    PROGRESS_DELETED,
    PROGRESS_EXPORT,
    STUDY_QUEUES,
    HANDS_FOR_WORK,
    HANDS_BY_GAME,
    HOME_PANELS,
)
