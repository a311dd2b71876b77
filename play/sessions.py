"""A sitting at the study table: the hands played one after another, summed every ten.

A sitting is the learner's run of finished hands with no more than
``PAUSE`` between one hand's start and the next: the "next hand" button
deals at once, so a break longer than that starts a new sitting. After every
``EVERY`` hands of a sitting, the table shows the last ``EVERY``: hands,
error rate, blunders and chips. Sums of the hands' own columns, so one
query, and nothing stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from lessons.models import Learner
from play.models import PlayedHand

EVERY = 10
PAUSE = timedelta(minutes=30)
LOOK_BACK = 200  # a sitting longer than this is summed over its latest hands only


@dataclass(frozen=True)
class Summary:
    hands: int
    decisions: int
    blunders: int
    mistakes: float
    chips: int

    @property
    def error_rate(self) -> float | None:
        """Mistake size per decision, in big bets, as the history page counts it."""
        return self.mistakes / self.decisions if self.decisions else None


def sitting(learner: Learner, hand: PlayedHand) -> list[PlayedHand]:
    """The finished hands of the sitting that ``hand`` ends, newest first."""
    if not learner.known:
        return []
    rows = list(
        PlayedHand.objects.of_learner(learner)
        .filter(is_over=True, created_at__lte=hand.created_at)
        .only("created_at", "decisions", "blunders", "mistake_total", "net")[:LOOK_BACK]
    )
    run: list[PlayedHand] = []
    for row in rows:
        if run and run[-1].created_at - row.created_at > PAUSE:
            break
        run.append(row)
    return run


def summary_after(learner: Learner, hand: PlayedHand) -> Summary | None:
    """The last ``EVERY`` hands' figures when ``hand`` ends a tenth hand of its sitting."""
    if not hand.is_over:
        return None
    run = sitting(learner, hand)
    if not run or run[0].pk != hand.pk or len(run) % EVERY:
        return None
    last = run[:EVERY]
    return Summary(
        hands=len(last),
        decisions=sum(h.decisions for h in last),
        blunders=sum(h.blunders for h in last),
        mistakes=sum(h.mistake_total for h in last),
        chips=sum(h.net or 0 for h in last),
    )
