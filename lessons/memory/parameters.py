"""Which FSRS parameters schedule a learner: their own fitted set, else the site's, else defaults.

The nightly fit (``lessons.memory.fit``) stores the sets; this module only
reads the active ones. A stored set the scheduler cannot take (a hand edit
gone wrong) is passed over, so a bad row can never stop answers being saved.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q
from fsrs import Scheduler

from lessons.models import FittedParameters, Learner

DEFAULTS, SITE, OWN = "defaults", "site", "own"


@dataclass(frozen=True)
class InUse:
    """The set that schedules a learner, and where it came from."""

    source: str  # DEFAULTS, SITE or OWN
    parameters: tuple[float, ...] | None  # None: the fsrs package's defaults
    since: datetime | None = None
    reviews: int = 0

    @property
    def words(self) -> str:
        if self.source == OWN:
            return "FSRS settings fitted to your own answers"
        if self.source == SITE:
            return "FSRS settings fitted to every learner's answers on this site"
        return "the FSRS scheduler's standard settings"


STANDARD = InUse(DEFAULTS, None)


def usable(values: object) -> tuple[float, ...] | None:
    """The stored weights as the scheduler takes them, or None if it would refuse them."""
    if not isinstance(values, list) or not all(isinstance(v, int | float) for v in values):
        return None
    weights = tuple(float(v) for v in values)
    try:
        Scheduler(parameters=weights)
    except (ValueError, TypeError):
        return None
    return weights


def in_use(learner: Learner) -> InUse:
    """The learner's active set, else the site's, else the defaults (one small query).

    At most two rows match (one active set per owner and one for the site),
    read by the partial unique indexes that keep them one each.
    """
    wanted = Q(scope=FittedParameters.SITE)
    if learner.user_id is not None:
        wanted |= Q(scope=FittedParameters.LEARNER, user_id=learner.user_id)
    elif learner.key:
        wanted |= Q(scope=FittedParameters.LEARNER, user=None, learner_key=learner.key)
    rows = (
        FittedParameters.objects.filter(wanted, active=True)
        .order_by()
        .values_list("scope", "parameters", "fitted_at", "reviews")
    )
    found = {scope: (weights, at, reviews) for scope, weights, at, reviews in rows}
    for scope, source in ((FittedParameters.LEARNER, OWN), (FittedParameters.SITE, SITE)):
        if scope in found:
            values, at, reviews = found[scope]
            weights = usable(values)
            if weights is not None:
                return InUse(source, weights, at, reviews)
    return STANDARD
