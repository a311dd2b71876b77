"""Does fitting FSRS to the learners pay? `python -m bench.learning` (`--quick`: a smoke run).

A population of simulated learners (500 by default) studies for 60 days.
Each learner's memory follows FSRS with parameters of their own, drawn
around a set well away from the package defaults (they forget faster and
lapse harder), and whether an answer is right is drawn from that memory's
chance of recall at that moment. The site's real pipeline does the rest:
each answer goes through ``skill_records.after_answer`` (the skill's level,
its FSRS card, one review-log row per skill and day), the nightly fit
(``lessons.memory.fit.run``, what the task runs) runs after day 45, and
from then on the scheduler uses the fitted sets. The reviews of the last 15
days, which the fit never saw, are the held-out test: log loss of the chance
of recall each set predicts against what the learners then answered.

Target (from the adaptive-practice issue): the fitted parameters' log loss
at least 5% below the defaults'. A second figure times one nightly fit over
10,000 learners' logs (simulated straight into the review log, as the
page-by-page pipeline would take hours to fill it), informational.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta

from bench.measure import Line, database_bench_main

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")

LEARNERS = 500
DAYS = 60
FIT_DAY = 45
FIT_LEARNERS = 10_000
IMPROVEMENT_TARGET = 0.05
START = datetime(2026, 1, 5, tzinfo=UTC)
# The population's memory: shorter first stabilities, a steeper forgetting
# curve and harder lapses than the package defaults.
POPULATION = (
    0.08, 0.35, 1.0, 3.5, 6.8, 0.9, 3.4, 0.02, 1.3, 0.3, 0.6, 1.7, 0.1, 0.3, 1.9, 0.4, 1.6,
    0.55, 0.09, 0.07, 0.35,
)  # fmt: skip
NEW_A_DAY = 2  # skills a learner opens on a study day until all are open
STUDY_DAYS = 0.85  # the chance a learner studies on a given day


def learner_parameters(rng: random.Random) -> tuple[float, ...]:
    """One learner's true memory: the population's set, each weight moved up to a fifth."""
    from fsrs.scheduler import LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS

    return tuple(
        min(high, max(low, weight * math.exp(rng.gauss(0, 0.2))))
        for weight, low, high in zip(
            POPULATION, LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS, strict=True
        )
    )


def simulate(learners: int, days: int, fit_day: int, seed: int = 7) -> float:
    """Run the population through the site; returns the seconds the nightly fit took."""
    from django.db import transaction
    from fsrs import Card, Rating, Scheduler

    from lessons import skills
    from lessons.learners import skill_records
    from lessons.memory import fit, review_log
    from lessons.models import Learner, SkillState

    rng = random.Random(seed)
    people: list[tuple[Learner, Scheduler, dict[str, Card], int]] = []
    for n in range(learners):
        truth = Scheduler(
            parameters=learner_parameters(rng),
            learning_steps=(),
            relearning_steps=(),
            enable_fuzzing=False,
        )
        people.append((Learner(None, f"bench-{n}"), truth, {}, rng.randrange(5)))
    fit_seconds = 0.0
    for day in range(days):
        if day == fit_day:
            started = time.perf_counter()
            fit.run(START + timedelta(days=day))
            fit_seconds = time.perf_counter() - started
        for learner, truth, memory, first_day in people:
            if day < first_day or rng.random() > STUDY_DAYS:
                continue
            at = START + timedelta(days=day, hours=rng.randrange(7, 22))
            due = set(
                SkillState.objects.of_learner(learner)
                .filter(due__lte=at)
                .values_list("skill", flat=True)
            )
            opened = [k.key for k in skills.SKILLS if k.key not in memory][:NEW_A_DAY]
            for key in sorted(due) + opened:
                card = memory.get(key) or Card(card_id=1)
                chance = truth.get_card_retrievability(card, at) if key in memory else 0.75
                right = rng.random() < chance
                helped = right and rng.random() < 0.15
                rating = Rating.Again if not right else Rating.Hard if helped else Rating.Good
                memory[key], _ = truth.review_card(card, rating, review_datetime=at)
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


def held_out_losses(fit_day: int) -> tuple[float, float, int, int]:
    """Log loss on the reviews after the fit: (defaults, the sets in use, reviews, learners)."""
    from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS

    from lessons.memory import fit, parameters
    from lessons.models import Learner

    cutoff = START + timedelta(days=fit_day)
    by_owner: dict[tuple[int | None, str], list] = defaultdict(list)
    for owner, history in fit.histories(fit.review_rows()):
        by_owner[owner].extend(t.item for t in fit.items_of(history) if t.at >= cutoff)
    everyone = [item for items in by_owner.values() for item in items]
    defaults = FSRS(list(DEFAULT_PARAMETERS)).evaluate(everyone).log_loss
    total, count = 0.0, 0
    for (user, key), items in by_owner.items():
        if not items:
            continue
        used = parameters.in_use(Learner(user, key)).parameters or DEFAULT_PARAMETERS
        total += FSRS(list(used)).evaluate(items).log_loss * len(items)
        count += len(items)
    return float(defaults), total / count, count, sum(1 for items in by_owner.values() if items)


def time_fit(learners: int, seed: int = 11) -> tuple[float, int]:
    """Seconds one nightly fit takes over ``learners`` learners' 60-day logs, and their reviews."""
    from fsrs import Card, Rating, Scheduler

    from lessons import skills
    from lessons.memory import fit
    from lessons.models import ReviewLog

    ReviewLog.objects.all().delete()
    rng = random.Random(seed)
    site = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
    rows = []
    written = 0
    for n in range(learners):
        truth = Scheduler(
            parameters=learner_parameters(rng),
            learning_steps=(),
            relearning_steps=(),
            enable_fuzzing=False,
        )
        for skill in skills.SKILLS:
            memory, card, day = Card(card_id=1), Card(card_id=1), rng.randrange(10)
            while day < DAYS:
                at = START + timedelta(days=day, hours=12)
                right = rng.random() < (
                    truth.get_card_retrievability(memory, at) if card.last_review else 0.75
                )
                rating = Rating.Good if right else Rating.Again
                memory, _ = truth.review_card(memory, rating, review_datetime=at)
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
    from lessons.models import FittedParameters, ReviewLog

    learners = min(options.learners, 20) if options.quick else options.learners
    fit_learners = min(options.fit_learners, 200) if options.quick else options.fit_learners
    simulate(learners, DAYS, FIT_DAY)
    defaults, fitted, reviews, tested = held_out_losses(FIT_DAY)
    site = FittedParameters.objects.filter(scope="site", active=True).first()
    own = FittedParameters.objects.filter(scope="learner", active=True).count()
    gain = (defaults - fitted) / defaults
    lines = [
        Line(
            f"simulated: {learners} learners, {DAYS} days",
            f"{ReviewLog.objects.count():,} reviews",
            "",
            None,
        ),
        Line(
            "sets in use after the fit",
            f"site {'yes' if site else 'no'}, {own} own",
            "",
            None,
        ),
        Line(f"held-out log loss, defaults ({reviews:,} reviews)", f"{defaults:.4f}", "", None),
        Line(f"held-out log loss, fitted ({tested} learners)", f"{fitted:.4f}", "", None),
        Line(
            "fitted log loss below the defaults'",
            f"{100 * gain:.1f}%",
            f">= {100 * IMPROVEMENT_TARGET:g}%",
            gain >= IMPROVEMENT_TARGET,
        ),
    ]
    seconds, rows = time_fit(fit_learners)
    lines.append(
        Line(
            f"one nightly fit, {fit_learners:,} learners ({rows:,} reviews)",
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
