"""Honest evaluation of the schedule's predictions on the site's own log, with baselines.

In the manner of the open spaced-repetition benchmark: each learner's
reviews are put in time order and cut into ``FOLDS`` equal runs; fold ``k``
trains on every learner's runs before ``k`` and tests on run ``k`` (so a
prediction never uses what came after it, and every learner is tested on
their own later reviews). Four predictors are scored on the same held-out
reviews:

- the scheduler's standard settings (no training);
- FSRS fitted on the fold's training reviews (``fitter``: the nightly fit's
  optimizer);
- two baselines that share nothing with FSRS: the learner's own share of
  right answers in their training reviews, and the site's share per skill
  (every learner's training reviews of that skill), each pulled towards the
  site's overall share by ``PRIOR`` pseudo-answers so a learner with three
  reviews is not predicted at 100%.

Each is scored over all folds' test reviews together (log loss, RMSE over
bins, AUC: ``calibration.score``), and for each learner separately: the
share of learners for whom it had the lowest log loss is its "wins". A
fitted set that cannot beat a learner's plain average has learnt nothing
worth scheduling by, so the nightly fit makes a set active only when it
beats the defaults *and* both baselines (``beats_all``).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from fsrs_rs_python import DEFAULT_PARAMETERS, FSRSItem

from lessons.memory import calibration

FOLDS = 4  # runs per learner: three folds test (runs 2, 3, 4), each trained on the runs before
PRIOR = 4.0  # pseudo-answers at the site's share that each average starts from
DEFAULTS, FITTED = calibration.DEFAULTS, calibration.SITE
LEARNER_AVERAGE, SKILL_AVERAGE = "learner-average", "skill-average"
BASELINES = (LEARNER_AVERAGE, SKILL_AVERAGE)

Owner = tuple[int | None, str]


class Review(Protocol):
    """One review as the fit keeps it (``lessons.memory.fit.Timed``)."""

    @property
    def item(self) -> FSRSItem: ...

    @property
    def raw(self) -> tuple[tuple[int, int], ...]: ...

    @property
    def owner(self) -> Owner | None: ...

    @property
    def skill(self) -> str: ...

    @property
    def at(self) -> datetime: ...


def right(review: Review) -> bool:
    return review.raw[-1][0] > 1


def runs(reviews: Sequence[Review], count: int = FOLDS) -> list[list[Review]]:
    """One learner's reviews (in time order) cut into ``count`` runs of near-equal size."""
    size = len(reviews)
    return [list(reviews[size * n // count : size * (n + 1) // count]) for n in range(count)]


@dataclass
class Rates:
    """Shares of right answers with a prior: overall, per learner, per skill."""

    overall: float
    by_owner: dict[Owner | None, tuple[int, int]]  # (right, answered)
    by_skill: dict[str, tuple[int, int]]

    @classmethod
    def of(cls, reviews: Sequence[Review]) -> Rates:
        owners: dict[Owner | None, list[int]] = defaultdict(lambda: [0, 0])
        skills: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for review in reviews:
            ok = int(right(review))
            owners[review.owner][0] += ok
            owners[review.owner][1] += 1
            skills[review.skill][0] += ok
            skills[review.skill][1] += 1
        total = sum(n for _, n in owners.values())
        rights = sum(r for r, _ in owners.values())
        overall = (rights + 1) / (total + 2)
        return cls(
            overall,
            {k: (v[0], v[1]) for k, v in owners.items()},
            {k: (v[0], v[1]) for k, v in skills.items()},
        )

    def _pulled(self, counts: tuple[int, int]) -> float:
        rights, answered = counts
        return (rights + PRIOR * self.overall) / (answered + PRIOR)

    def learner(self, owner: Owner | None) -> float:
        return self._pulled(self.by_owner.get(owner, (0, 0)))

    def skill(self, skill: str) -> float:
        return self._pulled(self.by_skill.get(skill, (0, 0)))


def baseline_chances(kind: str, rates: Rates, reviews: Sequence[Review]) -> list[float]:
    if kind == LEARNER_AVERAGE:
        return [rates.learner(r.owner) for r in reviews]
    return [rates.skill(r.skill) for r in reviews]


def loss(chances: Sequence[float], reviews: Sequence[Review]) -> float:
    eps = 1e-6
    return -sum(
        math.log(max(eps, p)) if right(r) else math.log(max(eps, 1 - p))
        for p, r in zip(chances, reviews, strict=True)
    ) / max(1, len(reviews))


@dataclass
class Evaluation:
    rows: list[calibration.Scores]
    folds: int  # folds that had reviews to test

    def row(self, kind: str) -> calibration.Scores | None:
        return next((r for r in self.rows if r.kind == kind), None)

    @property
    def beats_all(self) -> bool:
        """Whether the fitted sets beat the defaults and both baselines on held-out reviews."""
        fitted = self.row(FITTED)
        if fitted is None or fitted.log_loss is None:
            return False
        others = [self.row(kind) for kind in (DEFAULTS, *BASELINES)]
        return all(o is not None and o.log_loss is not None for o in others) and all(
            fitted.log_loss < o.log_loss  # type: ignore[operator, union-attr]
            for o in others
        )


def evaluate(
    by_owner: Mapping[Owner, Sequence[Review]],
    fitter: Callable[[list[FSRSItem]], Sequence[float] | None],
    folds: int = FOLDS,
) -> Evaluation:
    """Score the four predictors over ``folds - 1`` time folds of every learner's reviews."""
    split = {
        owner: runs(sorted(r, key=lambda review: review.at), folds) for owner, r in by_owner.items()
    }
    chances: dict[str, list[float]] = defaultdict(list)
    tested: list[Review] = []
    fitted_chances: list[float] = []
    fitted_tested: list[Review] = []
    per_owner: dict[Owner | None, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    owner_reviews: dict[Owner | None, list[Review]] = defaultdict(list)
    used = 0
    for k in range(1, folds):
        train = [r for parts in split.values() for part in parts[:k] for r in part]
        test = [r for parts in split.values() for r in parts[k]]
        if not train or not test:
            continue
        used += 1
        rates = Rates.of(train)
        fold = {
            DEFAULTS: calibration.predicted(DEFAULT_PARAMETERS, test),
            LEARNER_AVERAGE: baseline_chances(LEARNER_AVERAGE, rates, test),
            SKILL_AVERAGE: baseline_chances(SKILL_AVERAGE, rates, test),
        }
        weights = fitter([r.item for r in train])
        if weights is not None:
            fold[FITTED] = calibration.predicted(weights, test)
            fitted_chances += fold[FITTED]
            fitted_tested += test
        for kind in (DEFAULTS, *BASELINES):
            chances[kind] += fold[kind]
        tested += test
        for n, review in enumerate(test):
            owner_reviews[review.owner].append(review)
            for kind, values in fold.items():
                per_owner[review.owner][kind].append(values[n])
    learners = len({r.owner for r in tested})
    rows = [
        calibration.score(kind, chances[kind], [right(r) for r in tested], learners)
        for kind in (DEFAULTS, *BASELINES)
    ]
    if fitted_tested:
        fitted_learners = len({r.owner for r in fitted_tested})
        rows.insert(
            1,
            calibration.score(
                FITTED, fitted_chances, [right(r) for r in fitted_tested], fitted_learners
            ),
        )
    _count_wins(rows, per_owner, owner_reviews)
    return Evaluation(rows, used)


def _count_wins(
    rows: list[calibration.Scores],
    per_owner: dict[Owner | None, dict[str, list[float]]],
    owner_reviews: dict[Owner | None, list[Review]],
) -> None:
    """Each row's share of learners for whom it had the lowest log loss (ties share the win)."""
    wins: Counter[str] = Counter()
    counted = 0
    for owner, kinds in per_owner.items():
        reviews = owner_reviews[owner]
        losses = {
            kind: loss(values, reviews)
            for kind, values in kinds.items()
            if len(values) == len(reviews)
        }
        if not losses:
            continue
        counted += 1
        best = min(losses.values())
        winners = [kind for kind, value in losses.items() if value <= best + 1e-12]
        for kind in winners:
            wins[kind] += 1 / len(winners)  # type: ignore[assignment]
    for row in rows:
        row.wins = wins[row.kind] / counted if counted else None


class SiteCounts:
    """The site's training reviews counted once per skill and per learner and skill.

    ``own_baselines`` swaps one learner's part for their own training reviews
    without counting the whole site again (which, per learner, made the
    nightly fit quadratic in the number of learners).
    """

    def __init__(self, site_train: Sequence[Review]) -> None:
        self.by_skill: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        self.by_owner_skill: dict[Owner | None, dict[str, list[int]]] = defaultdict(
            lambda: defaultdict(lambda: [0, 0])
        )
        for review in site_train:
            ok = int(right(review))
            for counts in (
                self.by_skill[review.skill],
                self.by_owner_skill[review.owner][review.skill],
            ):
                counts[0] += ok
                counts[1] += 1

    def rates_for(self, owner: Owner, train: Sequence[Review]) -> Rates:
        """Rates from the site's training reviews with ``owner``'s replaced by ``train``."""
        skills = {k: [v[0], v[1]] for k, v in self.by_skill.items()}
        for skill, (rights, answered) in self.by_owner_skill.get(owner, {}).items():
            skills[skill][0] -= rights
            skills[skill][1] -= answered
        mine = [0, 0]
        for review in train:
            ok = int(right(review))
            entry = skills.setdefault(review.skill, [0, 0])
            entry[0] += ok
            entry[1] += 1
            mine[0] += ok
            mine[1] += 1
        rights = sum(v[0] for v in skills.values())
        total = sum(v[1] for v in skills.values())
        return Rates(
            (rights + 1) / (total + 2),
            {owner: (mine[0], mine[1])},
            {k: (v[0], v[1]) for k, v in skills.items()},
        )


def own_baselines(
    owner: Owner, train: Sequence[Review], test: Sequence[Review], site: SiteCounts
) -> dict[str, float]:
    """The baselines' log loss on one learner's held-out reviews (for the gate on their own set).

    The learner's average comes from their own training reviews; the skill
    averages from the site's training reviews with this learner's own
    replaced by their training part, so nothing after the cut is used.
    """
    rates = site.rates_for(owner, train)
    return {kind: loss(baseline_chances(kind, rates, test), test) for kind in BASELINES}
