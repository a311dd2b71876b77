"""How well the schedule's predictions came true: the figures behind ``/about/memory/``.

For each held-out review (one the fit never trained on: the latest fifth)
FSRS predicts the chance of a right answer from the card's history before
it; the learner then answered right or not. Three kinds of parameters are
scored: the package defaults and the site's fitted set on the site's
held-out reviews, and each learner's own set on that learner's held-out
reviews. The scores:

- log loss (lower is better; a coin flip scores 0.693);
- RMSE over ``BINS`` bins of the predicted chance: the gap between the
  predicted and the actual share of right answers, weighted by each bin's
  reviews (lower is better);
- AUC: the chance that a review answered right had been given a higher
  prediction than one answered wrong (0.5 is no better than chance);
- the calibration bins themselves, which the page draws.

Computed by the nightly fit and stored (``CalibrationReport``), so the
public page only reads one row. Below ``MIN_REVIEWS`` held-out reviews a
row is kept with its counts only: the page then says there is too little
data rather than show noise.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Protocol

from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS, FSRSItem, FSRSReview

from lessons.models import CalibrationReport


class Timed(Protocol):
    """A held-out review as the fit keeps it (``lessons.memory.fit.Timed``)."""

    @property
    def raw(self) -> tuple[tuple[int, int], ...]: ...  # (rating, gap in days), oldest first

    @property
    def owner(self) -> tuple[int | None, str] | None: ...


BINS = 10
MIN_REVIEWS = 200
DEFAULTS, SITE, OWN = "defaults", "site", "own"
LEARNER_AVERAGE, SKILL_AVERAGE = "learner-average", "skill-average"
NAMES = {
    DEFAULTS: "The scheduler's standard settings",
    SITE: "Fitted to every learner on this site",
    OWN: "Fitted to each learner",
    LEARNER_AVERAGE: "Baseline: the learner's own share right",
    SKILL_AVERAGE: "Baseline: the site's share right in the skill",
}
FSRS_KINDS = (DEFAULTS, SITE, OWN)


@dataclass
class Bin:
    predicted: float  # mean predicted chance of a right answer in the bin
    actual: float  # share answered right
    reviews: int


@dataclass
class Scores:
    kind: str
    reviews: int
    learners: int
    log_loss: float | None = None
    rmse: float | None = None
    auc: float | None = None
    bins: list[Bin] = field(default_factory=list)
    wins: float | None = None  # share of learners for whom this had the lowest log loss

    @property
    def baseline(self) -> bool:
        return self.kind not in FSRS_KINDS

    @property
    def enough(self) -> bool:
        return self.reviews >= MIN_REVIEWS and self.log_loss is not None

    @property
    def name(self) -> str:
        return NAMES.get(self.kind, self.kind)


def predicted(parameters: Sequence[float], items: Sequence[Timed]) -> list[float]:
    """FSRS's chance of a right answer at each item's last review, from the history before it."""
    if not items:
        return []
    weights = list(parameters)
    histories = [FSRSItem([FSRSReview(r, t) for r, t in item.raw[:-1]]) for item in items]
    states = FSRS(weights).memory_state_batch(histories)
    decay = weights[20] if len(weights) > 20 else 0.5
    factor = 0.9 ** (-1 / decay) - 1
    chances = []
    for item, state in zip(items, states, strict=True):
        gap = item.raw[-1][1]
        chance = (1 + factor * gap / max(state.stability, 1e-6)) ** (-decay)
        chances.append(min(1 - 1e-6, max(1e-6, chance)))
    return chances


def score(kind: str, chances: Sequence[float], right: Sequence[bool], learners: int) -> Scores:
    found = Scores(kind, len(chances), learners)
    if not chances:
        return found
    found.log_loss = -sum(
        math.log(p) if y else math.log(1 - p) for p, y in zip(chances, right, strict=True)
    ) / len(chances)
    groups: list[list[tuple[float, bool]]] = [[] for _ in range(BINS)]
    for p, y in zip(chances, right, strict=True):
        groups[min(BINS - 1, int(p * BINS))].append((p, y))
    found.bins = [
        Bin(
            sum(p for p, _ in group) / len(group),
            sum(1 for _, y in group if y) / len(group),
            len(group),
        )
        for group in groups
        if group
    ]
    found.rmse = math.sqrt(
        sum(b.reviews * (b.predicted - b.actual) ** 2 for b in found.bins) / len(chances)
    )
    found.auc = auc(chances, right)
    return found


def auc(chances: Sequence[float], right: Sequence[bool]) -> float | None:
    """The area under the ROC curve, from the ranks of the predictions (ties share a rank)."""
    positives = sum(1 for y in right if y)
    negatives = len(right) - positives
    if not positives or not negatives:
        return None
    order = sorted(range(len(chances)), key=lambda i: chances[i])
    ranks = [0.0] * len(chances)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and chances[order[end + 1]] == chances[order[start]]:
            end += 1
        for k in range(start, end + 1):
            ranks[order[k]] = (start + end) / 2 + 1
        start = end + 1
    rank_sum = sum(r for r, y in zip(ranks, right, strict=True) if y)
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives)


def _labels(items: Sequence[Timed]) -> list[bool]:
    return [item.raw[-1][0] > 1 for item in items]


def measure(
    site_test: Sequence[Timed],
    site_parameters: Sequence[float] | None,
    own: Sequence[tuple[Sequence[float], Sequence[Timed]]],
    folds: Sequence[Scores] | None = None,
) -> list[Scores]:
    """The rows the page shows.

    With ``folds`` (``lessons.memory.evaluation``: defaults, fitted sets and
    the two baselines over time folds of every learner's reviews) those rows;
    without, the defaults and the site set on the site's latest fifth. Then
    the learners' own sets, each on that learner's latest fifth.
    """
    labels = _labels(site_test)
    site_learners = len({item.owner for item in site_test})
    if folds is not None:
        rows = list(folds)
    else:
        rows = [score(DEFAULTS, predicted(DEFAULT_PARAMETERS, site_test), labels, site_learners)]
        if site_parameters is not None:
            rows.append(score(SITE, predicted(site_parameters, site_test), labels, site_learners))
    chances: list[float] = []
    answers: list[bool] = []
    for parameters, items in own:
        chances += predicted(parameters, items)
        answers += _labels(items)
    if own:
        rows.append(score(OWN, chances, answers, len(own)))
    return rows


def store(rows: Sequence[Scores], now: datetime) -> CalibrationReport:
    return CalibrationReport.objects.create(made_at=now, rows=[asdict(row) for row in rows])


def latest() -> tuple[CalibrationReport | None, list[Scores]]:
    """The last report and its rows, read back (a row that does not read is left out)."""
    report = CalibrationReport.objects.first()
    if report is None:
        return None, []
    rows: list[Scores] = []
    for data in report.rows if isinstance(report.rows, list) else []:
        try:
            bins = [Bin(**b) for b in data.get("bins", [])]
            rows.append(Scores(**{**data, "bins": bins}))
        except (TypeError, AttributeError):
            continue
    return report, rows
