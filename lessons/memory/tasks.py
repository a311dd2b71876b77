"""The nightly fit as a background task, run by ``manage.py db_worker``.

A timer queues it once a night (``manage.py fit_memory --queue``; see
docs/operations.md); ``manage.py fit_memory`` runs it at once.
"""

from __future__ import annotations

from django.tasks import task

from lessons.memory import fit


@task
def fit_memory() -> dict[str, object]:
    """Fit and store the site's and each learner's FSRS parameters; returns a short report."""
    return fit.run().as_dict()
