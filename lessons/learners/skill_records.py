"""Keeping each learner's skills up to date as answers are recorded.

``lessons.learners.progress`` calls ``after_answer`` inside the transaction
that inserts the attempt, so the attempt and the skill it moves are saved
together or not at all. Each skill an answer exercises is one row
(``SkillState``), read under a row lock and written back once: two tabs
answering at the same moment queue on the row instead of overwriting each
other's step.

An answer's parts are grouped by skill (``lessons.skills.skills_for``): a
skill counts as right when every part that exercises it was right. Hints
are counted per part; a right answer found only after the last hint of its
part counts as wrong for the level (``lessons.learners.mastery``).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

from evaluator import settle
from evaluator.drills import KINDS as DRILL_KINDS
from evaluator.drills import DrillItem, generate
from evaluator.errors import EvaluatorError
from evaluator.profiles import get_profile
from lessons import skills
from lessons.deals import parts as part_kinds
from lessons.learners import mastery
from lessons.memory import parameters as memory_parameters
from lessons.memory import retention as memory_retention
from lessons.memory import review_log
from lessons.models import (
    FittedParameters,
    Learner,
    RetentionChoice,
    ReviewLog,
    SkillState,
    StudySession,
)

MISTAKES_KEPT = 5


@dataclass(frozen=True)
class SkillAnswer:
    """How one answer went for one skill."""

    skill: str
    correct: bool
    hints: int = 0
    after_last_hint: bool = False
    misconception: str = ""


@dataclass(frozen=True)
class Change:
    skill: str
    before: int
    after: int
    # The FSRS review the answer was for this skill; None for a later answer the same day.
    review: mastery.Review | None = None


def group_by_skill(
    part_list: Sequence[dict[str, Any]],
    game: str,
    shows: set[str],
    oks: Sequence[bool],
    hints: Sequence[int],
    all_hints: Sequence[int | None],
    mistakes: Sequence[str],
) -> list[SkillAnswer]:
    """One ``SkillAnswer`` per skill the parts exercise, in the order first met.

    ``oks``, ``hints``, ``all_hints`` (how many hints the part offers, None
    when not worked out) and ``mistakes`` (a misconception name or "") are per part.
    """
    found: dict[str, dict[str, Any]] = {}
    for index, keys in enumerate(skills.skills_of_parts(part_list, game, shows)):
        ok = oks[index] if index < len(oks) else False
        taken = hints[index] if index < len(hints) else 0
        offered = all_hints[index] if index < len(all_hints) else None
        last = bool(ok and taken and offered is not None and taken >= offered)
        for key in keys:
            entry = found.setdefault(key, {"correct": True, "hints": 0, "last": False, "m": ""})
            entry["correct"] = entry["correct"] and ok
            entry["hints"] += taken
            entry["last"] = entry["last"] or last
            if not ok and not entry["m"] and index < len(mistakes):
                entry["m"] = mistakes[index]
    return [
        SkillAnswer(key, e["correct"], e["hints"], e["last"], e["m"]) for key, e in found.items()
    ]


def from_results(table: Any, results: Sequence[Any], shows: set[str]) -> list[SkillAnswer]:
    """Skill answers from a checked form's ``PartResult``s (several per part for winners)."""
    count = len(table.parts)
    oks, hints, mistakes = [True] * count, [0] * count, [""] * count
    for result in results:
        index = result.index if 0 <= result.index < count else 0
        oks[index] = oks[index] and bool(result.ok)
        hints[index] = max(hints[index], int(result.hints or 0))
        if not result.ok and result.misconception is not None and not mistakes[index]:
            mistakes[index] = result.misconception.name
    offered: list[int | None] = []
    for index, part in enumerate(table.parts):
        # Only a right answer found with hints needs to know how many there were.
        if oks[index] and hints[index]:
            offered.append(len(part_kinds.kind_of(part).hints(part, table)[: part_kinds.MAX_HINTS]))
        else:
            offered.append(None)
    return group_by_skill(table.parts, table.game, shows, oks, hints, offered, mistakes)


def table_shows(table: Any) -> set[str]:
    """What a stored deal or a drill table shows, settled only when a payouts part asks."""
    shows: set[str] = set()
    item = getattr(table, "item", None)
    if isinstance(item, DrillItem) and item.kind == "betting":
        shows.add(skills.BETTING)
    if any(p.get("kind") == "payouts" for p in table.parts) and table.seats:
        shows |= skills.settlement_shows(table.settlement())
    return shows


def item_of(kind: str, item_key: str) -> DrillItem | None:
    """The drill item an attempt's key names ("game/difficulty/seed"), or None."""
    if kind not in DRILL_KINDS:
        return None
    game, _, rest = item_key.partition("/")
    difficulty, _, seed = rest.partition("/")
    if not (difficulty.isdigit() and seed.isdigit()):
        return None
    try:
        return generate(kind, game, int(difficulty), int(seed))
    except EvaluatorError:
        return None


def item_shows(item: DrillItem) -> set[str]:
    """What a generated item shows, from its own facts (no table needed)."""
    settlement = None
    if item.seats and any(p.get("kind") == "payouts" for p in item.parts):
        settlement = settle(
            get_profile(item.game, **item.settings),
            [seat["cards"] for seat in item.seats],
            pot=None if item.contributions else (item.pot or 0),
            contributions=list(item.contributions) if item.contributions else None,
            folded=item.folded,
            button=item.button,
            names=[seat["name"] for seat in item.seats],
        )
    return skills.item_shows(item, settlement)


def item_skills(item: DrillItem) -> set[str]:
    """Every skill a generated item exercises."""
    shows = item_shows(item)
    return {key for keys in skills.skills_of_parts(item.parts, item.game, shows) for key in keys}


def desired_retention() -> float:
    """The chance of a right answer a review is timed for (the operator's setting)."""
    return float(getattr(settings, "BADACEY_DESIRED_RETENTION", 0.9))


def card_id(learner: Learner, skill: str) -> int:
    """A stable id for the learner's FSRS card of ``skill`` (FSRS cards need one)."""
    owner = f"u{learner.user_id}" if learner.user_id is not None else f"k{learner.key}"
    return zlib.crc32(f"{owner}:{skill}".encode()) + 1


def standing_of(state: SkillState) -> mastery.Standing:
    clean = state.clean_items if isinstance(state.clean_items, list) else []
    return mastery.Standing(
        level=state.level,
        clean_items=tuple(str(item) for item in clean),
        proficient_on=state.proficient_on,
        card=json.dumps(state.card) if isinstance(state.card, dict) and state.card else "",
        answers=state.answers,
        rights=state.rights,
    )


@transaction.atomic(savepoint=False)  # its row lock needs a transaction
def after_answer(
    learner: Learner,
    answers: Sequence[SkillAnswer],
    item: str,
    purpose: str,
    at: datetime,
    challenged: str = "",
    source: str = "drill",
    timing: review_log.Timing | None = None,
    count_misses: bool = False,
) -> list[Change]:
    """Move each skill the answer exercised one step; call inside the attempt's transaction.

    In a mastery challenge only ``challenged``, the skill the item was chosen
    for, takes the challenge's rule; any other skill the item tests counts the
    answer as a review, so it can never be mastered the day it was reached.
    Each skill whose FSRS card the answer reviewed gets a review-log row,
    marked with ``source`` (which feature) and ``timing`` (how long it took).
    The card is scheduled with the learner's parameters
    (``lessons.memory.parameters``): their own fitted set, the site's or the defaults.

    With ``count_misses`` (an exercise or drill answer, not a decision at the
    study table) each row also keeps its run of misses for the class page's
    "needs help" (``missed``), written in the same UPDATE as the step.

    A decision from a played hand (``source`` in ``ONCE_A_DAY``) moves a
    skill once a day: practising the same decision again on the same UTC
    day is rehearsal of a verdict already shown, so it leaves the skill as
    it is (``repeated``). (Exercises and quick checks keep counting a retry:
    a miss there is a new try at a question, and three in a row is what
    marks a learner as needing help.)
    """
    if not answers or not learner.known:
        return []
    owner = learner.owner()
    keys = [a.skill for a in answers]
    fields = (*STEP_FIELDS, "misses_in_a_row") if count_misses else STEP_FIELDS
    rows = SkillState.objects.of_learner(learner).filter(skill__in=keys).select_for_update()
    states = {state.skill: state for state in rows}
    scheduling = _Scheduling(learner)
    changes: list[Change] = []
    for answer in answers:
        state = states.get(answer.skill) or SkillState(**owner, skill=answer.skill)
        before = state.level
        if source in ONCE_A_DAY and repeated(state, item, at):
            changes.append(Change(answer.skill, before, before))
            continue
        own = purpose
        if purpose == mastery.CHALLENGE and answer.skill != challenged:
            own = mastery.REVIEW
        review = _apply(state, answer, learner, item, own, at, *scheduling.of(state, at))
        if count_misses:
            _count_miss(state, answer)
        if state.pk is None:
            try:
                with transaction.atomic():  # a savepoint: another tab may make the row first
                    state.save()
            except IntegrityError:
                # The other tab's row won the insert: take this step on top of it.
                state = (
                    SkillState.objects.of_learner(learner)
                    .select_for_update()
                    .get(skill=answer.skill)
                )
                before = state.level
                review = _apply(state, answer, learner, item, own, at, *scheduling.of(state, at))
                if count_misses:
                    _count_miss(state, answer)
                state.save(update_fields=fields)
        else:
            state.save(update_fields=fields)
        changes.append(Change(answer.skill, before, state.level, review))
    reviewed = [(c.skill, c.review) for c in changes if c.review is not None]
    review_log.write(learner, reviewed, at, source, timing)
    return changes


class _Scheduling:
    """The learner's desired retention and FSRS parameters, read only when a card is reviewed.

    Only an answer to a due (or new) skill reviews its card
    (``mastery.reviews``); practice before it is due moves the level alone and
    schedules nothing, so most answers of a learner at work skip both reads.
    """

    def __init__(self, learner: Learner) -> None:
        self.learner = learner
        self.read: tuple[float, tuple[float, ...] | None] | None = None

    def of(self, state: SkillState, at: datetime) -> tuple[float, tuple[float, ...] | None]:
        """What to schedule ``state``'s card with at ``at`` (the site's default if no review)."""
        if not mastery.reviews(standing_of(state), at):
            return desired_retention(), None  # not a review: the step does not read them
        if self.read is None:
            retention = memory_retention.retention_for(self.learner, desired_retention())
            self.read = retention, memory_parameters.in_use(self.learner).parameters
        return self.read


ITEMS_KEPT = 50  # items remembered per skill and day (a day of drilling one skill)
ONCE_A_DAY = {"played"}  # sources whose items move a skill once a day


def repeated(state: SkillState, item: str, at: datetime) -> bool:
    """Whether ``item`` already moved this skill on ``at``'s UTC day."""
    if state.pk is None or state.last_answered is None or not item:
        return False
    if mastery.day_start(state.last_answered) != mastery.day_start(at):
        return False
    return isinstance(state.items_today, list) and item in state.items_today


def _remember_item(state: SkillState, item: str, at: datetime) -> list[str]:
    same_day = state.last_answered is not None and mastery.day_start(
        state.last_answered
    ) == mastery.day_start(at)
    kept = (
        [str(i) for i in state.items_today]
        if same_day and isinstance(state.items_today, list)
        else []
    )
    return ([*kept, item] if item else kept)[-ITEMS_KEPT:]


def missed(answer: SkillAnswer) -> bool:
    """Whether the answer adds to the skill's run of misses (``SkillState.misses_in_a_row``).

    A wrong answer, or one right only after the last hint, adds one; any
    other right answer ends the run. Three in a row mark the learner as
    needing help on the class page (``lessons.classes.reports``).
    """
    return not answer.correct or answer.after_last_hint


def _count_miss(state: SkillState, answer: SkillAnswer) -> None:
    state.misses_in_a_row = state.misses_in_a_row + 1 if missed(answer) else 0


# What ``_apply`` sets: a step writes these and leaves the rest of the row alone
# (``misses_in_a_row`` only when the caller counts misses).
STEP_FIELDS = (
    "level",
    "clean_items",
    "proficient_on",
    "answers",
    "rights",
    "card",
    "due",
    "last_answered",
    "recent_mistakes",
    "items_today",
)


def _apply(
    state: SkillState,
    answer: SkillAnswer,
    learner: Learner,
    item: str,
    purpose: str,
    at: datetime,
    retention: float,
    weights: tuple[float, ...] | None = None,
) -> mastery.Review | None:
    taken = mastery.take_step(
        standing_of(state),
        mastery.Answer(
            answer.correct,
            at,
            item,
            hints=answer.hints,
            after_last_hint=answer.after_last_hint,
            purpose=purpose,
        ),
        card_id(learner, answer.skill),
        retention,
        weights,
    )
    standing, due = taken.standing, taken.due
    state.level = standing.level
    state.clean_items = list(standing.clean_items)
    state.proficient_on = standing.proficient_on
    state.answers, state.rights = standing.answers, standing.rights
    state.card = json.loads(standing.card)
    state.items_today = _remember_item(state, item, at)
    state.due, state.last_answered = due, at
    state.recent_mistakes = _mistakes(state.recent_mistakes, answer)
    return taken.review


def _mistakes(kept: Any, answer: SkillAnswer) -> list[str]:
    """Recent misconceptions: a wrong one is added, a right answer lets the oldest go."""
    names = [str(n) for n in kept] if isinstance(kept, list) else []
    if answer.misconception and not answer.correct:
        names.append(answer.misconception)
    elif answer.correct and names:
        names.pop(0)
    return names[-MISTAKES_KEPT:]


def drill_answers(
    kind: str,
    item_key: str,
    correct: bool,
    oks: Sequence[bool],
    hints_used: int,
    table: Any = None,
    results: Sequence[Any] | None = None,
) -> list[SkillAnswer]:
    """The skills of one drill answer: from its checked table, else from the item dealt again."""
    if table is not None and results:
        return from_results(table, results, table_shows(table))
    item = item_of(kind, item_key)
    if item is None:
        return []  # not a generated item this site can deal again: no skill to move
    count = len(item.parts)
    verdicts = list(oks) if len(oks) == count else [bool(correct)] * count
    spread = [hints_used] * count
    return group_by_skill(
        item.parts, item.game, item_shows(item), verdicts, spread, [None] * count, [""] * count
    )


# ---- Downloading, deleting and adopting ---------------------------------------------


def export(learner: Learner) -> dict[str, Any]:
    """The learner's skills and review schedule, for the progress download."""
    states = SkillState.objects.of_learner(learner).order_by("skill")
    sessions = StudySession.objects.of_learner(learner).prefetch_related("items")
    return {
        "skills": [
            {
                "skill": s.skill,
                "name": skills.BY_KEY[s.skill].name if s.skill in skills.BY_KEY else s.skill,
                "level": mastery.level_name(s.level) if 0 <= s.level <= 4 else s.level,
                "answers": s.answers,
                "right": s.rights,
                "proficient_on": s.proficient_on.isoformat() if s.proficient_on else None,
                "next_review": s.due.isoformat() if s.due else None,
                "last_answered": s.last_answered.isoformat() if s.last_answered else None,
                "fsrs_card": s.card,
            }
            for s in states
        ],
        "sessions": [
            {
                "kind": session.kind,
                "started": session.created.isoformat(),
                "finished": session.finished.isoformat() if session.finished else None,
                "items": [
                    {
                        "skill": i.skill,
                        "purpose": i.purpose,
                        "drill": i.drill_kind,
                        "item": i.item_key,
                        "answered": i.answered_at.isoformat() if i.answered_at else None,
                        "correct": i.correct,
                        "hints": i.hints,
                        "changes": i.changes,
                    }
                    for i in session.items.all()
                ],
            }
            for session in sessions
        ],
        "reviews": review_log.export(learner),
        "desired_retention": memory_retention.chosen(learner),
    }


def delete(learner: Learner) -> None:
    """Deleting a learner's progress deletes their skills, sessions, review log and fitted sets."""
    SkillState.objects.of_learner(learner).delete()
    StudySession.objects.of_learner(learner).delete()
    ReviewLog.objects.of_learner(learner).delete()
    FittedParameters.objects.of_learner(learner).delete()
    RetentionChoice.objects.of_learner(learner).delete()


def adopt(key: str, user: Any) -> None:
    """On sign-in, the browser's skills and sessions become the account's.

    Where the account already has a skill, the one answered more often is kept,
    and with it only its own review log: two histories of one skill
    interleaved would read to the fit as one learner forgetting erratically.
    The browser's fitted sets go (the account's own, or the site's, apply).
    """
    StudySession.objects.filter(user=None, learner_key=key).update(user=user, learner_key="")
    FittedParameters.objects.filter(user=None, learner_key=key).delete()
    # The browser's retention choice follows the learner unless the account has its own.
    if RetentionChoice.objects.filter(user=user).exists():
        RetentionChoice.objects.filter(user=None, learner_key=key).delete()
    else:
        RetentionChoice.objects.filter(user=None, learner_key=key).update(user=user, learner_key="")
    theirs = ReviewLog.objects.filter(user=None, learner_key=key)
    mine = {s.skill: s for s in SkillState.objects.filter(user=user)}
    for state in SkillState.objects.filter(user=None, learner_key=key):
        kept = mine.get(state.skill)
        if kept is not None and kept.answers >= state.answers:
            theirs.filter(skill=state.skill).delete()
            state.delete()
            continue
        if kept is not None:
            ReviewLog.objects.filter(user=user, skill=state.skill).delete()
            kept.delete()
        state.user, state.learner_key = user, ""
        state.save()
    theirs.update(user=user, learner_key="")
