"""The app's tables, each defined in its feature's folder and registered here.

``lessons`` stays one Django app with one label, so the tables, permissions,
content types and admin URLs are the same as when every model lived in this
file; each feature keeps its own tables beside its code:

- ``lessons/deals/models.py``: ``Deal`` and ``LoadedContent``;
- ``lessons/learners/models.py``: the ``Learner`` identity, ``Attempt``,
  ``ChecklistTicks`` and the rows kept with each answer (``DealProgress``,
  ``DealFigures``, ``LearnerActivity``);
- ``lessons/study/models.py``: ``SkillState``, ``StudySession``, ``StudyItem``;
- ``lessons/memory/models.py``: ``ReviewLog``, ``FittedParameters``, ``CalibrationReport``,
  ``RetentionChoice``;
- ``lessons/hands/models.py``: ``RealHand``;
- ``lessons/classes/models.py``: ``Classroom``, ``Membership``, ``Assignment``,
  ``AssignmentFinish``, ``Removal``, ``DiagnosedMistake``, ``ManagedAccount``;
- ``badacey_site/limit_counts.py``: the request limits' ``LimitCount``, beside
  ``badacey_site/shared_counts.py``, which counts with it (the site's plumbing
  never imports from the apps above it).

Django loads this module to find the app's models; the rest of the code may
import from here or from the feature's own module.
"""

from __future__ import annotations

from badacey_site.limit_counts import LimitCount
from lessons.classes.models import (
    JOIN_ALPHABET,
    JOIN_CODE_LENGTH,
    Assignment,
    AssignmentFinish,
    Classroom,
    DiagnosedMistake,
    ManagedAccount,
    Membership,
    Removal,
)
from lessons.deals.models import (
    CONTENT_FIELDS,
    MAX_SEATS,
    NAME_FORBIDDEN,
    PRESENTATION_FIELDS,
    SEAT_KEYS,
    Deal,
    DealQuerySet,
    LoadedContent,
    StaleDealError,
    deal_url,
    game_choices,
    section_choices,
)
from lessons.hands.models import RealHand, RealHandQuerySet
from lessons.learners.models import (
    Attempt,
    ChecklistTicks,
    DealFigures,
    DealProgress,
    Learner,
    LearnerActivity,
    OwnedByLearner,
    OwnedQuerySet,
)
from lessons.memory.models import (
    CalibrationReport,
    FittedParameters,
    RetentionChoice,
    ReviewLog,
)
from lessons.study.models import SkillState, StudyItem, StudySession

__all__ = [
    "CONTENT_FIELDS",
    "JOIN_ALPHABET",
    "JOIN_CODE_LENGTH",
    "MAX_SEATS",
    "NAME_FORBIDDEN",
    "PRESENTATION_FIELDS",
    "SEAT_KEYS",
    "Assignment",
    "AssignmentFinish",
    "Attempt",
    "CalibrationReport",
    "ChecklistTicks",
    "Classroom",
    "Deal",
    "DealFigures",
    "DealProgress",
    "DealQuerySet",
    "DiagnosedMistake",
    "FittedParameters",
    "Learner",
    "LearnerActivity",
    "LimitCount",
    "LoadedContent",
    "ManagedAccount",
    "Membership",
    "OwnedByLearner",
    "OwnedQuerySet",
    "Removal",
    "RealHand",
    "RealHandQuerySet",
    "RetentionChoice",
    "ReviewLog",
    "SkillState",
    "StaleDealError",
    "StudyItem",
    "StudySession",
    "deal_url",
    "game_choices",
    "section_choices",
]
