"""One pasted hand: checked by the engine, held in the session, saved only on request.

A learner pastes one hand from a card room's history. The same reader and
checks as the teachers' import decide whether it replays; a hand that does
is kept in the learner's session (not the database) under a digest of its
notation, so every step has its own URL and the page works without
JavaScript. Saving it, which needs an account, makes a ``RealHand`` the
learner owns: private, or shareable by its link.

Anyone can paste, so pastes are counted per address and minute (the odds
page's approach): reading a hand costs a few milliseconds, and a flood of
large pastes should not cost a worker more than that many a minute.
"""

from __future__ import annotations

import hashlib
import secrets
import time

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.db import IntegrityError, transaction
from django.urls import reverse

from badacey_site import shared_counts
from lessons.hands.hand_import import MAX_PASTE_CHARS, HandReport, check
from lessons.models import RealHand

PASTES_PER_MINUTE = 30
HELD_IN_SESSION = 5  # the last few pasted hands stay replayable
SESSION_KEY = "pasted_hands"


class PasteForm(forms.Form):
    """The text of one hand; ``clean`` reads and verifies it through the engine."""

    hand = forms.CharField(
        label="One hand from your card room's history",
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "class": "font-monospace"}),
        max_length=MAX_PASTE_CHARS,
        strip=False,
        error_messages={
            "required": "Paste the text of one hand, from its first line to its summary.",
            "max_length": (
                f"One hand is at most {MAX_PASTE_CHARS:,} characters; this paste has "
                "%(show_value)d. Paste a single hand."
            ),
        },
        help_text=(
            "Copy one hand, from its first line (such as “#20100001: Limit Badacey - 10/20” or "
            "“PokerStars Game #…”) to the end of its summary. Nothing is saved."
        ),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.report: HandReport | None = None
        self.helper = FormHelper()
        self.helper.form_method = "post"
        self.helper.form_action = reverse("lessons:paste_hand")
        self.helper.add_input(Submit("replay", "Replay this hand"))

    def clean_hand(self) -> str:
        text = self.cleaned_data["hand"]
        reports = check(text.encode("utf-8"), "the paste")
        if len(reports) > 1:
            raise forms.ValidationError(
                f"The paste holds {len(reports)} hands; paste one hand at a time."
            )
        report = reports[0]
        if not report.ok:
            raise forms.ValidationError(_sentence(report.line["message"]))
        self.report = report
        return text


def _sentence(message: str) -> str:
    message = message[:1].upper() + message[1:]
    return message if message.endswith(".") else message + "."


def paste_allowed(address: str | None) -> bool:
    """Count one paste against ``address`` this minute; False once over the cap."""
    key = f"replay-paste:{address or 'unknown'}:{int(time.time() // 60)}"
    return shared_counts.add_one(key, 120) <= PASTES_PER_MINUTE


def hold(session, report: HandReport) -> str:
    """Keep a checked hand in the session; returns the key its replay URL uses."""
    assert report.history is not None
    key = hashlib.sha256(report.history.encode()).hexdigest()[:20]
    held = dict(session.get(SESSION_KEY, {}))
    held.pop(key, None)
    held[key] = {
        "history": report.history,
        "room": report.room,
        "hand": str(report.line["hand"]),
        "game": report.game,
    }
    session[SESSION_KEY] = dict(list(held.items())[-HELD_IN_SESSION:])
    return key


def held(session, key: str) -> dict[str, str] | None:
    return session.get(SESSION_KEY, {}).get(key)


def save_for(user, hand: dict[str, str], *, shared: bool) -> tuple[RealHand, bool]:
    """The learner's stored copy of a held hand; the second value is False if it existed."""
    found = RealHand.objects.filter(owner=user, room=hand["room"], hand_id=hand["hand"]).first()
    if found is not None:
        if shared and not found.shared:
            found.shared = True
            found.save(update_fields=["shared"])
        return found, False
    try:
        with transaction.atomic():
            stored = RealHand.objects.create(
                slug=secrets.token_urlsafe(12).lower().replace("_", "-"),
                room=hand["room"],
                hand_id=hand["hand"],
                game=hand["game"],
                history=hand["history"],
                owner=user,
                shared=shared,
            )
    except IntegrityError:  # a double click saved it a moment ago
        return RealHand.objects.get(owner=user, room=hand["room"], hand_id=hand["hand"]), False
    return stored, True
