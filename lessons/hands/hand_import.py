"""Card-room hand histories into stored real hands, hand by hand.

The evaluator reads and verifies each hand (``evaluator.hand_histories``);
this module turns each verified hand into a ``RealHand`` row. Each hand is
saved in its own transaction, so a hand that fails saves nothing and never
stops the others. A hand already stored with the same history is left alone
and reported unchanged, so importing the same file twice changes nothing.

The per-hand report is the same JSON-able line ``--check`` prints, so the
command, the admin's confirm page and the engine's own CLI say the same
thing about every hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.text import slugify

from evaluator.errors import EvaluatorError
from evaluator.hand_histories import (
    HandHistoryError,
    HandResult,
    hand_line,
    iter_bytes,
    room_name,
    summary,
    to_notation,
)
from evaluator.hand_histories.check import file_error_line
from lessons.models import RealHand

# A paste or an upload through the site; the command reads files up to the engine's own cap.
MAX_UPLOAD_BYTES = 2 * 1024 * 1024
MAX_PASTE_CHARS = 20_000


@dataclass(frozen=True)
class HandReport:
    """One hand: the report line, and what would be stored when it is ok."""

    line: dict[str, Any]
    room: str | None = None
    history: str | None = None
    game: str | None = None

    @property
    def ok(self) -> bool:
        return self.history is not None


@dataclass
class ImportOutcome:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"{len(self.created)} new hand(s), {len(self.updated)} updated, "
            f"{len(self.unchanged)} unchanged, {len(self.refused)} not imported"
        )


def check(
    data: bytes, name: str = "the upload", *, max_bytes: int | None = None
) -> list[HandReport]:
    """Read and verify every hand of a file; nothing is saved.

    Each hand is read, replayed and written as notation before the next is
    read, and only its report is kept, so a large file never holds every
    hand's replay at once.
    """
    try:
        results = iter_bytes(data) if max_bytes is None else iter_bytes(data, max_bytes=max_bytes)
        # A file refused whole is refused before its first hand.
        return [_report(result) for result in results]
    except HandHistoryError as error:
        return [HandReport(file_error_line(error, name))]


def report_summary(reports: list[HandReport]) -> dict[str, Any]:
    return summary([report.line for report in reports])


def _report(result: HandResult) -> HandReport:
    line = hand_line(result)
    if result.verified is None:
        return HandReport(line)
    try:
        history = to_notation(result.verified)
    except EvaluatorError as error:  # HandHistoryError, or a DealError from the notation
        return HandReport(line | {"ok": False, "message": str(error)})
    return HandReport(line, room_name(result.verified), history, result.verified.game)


def import_reports(
    reports: list[HandReport],
    *,
    publish: bool = False,
    progress: Callable[[int], None] | None = None,
) -> ImportOutcome:
    """Store every ok hand as a teacher's import, one transaction per hand.

    ``progress`` is told how many ok hands have been stored so far, after each.
    """
    outcome = ImportOutcome()
    stored = 0
    for report in reports:
        if not report.ok:
            outcome.refused.append(report.line["message"])
            continue
        try:
            with transaction.atomic():
                state = _store(report, publish)
        except IntegrityError:
            # Another teacher stored the same new hand a moment before this
            # request's look found nothing: store it again, now as found.
            with transaction.atomic():
                state = _store(report, publish)
        getattr(outcome, state).append(str(report.line["hand"]))
        stored += 1
        if progress is not None:
            progress(stored)
    return outcome


@transaction.atomic(savepoint=False)  # its row lock needs a transaction
def _store(report: HandReport, publish: bool) -> str:
    assert report.room is not None and report.history is not None and report.game is not None
    hand_id = str(report.line["hand"])
    found = (
        RealHand.objects.imported()
        .select_for_update()
        .filter(room=report.room, hand_id=hand_id)
        .first()
    )
    if found is not None:
        if found.history == report.history and (found.published or not publish):
            return "unchanged"
        found.history, found.game = report.history, report.game
        found.published = found.published or publish
        found.save(update_fields=["history", "game", "published"])
        return "updated"
    RealHand.objects.create(
        slug=free_slug(report.room, hand_id),
        room=report.room,
        hand_id=hand_id,
        game=report.game,
        history=report.history,
        published=publish,
    )
    return "created"


def free_slug(room: str, hand_id: str) -> str:
    """The room and hand id as a slug; two rooms that slugify alike get a number."""
    base = slugify(f"{room}-{hand_id}")[:72] or "hand"
    slug, n = base, 1
    while RealHand.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug
