"""The LTI app's tables: a course's class, a link's work, a learner's score, used nonces.

django-lti keeps the platform's side (registrations, deployments, users,
courses as ``LtiContext``, resource links); these tables tie that side to the
site's own: one class per platform course, one piece of work per link, one
score row per learner and link.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from lti_tool.models import LtiContext, LtiResourceLink, LtiUser

from lessons.models import Classroom


class CourseClass(models.Model):
    """The site's class for one course on one platform deployment (one row per course)."""

    context = models.OneToOneField(LtiContext, on_delete=models.CASCADE, related_name="+")
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="lti_courses")
    created_at = models.DateTimeField(default=timezone.now)
    # The last import of the course site's member list (lti.roster.import_roster, a task).
    IDLE, QUEUED, DONE, FAILED = "idle", "queued", "done", "failed"
    ROSTER_STATES = [
        (IDLE, "Never imported"),
        (QUEUED, "Importing"),
        (DONE, "Imported"),
        (FAILED, "Could not import"),
    ]
    roster_state = models.CharField(max_length=10, choices=ROSTER_STATES, default=IDLE)
    roster_at = models.DateTimeField(null=True, blank=True)
    roster_message = models.CharField(max_length=300, blank=True)

    class Meta:
        verbose_name = "course's class"
        verbose_name_plural = "courses' classes"
        constraints = [
            models.UniqueConstraint(fields=["context"], name="lti_one_class_per_course"),
        ]

    def __str__(self) -> str:
        return f"{self.context} → {self.classroom}"


class LinkedWork(models.Model):
    """What one link in a course opens, and the gradebook column its scores go to.

    ``target`` is a target string (see ``lti.targets``); ``lineitem_url`` is
    empty when the platform made the link without a gradebook column.
    """

    resource_link = models.OneToOneField(
        LtiResourceLink, on_delete=models.CASCADE, related_name="+"
    )
    target = models.CharField(max_length=200)
    lineitem_url = models.URLField(max_length=500, blank=True)
    can_publish_scores = models.BooleanField(default=False)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name_plural = "linked work"
        constraints = [
            models.UniqueConstraint(fields=["resource_link"], name="lti_one_work_per_link"),
        ]

    def __str__(self) -> str:
        return f"{self.resource_link}: {self.target}"

    @property
    def graded(self) -> bool:
        return bool(self.lineitem_url and self.can_publish_scores)


class LearnerScore(models.Model):
    """One learner's score for one graded link: waiting, queued, sent, or failed.

    The row exists from the learner's first launch of the link, so a teacher
    sees who has started; the unique constraint and the guarded move from
    ``waiting`` to ``queued`` make one completion send exactly one score.
    """

    WAITING, QUEUED, SENT, FAILED = "waiting", "queued", "sent", "failed"
    STATES = [
        (WAITING, "Not finished yet"),
        (QUEUED, "Finished; score queued"),
        (SENT, "Score sent"),
        (FAILED, "Sending failed"),
    ]

    work = models.ForeignKey(LinkedWork, on_delete=models.CASCADE, related_name="scores")
    platform_user = models.ForeignKey(LtiUser, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lti_scores"
    )
    state = models.CharField(max_length=10, choices=STATES, default=WAITING)
    started_at = models.DateTimeField(default=timezone.now)
    attempts = models.PositiveSmallIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)

    class Meta:
        ordering = ["work", "user"]
        constraints = [
            models.UniqueConstraint(fields=["work", "user"], name="lti_one_score_per_learner"),
        ]

    def __str__(self) -> str:
        return f"{self.user} on {self.work}: {self.state}"


class UsedNonce(models.Model):
    """A launch's nonce, kept so the same id token is never accepted twice.

    pylti1p3 checks that a nonce was issued at login but does not retire it;
    this unique row does. Rows older than a day are pruned at each launch
    (an id token that old is expired anyway).
    """

    issuer = models.CharField(max_length=255)
    nonce = models.CharField(max_length=255)
    used_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["issuer", "nonce"], name="lti_nonce_used_once"),
        ]

    def __str__(self) -> str:
        return self.nonce


class LaunchState(models.Model):
    """LTI login state (state, nonce) and launch data, when the site runs without Redis.

    pylti1p3 keeps what the login step issued in a Django cache and reads it
    back at the launch; each gunicorn worker's memory cache would see only its
    own, and a launch landing on the other worker was refused. This is the
    table of the ``lti`` cache alias (``badacey_site.settings``), Django's
    database cache, so every worker shares it: the columns are the ones
    ``DatabaseCache`` reads and writes, made by a migration instead of
    ``createcachetable``. With ``REDIS_URL`` the alias is Redis instead.
    """

    cache_key = models.CharField(max_length=255, primary_key=True)
    value = models.TextField()
    expires = models.DateTimeField(db_index=True)

    class Meta:
        db_table = "lti_launch_state"
        verbose_name = "LTI login state"

    def __str__(self) -> str:
        return self.cache_key
