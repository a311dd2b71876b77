"""Does fitting FSRS pay, on learners who do not remember the way FSRS says?

`python -m bench.learning` (`--quick`: a smoke run).

A population of simulated learners (500 by default) studies for 60 days.
Their memory follows a model that is *not* FSRS, so a fitted FSRS cannot
win by recovering the simulator's own parameters: half-life regression
(Settles and Meeder's model, as Duolingo used it), with an ability per
learner, a difficulty per skill and slips and guesses. Each learner-skill
pair has a half-life ``h = BASE_HALF_LIFE * 2 ** (ability - difficulty +
GAIN_RIGHT * sqrt(rights) - LOSS_WRONG * sqrt(wrongs))`` days; after
``t`` days the skill is recalled with chance ``2 ** (-t / h)`` (an
exponential curve, where FSRS assumes a power curve), and the answer is
right with chance ``GUESS + (1 - GUESS - SLIP) * recall``.

The site's real pipeline does the rest: each day a learner answers the
skills due and opens new ones at the sessions' pace
(``mastery.new_allowance``); each answer goes through
``skill_records.after_answer`` (level, FSRS card only when due, review-log
row); the nightly fit (``lessons.memory.fit.run``, with its gate: beat the
defaults and both baselines) runs after day 45, and from then on the
scheduler uses whatever sets it made active. The reviews of the last 15
days, which the fit never saw, are the test. Four predictions of each
answer are scored there (log loss, RMSE over ten bins, AUC): the package
defaults, the sets in use, and two baselines that share nothing with FSRS,
the learner's own share right before the fit and the site's share right in
the skill. The fitted sets' gain over the defaults comes with a 95%
interval from resampling the learners (``BOOTSTRAP`` draws).

The target: the sets in use predict better than the defaults and both
baselines. The last lines give the same comparison as ``/about/memory/``
computes it from the site's own log (time folds of every learner's
reviews), and time one nightly fit over 10,000 learners' logs.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from bench.measure import Line, database_bench_main

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")

LEARNERS = 500
DAYS = 60
FIT_DAY = 45
FIT_LEARNERS = 10_000
START = datetime(2026, 1, 5, tzinfo=UTC)
STUDY_DAYS = 0.85  # the chance a learner studies on a given day
BOOTSTRAP = 400
# The half-life regression learners.
BASE_HALF_LIFE = 1.5  # days, for an average learner on an average skill before any answer
GAIN_RIGHT, LOSS_WRONG = 0.9, 0.6
ABILITY_SD, DIFFICULTY_SD = 0.7, 0.6
SLIP, GUESS = 0.06, 0.12
FIRST_RIGHT = 0.7  # the chance of a right first answer, before anything is remembered


@dataclass
class Memory:
    """One simulated learner: ability, and per skill the answers so far and the last one."""

    ability: float
    rights: dict[str, int] = field(default_factory=dict)
    wrongs: dict[str, int] = field(default_factory=dict)
    last: dict[str, datetime] = field(default_factory=dict)

    def half_life(self, skill: str, difficulty: float) -> float:
        exponent = (
            self.ability
            - difficulty
            + GAIN_RIGHT * math.sqrt(self.rights.get(skill, 0))
            - LOSS_WRONG * math.sqrt(self.wrongs.get(skill, 0))
        )
        return BASE_HALF_LIFE * 2**exponent

    def chance(self, skill: str, difficulty: float, at: datetime) -> float:
        if skill not in self.last:
            return FIRST_RIGHT
        days = (at - self.last[skill]) / timedelta(days=1)
        recall = 2 ** (-days / self.half_life(skill, difficulty))
        return GUESS + (1 - GUESS - SLIP) * recall

    def answered(self, skill: str, right: bool, at: datetime) -> None:
        book = self.rights if right else self.wrongs
        book[skill] = book.get(skill, 0) + 1
        self.last[skill] = at


def simulate(learners: int, days: int, fit_day: int, seed: int = 7) -> float:
    """Run the population through the site; returns the seconds the nightly fit took."""
    from django.db import transaction

    from lessons import skills
    from lessons.learners import mastery, skill_records
    from lessons.memory import fit, review_log
    from lessons.models import Learner, SkillState

    rng = random.Random(seed)
    difficulty = {k.key: rng.gauss(0, DIFFICULTY_SD) for k in skills.SKILLS}
    people = [
        (Learner(None, f"bench-{n}"), Memory(rng.gauss(0, ABILITY_SD)), rng.randrange(5))
        for n in range(learners)
    ]
    fit_seconds = 0.0
    for day in range(days):
        if day == fit_day:
            started = time.perf_counter()
            fit.run(START + timedelta(days=day))
            fit_seconds = time.perf_counter() - started
        for learner, memory, first_day in people:
            if day < first_day or rng.random() > STUDY_DAYS:
                continue
            at = START + timedelta(days=day, hours=rng.randrange(7, 22))
            due = sorted(
                SkillState.objects.of_learner(learner)
                .filter(due__lte=at, level__gt=0)
                .values_list("skill", flat=True)
            )
            fresh = [k.key for k in skills.SKILLS if k.key not in memory.last]
            opened = fresh[: mastery.new_allowance(len(due), 0)]
            for key in due + opened:
                right = rng.random() < memory.chance(key, difficulty[key], at)
                memory.answered(key, right, at)
                helped = right and rng.random() < 0.15
                answer = skill_records.SkillAnswer(key, correct=right, hints=int(helped))
                timing = review_log.Timing(rng.randrange(3000, 40000), review_log.BROWSER)
                with transaction.atomic():
                    skill_records.after_answer(
                        learner,
                        [answer],
                        f"bench/{key}/{day}",
                        "review",
                        at,
                        source="study",
                        timing=timing,
                    )
                at += timedelta(seconds=timing.ms // 1000 if timing.ms else 10)
    return fit_seconds


@dataclass
class HeldOut:
    """The scores of each prediction on the reviews after the fit, and the gain's interval."""

    rows: list  # calibration.Scores, one per prediction
    reviews: int
    learners: int
    gain: float  # the sets in use against the defaults, share of the defaults' log loss
    low: float
    high: float


def held_out(fit_day: int, seed: int = 3) -> HeldOut:
    """Score the defaults, the sets in use and both baselines on the reviews after the fit."""
    from fsrs_rs_python import DEFAULT_PARAMETERS

    from lessons.memory import calibration, evaluation, fit, parameters
    from lessons.models import Learner

    cutoff = START + timedelta(days=fit_day)
    before: list = []
    after: dict[tuple[int | None, str], list] = defaultdict(list)
    for owner, skill, history in fit.skill_histories(fit.review_rows()):
        for timed in fit.items_of(history):
            timed.owner, timed.skill = owner, skill
            (after[owner] if timed.at >= cutoff else before).append(timed)
    rates = evaluation.Rates.of(before)
    kinds = (
        calibration.DEFAULTS,
        calibration.SITE,
        evaluation.LEARNER_AVERAGE,
        evaluation.SKILL_AVERAGE,
    )
    per_owner: dict[tuple[int | None, str], dict[str, list[float]]] = {}
    for owner, items in after.items():
        used = parameters.in_use(Learner(*owner)).parameters or DEFAULT_PARAMETERS
        per_owner[owner] = {
            calibration.DEFAULTS: calibration.predicted(DEFAULT_PARAMETERS, items),
            calibration.SITE: calibration.predicted(used, items),
            evaluation.LEARNER_AVERAGE: evaluation.baseline_chances(
                evaluation.LEARNER_AVERAGE, rates, items
            ),
            evaluation.SKILL_AVERAGE: evaluation.baseline_chances(
                evaluation.SKILL_AVERAGE, rates, items
            ),
        }
    owners = [o for o in after if after[o]]
    everyone = [r for o in owners for r in after[o]]
    labels = [evaluation.right(r) for r in everyone]
    rows = [
        calibration.score(
            kind, [p for o in owners for p in per_owner[o][kind]], labels, len(owners)
        )
        for kind in kinds
    ]
    rows[1].kind = "in use"

    def gain(sample: list[tuple[int | None, str]]) -> float:
        items = [r for o in sample for r in after[o]]
        base = evaluation.loss([p for o in sample for p in per_owner[o][kinds[0]]], items)
        mine = evaluation.loss([p for o in sample for p in per_owner[o][kinds[1]]], items)
        return (base - mine) / base

    rng = random.Random(seed)
    draws = sorted(gain([rng.choice(owners) for _ in owners]) for _ in range(BOOTSTRAP))
    low, high = draws[int(0.025 * BOOTSTRAP)], draws[int(0.975 * BOOTSTRAP) - 1]
    return HeldOut(rows, len(everyone), len(owners), gain(owners), low, high)


def time_fit(learners: int, seed: int = 11) -> tuple[float, int]:
    """Seconds one nightly fit takes over ``learners`` learners' 60-day logs, and their reviews.

    The log is written straight into the review log (the page-by-page
    pipeline would take hours to fill it): the same half-life-regression
    learners, scheduled by FSRS's defaults.
    """
    from fsrs import Card, Rating, Scheduler

    from lessons import skills
    from lessons.memory import fit
    from lessons.models import ReviewLog

    ReviewLog.objects.all().delete()
    rng = random.Random(seed)
    site = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
    difficulty = {k.key: rng.gauss(0, DIFFICULTY_SD) for k in skills.SKILLS}
    rows = []
    written = 0
    for n in range(learners):
        memory = Memory(rng.gauss(0, ABILITY_SD))
        for skill in skills.SKILLS:
            card, day = Card(card_id=1), rng.randrange(10)
            while day < DAYS:
                at = START + timedelta(days=day, hours=12)
                right = rng.random() < memory.chance(skill.key, difficulty[skill.key], at)
                memory.answered(skill.key, right, at)
                rating = Rating.Good if right else Rating.Again
                state_before = int(card.state) if card.last_review else 0
                card, _ = site.review_card(card, rating, review_datetime=at)
                rows.append(
                    ReviewLog(
                        learner_key=f"fit-{n}",
                        skill=skill.key,
                        rating=int(rating),
                        reviewed_at=at,
                        state_before=state_before,
                        state_after=int(card.state),
                        source="study",
                    )
                )
                day = max(day + 1, (card.due - START).days)
        if len(rows) > 20_000:
            ReviewLog.objects.bulk_create(rows, batch_size=2000)
            written += len(rows)
            rows = []
    ReviewLog.objects.bulk_create(rows, batch_size=2000)
    written += len(rows)
    started = time.perf_counter()
    fit.run(START + timedelta(days=DAYS))
    return time.perf_counter() - started, written


def bench_learning(options: argparse.Namespace) -> list[Line]:
    from lessons.memory import calibration
    from lessons.models import FittedParameters, ReviewLog

    learners = min(options.learners, 20) if options.quick else options.learners
    fit_learners = min(options.fit_learners, 200) if options.quick else options.fit_learners
    simulate(learners, DAYS, FIT_DAY)
    found = held_out(FIT_DAY)
    site = FittedParameters.objects.filter(scope="site", active=True).first()
    own = FittedParameters.objects.filter(scope="learner", active=True).count()
    lines = [
        Line(
            f"simulated: {learners} half-life-regression learners, {DAYS} days",
            f"{ReviewLog.objects.count():,} reviews",
            "",
            None,
        ),
        Line("sets in use after the fit", f"site {'yes' if site else 'no'}, {own} own", "", None),
    ]
    for row in found.rows:
        auc = "n/a" if row.auc is None else f"{row.auc:.3f}"
        lines.append(
            Line(
                f"held-out, {row.kind} ({row.reviews:,} reviews, {row.learners} learners)",
                f"log loss {row.log_loss:.4f}, RMSE {row.rmse:.4f}, AUC {auc}",
                "",
                None,
            )
        )
    in_use, others = found.rows[1], [found.rows[0], *found.rows[2:]]
    beats = all(in_use.log_loss < o.log_loss for o in others)  # type: ignore[operator]
    lines.append(
        Line(
            "fitted log loss below the defaults'",
            f"{100 * found.gain:.1f}% (95% interval {100 * found.low:.1f}% to "
            f"{100 * found.high:.1f}%)",
            "below the defaults and both baselines",
            beats,
        )
    )
    report, rows = calibration.latest()
    for row in rows:
        if row.log_loss is None:
            continue
        wins = "" if row.wins is None else f", best for {100 * row.wins:.0f}% of learners"
        lines.append(
            Line(
                f"site's own log at the fit, {row.kind} ({row.reviews:,} reviews)",
                f"log loss {row.log_loss:.4f}, RMSE {row.rmse:.4f}{wins}",
                "",
                None,
            )
        )
    seconds, rows_written = time_fit(fit_learners)
    lines.append(
        Line(
            f"one nightly fit, {fit_learners:,} learners ({rows_written:,} reviews)",
            f"{seconds:.1f} s",
            "",
            None,
        )
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print each line with its verdict; 1 if the target was missed."""
    extra = argparse.ArgumentParser(add_help=False)
    extra.add_argument("--learners", type=int, default=LEARNERS)
    extra.add_argument("--fit-learners", type=int, default=FIT_LEARNERS)
    known, rest = extra.parse_known_args(argv if argv is not None else sys.argv[1:])

    def bench(options: argparse.Namespace) -> list[Line]:
        options.learners, options.fit_learners = known.learners, known.fit_learners
        return bench_learning(options)

    return database_bench_main("learning", __doc__, bench, rest)


if __name__ == "__main__":
    sys.exit(main())
