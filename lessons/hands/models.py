"""The real hands feature's table: card-room hands imported by teachers or saved by learners."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse

from lessons.deals.models import game_choices


class RealHandQuerySet(models.QuerySet):
    def imported(self) -> RealHandQuerySet:
        """The teachers' imports: hands no learner owns."""
        return self.filter(owner__isnull=True)


class RealHand(models.Model):
    """A hand from a card room's history, stored as deal notation for the replayer.

    Not a ``Deal``: a deal is a question and needs every seat's cards, and a
    real hand usually shows only one player's. It is either a teacher's
    import (no owner; learners see it once published) or a learner's saved
    paste (private to its owner unless shared, when the link opens it for
    anyone). Importing the same hand again finds its row instead of adding one.
    """

    slug = models.SlugField(max_length=80, unique=True)
    room = models.CharField(max_length=60)
    hand_id = models.CharField(max_length=40)
    game = models.CharField(max_length=30, choices=game_choices)
    history = models.TextField(help_text="The hand in deal notation, as the replayer reads it.")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="real_hands",
        help_text="The learner who saved it; empty for a teacher's import.",
    )
    shared = models.BooleanField(
        default=False, help_text="Anyone with the link may replay a learner's saved hand."
    )
    published = models.BooleanField(
        default=False, help_text="Learners see an imported hand only once this is ticked."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = RealHandQuerySet.as_manager()

    class Meta:
        ordering = ["room", "hand_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["room", "hand_id"],
                condition=models.Q(owner__isnull=True),
                name="realhand_one_import_per_room_hand",
            ),
            models.UniqueConstraint(
                fields=["owner", "room", "hand_id"],
                condition=models.Q(owner__isnull=False),
                name="realhand_one_save_per_learner_hand",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.room} hand {self.hand_id}"

    def get_absolute_url(self) -> str:
        return reverse("lessons:replay_hand", args=[self.slug])

    def visible_to(self, user: Any) -> bool:
        """Who may replay it: an import once published (staff before), a save its owner,
        and anyone with the link once the owner shares it. A private save is private
        from staff too: nothing on the site needs a learner's unshared hands."""
        signed_in = bool(user.is_authenticated)
        if self.owner_id is None:
            return self.published or (signed_in and user.is_staff)
        return self.shared or (signed_in and user.pk == self.owner_id)
