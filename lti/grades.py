"""Scores back to the course's gradebook (LTI Assignment and Grade Services), as a task.

pylti1p3 (under django-lti) signs the access-token request and posts the
score; this module decides what an answer means. A 409 says the platform
already holds this score, so it counts as sent. A 5xx, a 429 or a network
error is tried again later, each wait twice the last (``LTI_SCORE_RETRY_SECONDS``,
then double, up to ``MAX_ATTEMPTS`` tries); any other refusal (a 4xx: the
column was deleted, the scope withdrawn) will not mend itself, so the score
is marked failed at once. Every outcome is kept on the ``LearnerScore`` row
the teacher sees.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any, Final

import requests
from django.conf import settings
from django.tasks import task, task_backends
from django.utils import timezone
from pylti1p3.assignments_grades import AssignmentsGradesService
from pylti1p3.exception import LtiException, LtiServiceException
from pylti1p3.grade import Grade
from pylti1p3.service_connector import ServiceConnector

from lti.models import LearnerScore

SCORE_SCOPE: Final = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
MAX_ATTEMPTS = 6
# A platform that never answers must not hold the worker: seconds per request.
TIMEOUT = 10


class _PatientSession(requests.Session):
    """A requests session whose every call has a timeout (requests has none by default)."""

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        kwargs.setdefault("timeout", TIMEOUT)
        return super().request(*args, **kwargs)


def retry_delay(attempts: int) -> timedelta:
    """The wait before try ``attempts + 1``: the base, doubled after each failure."""
    base = getattr(settings, "LTI_SCORE_RETRY_SECONDS", 30)
    return timedelta(seconds=base * 2 ** max(attempts - 1, 0))


def _grade(score: LearnerScore) -> Grade:
    stamp = timezone.now().isoformat(timespec="milliseconds")
    return (
        Grade()
        .set_score_given(1)
        .set_score_maximum(1)
        .set_activity_progress("Completed")
        .set_grading_progress("FullyGraded")
        .set_timestamp(stamp)
        .set_user_id(score.platform_user.sub)
    )


def _post(score: LearnerScore) -> None:
    registration = score.work.resource_link.context.deployment.registration
    connector = ServiceConnector(registration.to_registration(), _PatientSession())
    service = AssignmentsGradesService(
        connector, {"scope": [SCORE_SCOPE], "lineitem": score.work.lineitem_url}
    )
    service.put_grade(_grade(score))


def _retry_later(score: LearnerScore) -> None:
    backend = task_backends[send_score.backend]
    if backend.supports_defer:
        later = timezone.now() + retry_delay(score.attempts)
        send_score.using(run_after=later).enqueue(score.pk)
    else:  # the tests' immediate backend cannot wait: it tries again at once
        send_score.enqueue(score.pk)


@task
def send_score(score_id: int) -> str:
    """Post one finished learner's score to the link's line item; returns the outcome."""
    score = (
        LearnerScore.objects.select_related(
            "platform_user", "work__resource_link__context__deployment__registration"
        )
        .filter(pk=score_id)
        .first()
    )
    if score is None or score.state != LearnerScore.QUEUED:
        return "nothing to send"
    score.attempts += 1
    retry = False
    try:
        _post(score)
    except LtiServiceException as error:
        status = error.response.status_code
        if status == 409:
            score.state, score.sent_at = LearnerScore.SENT, timezone.now()
            score.last_error = "The platform already had this score (409)."
        else:
            score.last_error = f"The platform answered {status}: {error.response.text[:300]}"
            retry = status >= 500 or status == 429
            score.state = LearnerScore.QUEUED if retry else LearnerScore.FAILED
    except requests.RequestException as error:
        score.last_error = f"The platform could not be reached: {error}"[:500]
        retry = True
    except LtiException as error:  # no line item, no score scope: nothing to retry
        score.state, score.last_error = LearnerScore.FAILED, str(error)[:500]
    else:
        score.state, score.sent_at, score.last_error = LearnerScore.SENT, timezone.now(), ""
    if retry and score.attempts >= MAX_ATTEMPTS:
        score.state, retry = LearnerScore.FAILED, False
        score.last_error += f" Gave up after {score.attempts} tries."
    score.save(update_fields=["state", "attempts", "sent_at", "last_error"])
    if retry:
        _retry_later(score)
    return score.state
