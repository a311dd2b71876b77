"""The nightly fit: from the review log to fitted FSRS sets, and the scheduler then using them."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client, override_settings
from fsrs_rs_python import DEFAULT_PARAMETERS

from lessons import skills
from lessons.learners import mastery, skill_records
from lessons.memory import fit, parameters
from lessons.memory.tasks import fit_memory
from lessons.models import FittedParameters, Learner, ReviewLog, SkillState
from tests.lessons.memory_sim import reviews_of

START = datetime(2026, 1, 5, tzinfo=UTC)
NIGHT = START + timedelta(days=61)


def population(count: int, seed: int = 1, days: int = 60) -> list[Learner]:
    rng = random.Random(seed)
    learners = [Learner(None, f"sim-{seed}-{n}") for n in range(count)]
    rows = [row for learner in learners for row in reviews_of(learner, START, days, rng)]
    ReviewLog.objects.bulk_create(rows)
    return learners


def newcomer() -> Learner:
    """A learner with a handful of reviews: far below the optimizer's floor."""
    learner = Learner(None, "newcomer")
    rows = reviews_of(learner, START, 6, random.Random(9), skill_count=2)
    ReviewLog.objects.bulk_create(rows)
    return learner


@pytest.mark.django_db
def test_with_no_reviews_nothing_is_fitted_and_the_defaults_schedule():
    report = fit.run(NIGHT)
    assert report.site is None and report.learners == []
    assert not FittedParameters.objects.exists()
    assert parameters.in_use(Learner(None, "anyone")) == parameters.STANDARD


@pytest.mark.django_db
def test_a_learner_below_the_floor_keeps_the_defaults_and_then_the_sites_set():
    learner = newcomer()
    items = [t.item for _, h in fit.histories(fit.review_rows()) for t in fit.items_of(h)]
    assert not fit.can_fit(items)
    fit.run(NIGHT)
    assert parameters.in_use(learner).source == parameters.DEFAULTS
    population(25)
    report = fit.run(NIGHT)
    assert report.site is not None and report.site.active
    assert report.skipped >= 1  # the newcomer
    used = parameters.in_use(learner)
    assert used.source == parameters.SITE
    assert used.parameters == tuple(
        FittedParameters.objects.get(scope="site", active=True).parameters
    )
    assert not FittedParameters.objects.filter(learner_key=learner.key).exists()


@pytest.mark.django_db(transaction=True)
def test_the_worker_runs_the_fit_and_the_scheduler_then_uses_each_learners_set():
    learners = population(25)
    with override_settings(TASKS=settings.TASKS_DATABASE):
        result = fit_memory.enqueue()
        call_command("db_worker", "--batch", "--no-startup-delay", "--interval", "0")
        result.refresh()
    assert result.return_value["learners_fitted"] > 0
    site = FittedParameters.objects.get(scope="site", active=True)
    # These learners forget faster than the defaults assume: the fit predicts them better.
    assert site.log_loss < site.default_log_loss
    assert site.reviews > fit.FIT_FLOOR and site.held_out > 0 and site.learners == 25
    own = FittedParameters.objects.filter(scope="learner", active=True).first()
    assert own is not None and own.log_loss <= own.default_log_loss + 0.05
    learner = next(lr for lr in learners if lr.key == own.learner_key)
    used = parameters.in_use(learner)
    assert used.source == parameters.OWN and used.parameters == tuple(own.parameters)
    # The next answer is scheduled with the learner's own set, not the defaults.
    skill = skills.SKILLS[0].key
    with time_machine.travel(NIGHT + timedelta(hours=9), tick=False):
        from django.db import transaction

        with transaction.atomic():
            answer = skill_records.SkillAnswer(skill, correct=True)
            skill_records.after_answer(learner, [answer], "x/badugi/1/1", "practice", NIGHT)
        state = SkillState.objects.of_learner(learner).get(skill=skill)
        standard = mastery.take_step(mastery.Standing(), mastery.Answer(True, NIGHT, "i"), 1)
        fitted = mastery.take_step(
            mastery.Standing(), mastery.Answer(True, NIGHT, "i"), 1, 0.9, tuple(own.parameters)
        )
        assert state.due == fitted.due != standard.due


@pytest.mark.django_db
def test_a_set_the_scheduler_cannot_take_is_passed_over():
    FittedParameters.objects.create(scope="site", parameters=[0.1] * 21, reviews=900)
    assert parameters.in_use(Learner(None, "k")) == parameters.STANDARD
    FittedParameters.objects.create(
        scope="learner", learner_key="k", parameters=list(DEFAULT_PARAMETERS[:5]), reviews=900
    )
    assert parameters.in_use(Learner(None, "k")) == parameters.STANDARD


@pytest.mark.django_db
def test_the_progress_page_says_which_set_schedules_the_learner():
    user = User.objects.create_user("nell", password="nell's long phrase 8")
    client = Client()
    client.force_login(user)
    body = client.get("/progress/").content.decode()
    assert "standard settings" in body and "fitted to your own answers takes over" in body
    with time_machine.travel(NIGHT, tick=False):
        FittedParameters.objects.create(
            scope="site", parameters=list(DEFAULT_PARAMETERS), reviews=4321, learners=30
        )
    body = client.get("/progress/").content.decode()
    assert "every learner" in body and "4321 reviews" in body
    with time_machine.travel(NIGHT, tick=False):
        FittedParameters.objects.create(
            scope="learner", user=user, parameters=list(DEFAULT_PARAMETERS), reviews=70
        )
    mine = client.get("/progress/").content.decode()
    assert "fitted to your own answers, in use since" in mine and "70 reviews" in mine
    assert NIGHT.strftime("%-d %B %Y") in body


@pytest.mark.django_db
def test_the_command_fits_now_and_says_what_it_made(capsys):
    population(25)
    call_command("fit_memory")
    out = capsys.readouterr().out
    assert "Site set:" in out and "now in use" in out
    assert FittedParameters.objects.filter(scope="site", active=True).exists()


@pytest.mark.django_db
def test_a_bad_fit_can_be_seen_and_rolled_back_from_the_command(capsys):
    with time_machine.travel(NIGHT, tick=False):
        old = FittedParameters.objects.create(
            scope="site", parameters=list(DEFAULT_PARAMETERS), reviews=800, active=False
        )
        new = FittedParameters.objects.create(
            scope="site",
            parameters=[w * 1.01 for w in DEFAULT_PARAMETERS],
            reviews=900,
            log_loss=0.5,
            default_log_loss=0.4,
        )
    call_command("fit_memory", "--list")
    listed = capsys.readouterr().out
    assert f"{new.pk}: " in listed and "log loss 0.5000 (defaults 0.4000) (in use)" in listed
    call_command("fit_memory", "--use", str(old.pk))
    assert FittedParameters.objects.get(active=True).pk == old.pk
    assert parameters.in_use(Learner(None, "k")).parameters == tuple(DEFAULT_PARAMETERS)
    with pytest.raises(CommandError):
        call_command("fit_memory", "--use", "999999")


@pytest.mark.django_db
def test_a_fit_that_cannot_beat_the_learners_own_average_is_kept_inactive():
    """Learners right at a fixed rate of their own, whenever asked: timing tells nothing.

    FSRS fitted on them can at best guess the site's average; each learner's
    own share right predicts better, so the fitted set must not schedule anyone.
    """
    rng = random.Random(5)
    rows = []
    for n in range(30):
        rate = 0.97 if n % 2 else 0.35
        for skill in skills.SKILLS:
            day = rng.randrange(3)
            gap = 1
            while day < 60:
                good = rng.random() < rate
                rows.append(
                    ReviewLog(
                        learner_key=f"flat-{n}",
                        skill=skill.key,
                        rating=3 if good else 1,
                        reviewed_at=START + timedelta(days=day, hours=10),
                        state_before=2 if gap > 1 else 0,
                        state_after=2,
                        source="drill",
                    )
                )
                gap = gap * 2 if good else 1
                day += gap
    ReviewLog.objects.bulk_create(rows)
    report = fit.run(NIGHT)
    assert report.site is not None and not report.site.active
    assert not FittedParameters.objects.filter(scope="site", active=True).exists()
    from lessons.memory import calibration

    kinds = {row.kind: row for row in calibration.latest()[1]}
    assert kinds["learner-average"].log_loss < kinds["site"].log_loss
