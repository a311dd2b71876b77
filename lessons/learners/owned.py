"""Every table that keeps rows for one learner, found by its shape.

A learner's rows are owned by an account (``user``) or, before signing up,
by the browser's session key (``learner_key``); every such table has both
columns. Finding the tables by that shape, instead of listing them, means a
feature that adds one (the review log, played hands) is covered by "delete
my progress" from its first migration: ``sweep`` runs last in the deletion
and removes whatever the features' own hooks left.
"""

from __future__ import annotations

from django.apps import apps
from django.db import models

from lessons.learners.models import Learner


def owned_models() -> list[type[models.Model]]:
    """Every installed model with a ``user`` foreign key and a ``learner_key`` column."""
    found = []
    for model in apps.get_models():
        names = {f.name for f in model._meta.get_fields()}
        if {"user", "learner_key"} <= names:
            found.append(model)
    return sorted(found, key=lambda m: m._meta.label)


def rows_of(model: type[models.Model], learner: Learner) -> models.QuerySet:
    if learner.user_id is not None:
        return model._default_manager.filter(user_id=learner.user_id)
    if learner.key:
        return model._default_manager.filter(user=None, learner_key=learner.key)
    return model._default_manager.none()


def sweep(learner: Learner) -> dict[str, int]:
    """Delete this learner's rows from every owned table; how many went, per table."""
    gone = {}
    for model in owned_models():
        deleted, _ = rows_of(model, learner).delete()
        if deleted:
            gone[model._meta.label] = deleted
    return gone
