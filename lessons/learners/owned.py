"""Every table that keeps rows for one learner: the subclasses of ``OwnedByLearner``.

A learner's rows are owned by an account (``user``) or, before signing up,
by the browser's session key (``learner_key``), and every such table takes
both columns from ``lessons.learners.models.OwnedByLearner``. Finding the
tables as its subclasses, instead of listing them, means a feature that
adds one (the review log, played hands) is covered by "delete my progress"
from its first migration: ``sweep`` runs last in the deletion and removes
whatever the features' own hooks left.
"""

from __future__ import annotations

from django.apps import apps

from lessons.learners.models import Learner, OwnedByLearner


def owned_models() -> list[type[OwnedByLearner]]:
    """Every installed model that is owned by a learner."""
    found = [model for model in apps.get_models() if issubclass(model, OwnedByLearner)]
    return sorted(found, key=lambda m: m._meta.label)


def sweep(learner: Learner) -> dict[str, int]:
    """Delete this learner's rows from every owned table; how many went, per table."""
    gone = {}
    for model in owned_models():
        deleted, _ = model.objects.of_learner(learner).delete()
        if deleted:
            gone[model._meta.label] = deleted
    return gone
