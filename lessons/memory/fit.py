"""The nightly fit: FSRS parameters for the whole site and for each learner with enough reviews.

The optimizer is the one Anki ships (fsrs-rs, through ``fsrs-rs-python``;
no torch). Its input is one item per review that has a review on an earlier
day before it: the card's history up to that review, gaps in whole UTC
days. Its own floors decide what can be fitted:

- fewer than ``DEFAULTS_FLOOR`` (8) items it keeps after its outlier filter:
  it returns the defaults unchanged;
- fewer than ``FIT_FLOOR`` (64), or none with two earlier-day reviews: it
  fits only the four first-review stabilities;
- from ``FIT_FLOOR`` on it fits every weight.

A set is made only past ``FIT_FLOOR``, for the site (everyone's reviews)
and for each learner (their own). The outlier filter drops, for each first
rating, the rarest first gaps until at least 20 items are gone; so a rating
group needs more than 20 cards before anything of it is kept. A learner has
one card per skill (17), so with the filter on no learner alone could ever
be fitted. It is meant for Anki collections of thousands of cards; it stays
on for the site's fit and is turned off (``FSRS_NO_OUTLIER``, which the
optimizer reads) for a learner's, whose floor is then ``FIT_FLOOR`` items.

Each fit keeps the latest fifth of the items (by the time of their last
review) out of training and measures the log loss there: of the new set,
of the set it would replace (the site's for a learner, else the defaults),
of the defaults for the record, and of two baselines that share nothing
with FSRS (the learner's own share right, the site's share right per skill:
``lessons.memory.evaluation``). A new set becomes active only if it does at
least as well as the one it would replace and better than both baselines on
those held-out reviews, and, for the site's set, if fitting also beat the
defaults and both baselines over ``evaluation.FOLDS`` time folds of every
learner's reviews (what ``/about/memory/`` shows); otherwise it is stored
inactive, so a bad fit is visible without ever scheduling anyone. Everything is written in
one transaction at the end, so a fit that dies half-way changes nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS, FSRSItem, FSRSReview, filter_outlier

from lessons.memory import calibration, evaluation
from lessons.memory.parameters import usable
from lessons.models import FittedParameters, ReviewLog

DEFAULTS_FLOOR = 8
FIT_FLOOR = 64
NO_OUTLIER = "FSRS_NO_OUTLIER"
HELD_OUT = 0.2  # the share of items, the latest, kept out of training

Owner = tuple[int | None, str]  # (user id, learner key)


@dataclass
class Timed:
    """One optimizer item, when its last review was, and its (rating, gap in days) pairs."""

    at: datetime
    item: FSRSItem
    raw: tuple[tuple[int, int], ...] = ()
    owner: tuple[int | None, str] | None = None
    skill: str = ""


@dataclass
class Outcome:
    """What one fit made (for the task's result and the command's report)."""

    scope: str
    owner: Owner | None
    reviews: int
    log_loss: float | None
    default_log_loss: float | None
    active: bool


@dataclass
class Report:
    site: Outcome | None = None
    learners: list[Outcome] = field(default_factory=list)
    skipped: int = 0  # learners below the floor

    def as_dict(self) -> dict[str, object]:
        return {
            "site": vars(self.site) if self.site else None,
            "learners_fitted": len(self.learners),
            "learners_active": sum(1 for o in self.learners if o.active),
            "learners_below_floor": self.skipped,
        }


def histories(
    rows: Iterable[tuple[int | None, str, str, datetime, int]],
) -> Iterator[tuple[Owner, list[tuple[datetime, int]]]]:
    """Each (owner, skill)'s reviews in time order, from rows sorted by owner, skill and time."""
    for owner, _, found in skill_histories(rows):
        yield owner, found


def skill_histories(
    rows: Iterable[tuple[int | None, str, str, datetime, int]],
) -> Iterator[tuple[Owner, str, list[tuple[datetime, int]]]]:
    """``histories`` with the skill each one is of."""
    key: tuple[int | None, str, str] | None = None
    found: list[tuple[datetime, int]] = []
    for user, learner_key, skill, at, rating in rows:
        if (user, learner_key, skill) != key:
            if key is not None and found:
                yield (key[0], key[1]), key[2], found
            key, found = (user, learner_key, skill), []
        found.append((at, rating))
    if key is not None and found:
        yield (key[0], key[1]), key[2], found


def items_of(history: Sequence[tuple[datetime, int]]) -> list[Timed]:
    """The optimizer's items for one card: each review after one on an earlier day."""
    reviews: list[FSRSReview] = []
    raw: list[tuple[int, int]] = []
    timed: list[Timed] = []
    last = None
    for at, rating in history:
        day = at.date()
        gap = (day - last).days if last is not None else 0
        reviews.append(FSRSReview(int(rating), gap))
        raw.append((int(rating), gap))
        last = day
        item = FSRSItem(list(reviews))
        if item.long_term_review_cnt() > 0:
            timed.append(Timed(at, item, tuple(raw)))
    return timed


def kept_by_optimizer(items: Sequence[FSRSItem], outliers: bool = True) -> tuple[int, int]:
    """How many items the optimizer keeps (after its outlier filter when ``outliers``), and
    how many of those have two or more earlier-day reviews (its full fit needs some)."""
    first = [i for i in items if i.long_term_review_cnt() == 1]
    later = [i for i in items if i.long_term_review_cnt() > 1]
    if outliers:
        first, later = filter_outlier(first, later)
    return len(first) + len(later), len(later)


def can_fit(items: Sequence[FSRSItem], outliers: bool = True) -> bool:
    kept, later = kept_by_optimizer(items, outliers)
    return kept >= FIT_FLOOR and later > 0


@contextmanager
def outlier_filter(on: bool) -> Iterator[None]:
    """The optimizer's outlier filter on or off for the calls inside (it reads the environment)."""
    before = os.environ.get(NO_OUTLIER)
    if on:
        os.environ.pop(NO_OUTLIER, None)
    else:
        os.environ[NO_OUTLIER] = "1"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(NO_OUTLIER, None)
        else:
            os.environ[NO_OUTLIER] = before


def split(timed: Sequence[Timed]) -> tuple[list[Timed], list[Timed]]:
    """Training items and the held-out latest ones."""
    ordered = sorted(timed, key=lambda t: t.at)
    cut = len(ordered) - max(1, int(len(ordered) * HELD_OUT))
    return ordered[:cut], ordered[cut:]


def log_loss(parameters: Sequence[float], items: Sequence[FSRSItem]) -> float | None:
    if not items:
        return None
    return float(FSRS(list(parameters)).evaluate(list(items)).log_loss)


@dataclass
class Fitted:
    parameters: list[float]
    reviews: int
    held_out: int
    log_loss: float | None
    default_log_loss: float | None
    baseline_log_loss: float | None
    test: list[Timed] = field(default_factory=list)  # the held-out items, for the calibration
    train: list[Timed] = field(default_factory=list)
    # The non-FSRS baselines' log loss on the same held-out reviews (evaluation.BASELINES).
    plain: dict[str, float] = field(default_factory=dict)

    @property
    def better(self) -> bool:
        """At least as good as the set it would replace, and better than every plain baseline."""
        if self.log_loss is None or self.baseline_log_loss is None:
            return False
        beaten = all(self.log_loss < value for value in self.plain.values())
        return self.log_loss <= self.baseline_log_loss and beaten


def fit(
    timed: Sequence[Timed], baseline: Sequence[float] | None = None, outliers: bool = True
) -> Fitted | None:
    """A set fitted on all but the latest items, measured on those; None below the floor."""
    trained, held = split(timed)
    train, test = [t.item for t in trained], [t.item for t in held]
    if not can_fit(train, outliers):
        return None
    with outlier_filter(outliers):
        weights = FSRS(list(DEFAULT_PARAMETERS)).compute_parameters(train)
    if usable(list(weights)) is None:
        return None
    fitted = [round(float(w), 6) for w in weights]
    defaults = log_loss(DEFAULT_PARAMETERS, test)
    return Fitted(
        fitted,
        len(train),
        len(test),
        log_loss(fitted, test),
        defaults,
        log_loss(baseline, test) if baseline is not None else defaults,
        held,
        trained,
    )


def fitter(outliers: bool = True) -> Callable[[list[FSRSItem]], list[float] | None]:
    """The optimizer as ``evaluation.evaluate`` calls it for each fold (None below the floor)."""

    def fit_fold(train: list[FSRSItem]) -> list[float] | None:
        if not can_fit(train, outliers):
            return None
        with outlier_filter(outliers):
            weights = FSRS(list(DEFAULT_PARAMETERS)).compute_parameters(train)
        return list(weights) if usable(list(weights)) is not None else None

    return fit_fold


def review_rows() -> Iterator[tuple[int | None, str, str, datetime, int]]:
    return (
        ReviewLog.objects.order_by("user_id", "learner_key", "skill", "reviewed_at", "pk")
        .values_list("user_id", "learner_key", "skill", "reviewed_at", "rating")
        .iterator(5000)
    )


def run(now: datetime | None = None) -> Report:
    """Fit the site's set and every learner's above the floor, and store them."""
    now = now or timezone.now()
    by_owner: dict[Owner, list[Timed]] = {}
    for owner, skill, history in skill_histories(review_rows()):
        timed = items_of(history)
        for item in timed:
            item.owner, item.skill = owner, skill
        by_owner.setdefault(owner, []).extend(timed)
    everyone = [t for timed in by_owner.values() for t in timed]
    report = Report()
    folds = evaluation.evaluate(by_owner, fitter()) if everyone else None
    site = fit(everyone) if everyone else None
    if site is not None:
        site.plain = {
            kind: evaluation.loss(
                evaluation.baseline_chances(kind, evaluation.Rates.of(site.train), site.test),
                site.test,
            )
            for kind in evaluation.BASELINES
        }
    # The site's set is used only if, besides beating the set it would replace on the
    # latest fifth, fitting beat the defaults and both baselines over the time folds.
    site_active = site is not None and site.better and folds is not None and folds.beats_all
    baseline = site.parameters if site is not None and site_active else None
    if baseline is None:  # no better site set tonight: the active one, if any, stays the bar
        current = FittedParameters.objects.filter(scope=FittedParameters.SITE, active=True).first()
        weights = usable(current.parameters) if current is not None else None
        baseline = list(weights) if weights is not None else None
    learners: list[tuple[Owner, Fitted]] = []
    site_counts = evaluation.SiteCounts(split(everyone)[0] if everyone else [])
    for owner, timed in by_owner.items():
        own = fit(timed, baseline, outliers=False)
        if own is None:
            report.skipped += 1
            continue
        own.plain = evaluation.own_baselines(owner, own.train, own.test, site_counts)
        learners.append((owner, own))
    scores = calibration.measure(
        split(everyone)[1] if everyone else [],
        site.parameters if site is not None else None,
        [(own.parameters, own.test) for _, own in learners],
        folds.rows if folds is not None else None,
    )
    with transaction.atomic():
        calibration.store(scores, now)
        if site is not None:
            _store(FittedParameters.SITE, None, site, site_active, len(by_owner), now)
            report.site = _outcome(FittedParameters.SITE, None, site, site_active)
        for owner, own in learners:
            _store(FittedParameters.LEARNER, owner, own, own.better, 1, now)
            report.learners.append(_outcome(FittedParameters.LEARNER, owner, own, own.better))
    return report


def _outcome(scope: str, owner: Owner | None, fitted: Fitted, active: bool) -> Outcome:
    return Outcome(scope, owner, fitted.reviews, fitted.log_loss, fitted.default_log_loss, active)


def _store(
    scope: str, owner: Owner | None, fitted: Fitted, active: bool, learners: int, now: datetime
) -> None:
    user, key = owner if owner is not None else (None, "")
    if active:
        mine = FittedParameters.objects.filter(scope=scope, active=True)
        if scope == FittedParameters.LEARNER and user is not None:
            mine = mine.filter(user_id=user)
        elif scope == FittedParameters.LEARNER:
            mine = mine.filter(user=None, learner_key=key)
        mine.update(active=False)
    FittedParameters.objects.create(
        scope=scope,
        user_id=user,
        learner_key=key,
        parameters=fitted.parameters,
        fitted_at=now,
        reviews=fitted.reviews,
        learners=learners,
        log_loss=fitted.log_loss,
        default_log_loss=fitted.default_log_loss,
        held_out=fitted.held_out,
        active=active,
    )


def make_active(pk: int) -> FittedParameters | None:
    """Use a stored set in place of its owner's active one (to roll back a bad fit)."""
    with transaction.atomic():
        row = FittedParameters.objects.select_for_update().filter(pk=pk).first()
        if row is None:
            return None
        mine = FittedParameters.objects.filter(scope=row.scope, active=True).exclude(pk=pk)
        if row.scope == FittedParameters.LEARNER and row.user_id is not None:
            mine = mine.filter(user_id=row.user_id)
        elif row.scope == FittedParameters.LEARNER:
            mine = mine.filter(user=None, learner_key=row.learner_key)
        mine.update(active=False)
        if not row.active:
            row.active = True
            row.save(update_fields=["active"])
    return row
