"""Mastery levels and the review schedule, as pure rules over one learner's skill.

The ladder (the README states the same rules):

- not started < learning < familiar < proficient < mastered;
- a right answer moves a skill up at most one level;
- proficient needs right answers, without hints, on at least two different
  items (the answer that makes it proficient is one of them);
- mastered needs, besides, a right answer without hints in a review (or a
  mastery challenge) on a later calendar day (UTC) than the answer that made
  the skill proficient;
- a wrong answer, or a right one found only after the last hint, moves the
  skill down one level, never below learning; other hints are help, not failure;
- in a mastery challenge a right answer makes a proficient (or mastered)
  skill mastered and a wrong one drops it to familiar; a challenge item
  that also exercises a skill not yet proficient moves that skill by the
  ordinary rules, as a review.

Reviews are scheduled by FSRS (the ``fsrs`` package, the scheduler Anki
uses): one card per learner and skill. An answer reviews the card only when
the card is due (or new): wrong is Again, right after hints Hard, right
Good. Due dates are whole UTC days: a card falls due at the start of the
day FSRS names, as a card in Anki is due on a day, so "due today" means the
same at breakfast and at night. An answer to a skill that is not due yet is
*practice*: it moves the level by the ladder above, and the card, its due
date and the review log not at all (docs/learning.md says why). That keeps
the schedule the site shows the one it runs: a skill "due in 42 days" is
reviewed in 42 days, however often it is practised in between. A review
always moves the due date to a later day, so a skill is reviewed at most
once a day. Learning steps of a few minutes suit flash cards, not skills
practised a few times a week, so the scheduler works in whole days from the
first answer. Fuzzing is off so the same answers always give the same
schedule.

Nothing here reads the database or the clock: ``step`` takes the stored
standing and one answer and returns the new standing, which is what the
thirty-day test drives.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache

from fsrs import Card, Rating, Scheduler

__all__ = ["Card"]

NOT_STARTED, ATTEMPTED, FAMILIAR, PROFICIENT, MASTERED = range(5)
# Level 1 is reached by the first answer, right or wrong, and by a slip from
# familiar: "Learning" is true of each, where "Attempted" told a learner whose
# first answer was right that they had only tried. (ATTEMPTED stays the
# constant's name so stored levels and callers keep their meaning.)
LEVEL_NAMES = ("Not started", "Learning", "Familiar", "Proficient", "Mastered")
# Items answered right without hints that the standing remembers: two are
# needed for proficient, and a third keeps the check honest after a repeat.
CLEAN_ITEMS_KEPT = 3
PRACTICE, REVIEW, NEW, CHALLENGE = "practice", "review", "new", "challenge"
# The pace of new material, like Anki's "new cards per day": a learner opens
# at most NEW_PER_DAY skills a day, one a day once PILED_UP reviews or more
# are waiting, and never none while any are left (the course must move on).
NEW_PER_DAY = 2
PILED_UP = 10


def new_allowance(waiting: int, opened_today: int) -> int:
    """How many more skills may be opened today, with ``waiting`` reviews due."""
    per_day = NEW_PER_DAY if waiting < PILED_UP else 1
    return max(0, per_day - opened_today)


@dataclass(frozen=True)
class Answer:
    """One graded answer as the rules see it."""

    correct: bool
    at: datetime  # aware, UTC
    item: str  # which item: "deal:<slug>" or "<kind>/<game>/<difficulty>/<seed>"
    hints: int = 0
    after_last_hint: bool = False  # right only once every hint was shown
    purpose: str = PRACTICE  # practice, review, new (a first item) or challenge

    @property
    def helped(self) -> bool:
        return self.hints > 0

    @property
    def counts_as_wrong(self) -> bool:
        return not self.correct or self.after_last_hint


@dataclass(frozen=True)
class Standing:
    """What the rules need to remember about one learner's skill."""

    level: int = NOT_STARTED
    clean_items: tuple[str, ...] = ()  # distinct items right without hints, newest last
    proficient_on: date | None = None  # the UTC day the skill last became proficient
    card: str = ""  # the FSRS card as JSON; "" before the first answer
    answers: int = 0
    rights: int = 0

    @property
    def name(self) -> str:
        return LEVEL_NAMES[self.level]


def level_name(level: int) -> str:
    return LEVEL_NAMES[level]


def next_level(standing: Standing, answer: Answer) -> tuple[int, tuple[str, ...], date | None]:
    """The level, remembered clean items and proficient day after ``answer``."""
    level, clean, since = standing.level, standing.clean_items, standing.proficient_on
    day = answer.at.date()
    if answer.purpose == CHALLENGE and level >= PROFICIENT:
        if answer.counts_as_wrong:
            return FAMILIAR, (), None
        return MASTERED, _remember(clean, answer), since or day
    if answer.counts_as_wrong:
        level = max(ATTEMPTED, level - 1)
        if level < PROFICIENT:
            since = None
        return level, (), since
    if not answer.helped:
        clean = _remember(clean, answer)
    if level <= ATTEMPTED:
        return level + 1, clean, since
    if level == FAMILIAR:
        if not answer.helped and len(set(clean)) >= 2:
            return PROFICIENT, clean, day
        return FAMILIAR, clean, since
    if level == PROFICIENT:
        later_day = since is not None and day > since
        if answer.purpose in (REVIEW, CHALLENGE) and not answer.helped and later_day:
            return MASTERED, clean, since
        return PROFICIENT, clean, since
    return MASTERED, clean, since


def _remember(clean: tuple[str, ...], answer: Answer) -> tuple[str, ...]:
    kept = tuple(item for item in clean if item != answer.item) + (answer.item,)
    return kept[-CLEAN_ITEMS_KEPT:]


def rating(answer: Answer) -> Rating:
    if not answer.correct:
        return Rating.Again
    return Rating.Hard if answer.helped else Rating.Good


@lru_cache(maxsize=64)
def scheduler(
    desired_retention: float = 0.9, parameters: tuple[float, ...] | None = None
) -> Scheduler:
    """The FSRS scheduler for a retention and a parameter set (None: the package's defaults)."""
    if parameters:
        return Scheduler(
            parameters=parameters,
            desired_retention=desired_retention,
            learning_steps=(),
            relearning_steps=(),
            enable_fuzzing=False,
        )
    return Scheduler(
        desired_retention=desired_retention,
        learning_steps=(),
        relearning_steps=(),
        enable_fuzzing=False,
    )


@dataclass(frozen=True)
class MemoryState:
    """What FSRS knew of a card at one moment: its state, stability and difficulty."""

    state: int  # fsrs.State: 1 learning, 2 review, 3 relearning; 0 before the first review
    stability: float | None
    difficulty: float | None

    @classmethod
    def of(cls, card: Card | None) -> MemoryState:
        if card is None:
            return cls(0, None, None)
        return cls(int(card.state), card.stability, card.difficulty)


@dataclass(frozen=True)
class Review:
    """The FSRS review one answer was: what the review log keeps."""

    rating: int  # fsrs.Rating: 1 Again, 2 Hard, 3 Good
    elapsed_days: float | None  # since the card's last review; None for its first
    before: MemoryState
    after: MemoryState


@dataclass(frozen=True)
class Step:
    standing: Standing
    due: datetime
    review: Review | None  # None: the card was not due, so the answer was practice


def day_start(moment: datetime) -> datetime:
    """The start (00:00 UTC) of ``moment``'s UTC day: when a card due that day falls due."""
    day = moment.astimezone(UTC).date()
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def is_review(card: Card | None, at: datetime) -> bool:
    """Whether an answer at ``at`` reviews the card: it is new, or due (``at`` is past its due).

    Anything earlier is practice and leaves the card alone.
    """
    if card is None or card.last_review is None:
        return True
    return card.due is None or at >= card.due


def review(
    card: Card,
    grade: Rating,
    at: datetime,
    desired_retention: float = 0.9,
    parameters: tuple[float, ...] | None = None,
) -> Card:
    """The card after one review on ``at``'s day, due at the start of the day FSRS names.

    The review is taken at the start of its UTC day, so the gaps FSRS sees
    are whole days, as the nightly fit counts them and as Anki counts them.
    """
    after, _ = scheduler(desired_retention, parameters).review_card(
        card, grade, review_datetime=day_start(at)
    )
    assert after.due is not None
    after.due = max(day_start(after.due), day_start(at) + timedelta(days=1))
    return after


def reviews(standing: Standing, at: datetime) -> bool:
    """Whether an answer at ``at`` would review the standing's card (``is_review``).

    Only a review needs the learner's retention and FSRS parameters, so the
    caller reads them only when this says so.
    """
    return is_review(Card.from_json(standing.card) if standing.card else None, at)


def take_step(
    standing: Standing,
    answer: Answer,
    card_id: int,
    desired_retention: float = 0.9,
    parameters: tuple[float, ...] | None = None,
) -> Step:
    """The standing after one answer, when the skill is next due, and the review it was.

    Only an answer to a due (or new) card reviews it; an earlier one is
    practice, keeps the card and its due date and moves the level alone. For
    the ladder, an on-time answer counts as a review whatever the caller
    meant it as (mastered needs a review on a later day).
    """
    old = Card.from_json(standing.card) if standing.card else None
    on_time = is_review(old, answer.at)
    if on_time and old is not None and answer.purpose in (PRACTICE, NEW):
        answer = replace(answer, purpose=REVIEW)
    level, clean, since = next_level(standing, answer)
    done: Review | None = None
    card = old or Card(card_id=card_id)
    if on_time:
        card = review(card, rating(answer), answer.at, desired_retention, parameters)
        elapsed = None
        if old is not None and old.last_review is not None:
            elapsed = float((day_start(answer.at) - day_start(old.last_review)).days)
        done = Review(int(rating(answer)), elapsed, MemoryState.of(old), MemoryState.of(card))
    new = replace(
        standing,
        level=level,
        clean_items=clean,
        proficient_on=since,
        card=card.to_json(),
        answers=standing.answers + 1,
        rights=standing.rights + (0 if answer.counts_as_wrong else 1),
    )
    assert card.due is not None
    return Step(new, card.due, done)


def step(
    standing: Standing, answer: Answer, card_id: int, desired_retention: float = 0.9
) -> tuple[Standing, datetime]:
    """The standing after one answer, and when the skill is next due for review."""
    taken = take_step(standing, answer, card_id, desired_retention)
    return taken.standing, taken.due


def retrievability(
    card_json: str | dict[str, object] | None,
    at: datetime,
    parameters: tuple[float, ...] | None = None,
) -> float:
    """The chance FSRS gives of a right answer at ``at``; 0 for a card never reviewed."""
    if not card_json:
        return 0.0
    text = card_json if isinstance(card_json, str) else json.dumps(card_json)
    card = Card.from_json(text)
    if card.last_review is None:
        return 0.0
    return float(scheduler(0.9, parameters).get_card_retrievability(card, at))


def next_move(level: int, clean_items: tuple[str, ...], proficient_on: date | None) -> str:
    """What moves a skill up from here, in the ladder's own terms (shown on /progress/)."""
    if level == NOT_STARTED:
        return "Answer one item to start it."
    if level == ATTEMPTED:
        return "One right answer makes it Familiar."
    if level == FAMILIAR:
        distinct = len(set(clean_items))
        if distinct == 0:
            return "2 right answers without hints, on different items, make it Proficient."
        if distinct == 1:
            return "1 more right answer without hints, on a different item, makes it Proficient."
        return "1 more right answer without hints makes it Proficient."
    if level == PROFICIENT:
        day = f" after {proficient_on:%-d %B}" if proficient_on else ""
        return (
            f"A right answer without hints in a review on a later day{day}, "
            "or a mastery challenge, makes it Mastered."
        )
    return "Mastered: reviews keep it that way."


def due_in_words(due: datetime | None, now: datetime) -> str:
    """ "Due now", "Due tomorrow", "Due in 5 days": how a learner reads a review date."""
    if due is None:
        return "Not scheduled"
    if due <= now:
        return "Due now"
    days = (due.date() - now.date()).days
    if days <= 0:
        hours = max(1, int((due - now) / timedelta(hours=1)))
        return f"Due in {hours} hour{'s' * (hours != 1)}"
    if days == 1:
        return "Due tomorrow"
    return f"Due in {days} days"
