"""/about/memory/: the predictions against later answers, with no data, a little and a lot."""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime, timedelta

import pytest
from django.utils.html import escape

from lessons.memory import calibration, fit
from lessons.models import CalibrationReport, Learner, ReviewLog
from tests.lessons.memory_sim import reviews_of

pytestmark = pytest.mark.django_db
NIGHT = datetime(2026, 3, 8, 3, 30, tzinfo=UTC)


def fill(learners: int, days: int = 60, seed: int = 3) -> None:
    rng = random.Random(seed)
    start = NIGHT - timedelta(days=days)
    ReviewLog.objects.bulk_create(
        row
        for n in range(learners)
        for row in reviews_of(Learner(None, f"cal-{seed}-{n}"), start, days, rng)
    )


def test_before_any_fit_the_page_says_nothing_is_measured(client):
    body = client.get("/about/memory/").content.decode()
    assert "Not measured yet" in body and "<svg" not in body


def test_with_a_little_data_the_page_says_so_instead_of_scores(client):
    fill(2, days=10)
    fit.run(NIGHT)
    report = CalibrationReport.objects.get()
    (defaults,) = [r for r in calibration.latest()[1] if r.kind == "defaults"]
    assert 0 < defaults.reviews < calibration.MIN_REVIEWS
    body = client.get("/about/memory/").content.decode()
    assert "Too little data so far" in body and "<svg" not in body
    assert f"{defaults.reviews} answer" in body and report.made_at.strftime("%-d %B %Y") in body
    assert "cal-3-0" not in body  # no learner is named


def test_with_a_lot_of_data_the_page_scores_each_set_and_draws_the_calibration(client):
    fill(25)
    fit.run(NIGHT)
    _, rows = calibration.latest()
    kinds = {row.kind: row for row in rows}
    assert set(kinds) == {"defaults", "site", "own", "learner-average", "skill-average"}
    assert all(row.enough for row in rows)
    # These learners forget faster than the defaults say: the fitted sets predict better,
    # and better than the baselines that know nothing of when each review came.
    for other in ("defaults", "learner-average", "skill-average"):
        assert kinds["site"].log_loss < kinds[other].log_loss, other
    assert kinds["site"].rmse < kinds["defaults"].rmse
    assert kinds["site"].learners == 25 and kinds["own"].learners >= 1
    # The time folds test every learner; each learner's win is shared out among the rows.
    folded = [kinds[k] for k in ("defaults", "site", "learner-average", "skill-average")]
    assert sum(row.wins for row in folded) == pytest.approx(1.0)
    assert kinds["site"].wins > kinds["learner-average"].wins
    body = client.get("/about/memory/").content.decode()
    assert "<svg" in body and "Predicted against actual" in body
    for row in rows:
        assert f"{row.log_loss:.3f}" in body and f"<td>{row.reviews}</td>" in body
        assert escape(row.name) in body
        if row.wins is not None:
            assert f"<td>{round(100 * row.wins)}%</td>" in body
    for row in folded[:2]:
        assert body.count("<circle") >= len(row.bins)


def test_the_scores_are_the_usual_definitions():
    chances = [0.9, 0.8, 0.3, 0.6]
    right = [True, True, False, False]
    found = calibration.score("defaults", chances, right, 1)
    expected = -(math.log(0.9) + math.log(0.8) + math.log(0.7) + math.log(0.4)) / 4
    assert found.log_loss == pytest.approx(expected)
    assert found.auc == 1.0  # every right answer was given more than every wrong one
    assert calibration.auc([0.5, 0.5], [True, False]) == 0.5
    assert calibration.auc([0.2, 0.9], [True, False]) == 0.0
    # One bin per tenth: 0.9 and 0.8 alone, 0.3 and 0.6 alone.
    assert [(b.reviews, b.actual) for b in found.bins] == [(1, 0.0), (1, 0.0), (1, 1.0), (1, 1.0)]
    assert found.rmse == pytest.approx(math.sqrt((0.3**2 + 0.6**2 + 0.2**2 + 0.1**2) / 4))
