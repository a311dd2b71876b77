"""Review queues kept by features above the study one, listed on the study page.

The study table (the ``play`` app) keeps decisions a learner chose to
practise again. Lessons never imports it: a feature answers
``lessons.events.STUDY_QUEUES`` (subscribed from its ``AppConfig.ready``) and
the study page shows what it returns beside the skills' own reviews.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from lessons import events
from lessons.models import Learner


@dataclass(frozen=True)
class OtherQueue:
    """One queue in words: "3 of 5 decisions due", and where to practise them."""

    noun: str  # singular, e.g. "decision from your hands"
    plural: str
    due: int
    total: int
    url: str


def other_queues(learner: Learner, now: datetime) -> list[OtherQueue]:
    """Every registered queue that holds something for this learner."""
    found = events.STUDY_QUEUES.ask(learner, now)
    return [q for q in found if q is not None and q.total]
