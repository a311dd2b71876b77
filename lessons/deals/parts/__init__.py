"""One home for question parts: the registry of every kind.

Each module of this package (except ``base``) holds one ``PartKind``
subclass, and the registry below finds them when the package is imported, so
adding a kind of question is one new module here plus one template,
``templates/lessons/parts/<kind>.html``. Everything else (the model's
validation, the admin's text boxes, the learner's form, checking, the model
answer and the worked answer) asks the registry, never a kind by name.
``docs/question-parts.md`` walks through adding one.
"""

from __future__ import annotations

import json
import pkgutil
from collections.abc import Sequence
from dataclasses import replace
from importlib import import_module
from typing import Any

from django.core.exceptions import ValidationError

from evaluator import GameProfile
from lessons.course import within_reach
from lessons.deals.parts.base import (
    Answers,
    Outcomes,
    Part,
    PartKind,
    PartResult,
    PartTextError,
    Question,
    Table,
    WorkedPiece,
    answer_key,
    card_value,
)

__all__ = [
    "KINDS",
    "PartKind",
    "PartResult",
    "Question",
    "WorkedPiece",
    "answer_key",
    "card_value",
    "check",
    "games",
    "hints",
    "kind_of",
    "model_answer",
    "part_problem",
    "parse_parts",
    "part_to_text",
    "parts_to_text",
    "questions",
    "syntax_help",
    "worked_pieces",
]


def _discover() -> dict[str, PartKind]:
    """Every PartKind subclass defined in a module of this package, in ``order``."""
    found: list[PartKind] = []
    for module_info in pkgutil.iter_modules(__path__):
        if module_info.name.startswith("_") or module_info.name == "base":
            continue
        module = import_module(f"{__name__}.{module_info.name}")
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, PartKind)
                and value.__module__ == module.__name__
                and "kind" in vars(value)
            ):
                found.append(value())
    found.sort(key=lambda kind: (kind.order, kind.kind))
    kinds = {kind.kind: kind for kind in found}
    keywords = [kind.keyword for kind in found]
    assert len(kinds) == len(found), "two part kinds share a kind name"
    assert len(set(keywords)) == len(keywords), "two part kinds share a keyword"
    return kinds


KINDS: dict[str, PartKind] = _discover()
_BY_KEYWORD = {kind.keyword: kind for kind in KINDS.values()}


def kind_of(part: Part) -> PartKind:
    """The kind of a valid part."""
    return KINDS[part["kind"]]


# Validation ---------------------------------------------------------------------


def part_problem(part: Any, profile: GameProfile | None, seat_count: int | None) -> str | None:
    """What is wrong with one stored part, in words a teacher can act on; None if nothing."""
    if not isinstance(part, dict) or part.get("kind") not in KINDS:
        return f'each part needs a "kind": one of {", ".join(KINDS)}.'
    kind = KINDS[part["kind"]]
    unknown = sorted(set(part) - kind.keys - {"kind"})
    if unknown:
        if "game" in unknown and len(unknown) == 1:
            games = [k.kind for k in KINDS.values() if "game" in k.keys]
            return f'only {" and ".join(games)} parts take a "game", not {kind.kind}.'
        return f"a {kind.kind} part has unknown keys ({', '.join(unknown)})."
    return kind.problem(part, profile, seat_count)


def games(parts: Sequence[Part]) -> list[str]:
    """The other games a deal's parts read its cards under, in order, each once."""
    keys: list[str] = []
    for part in parts:
        for game in kind_of(part).games(part):
            if game not in keys:
                keys.append(game)
    return keys


# Text, for the admin ---------------------------------------------------------------


def syntax_help() -> str:
    """The parts box's help text: one example per kind."""
    examples = "; ".join(kind.syntax for kind in KINDS.values())
    return f"One question part per line, asked in this order: {examples}."


def part_to_text(part: Any, names: Sequence[str]) -> str:
    """A part's line; a part the kinds cannot read (stored by hand) shows as its JSON."""
    if isinstance(part, dict) and part.get("kind") in KINDS:
        try:
            return KINDS[part["kind"]].to_text(part, names)
        except (TypeError, ValueError, KeyError, IndexError):
            pass
    return json.dumps(part, ensure_ascii=False)


def parts_to_text(parts: Any, names: Sequence[str]) -> str:
    if not isinstance(parts, list):
        return ""
    return "\n".join(part_to_text(part, names) for part in parts)


def parse_parts(text: str, names: Sequence[str] | None) -> list[Part]:
    """Read the parts box, one part per non-blank line; every bad line is named at once.

    ``names`` are the deal's seat names (None while they cannot be read).
    Raises ``ValidationError`` with one "Line N: ..." message per bad line.
    """
    parts, errors = [], []
    for n, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        kind = _BY_KEYWORD.get(word)
        try:
            if kind is None:
                words = ", ".join(_BY_KEYWORD)
                raise PartTextError(f"“{word}” is not a kind of part; start with one of {words}")
            parts.append(kind.from_text(rest.strip(), names))
        except PartTextError as error:
            errors.append(f"Line {n}: {error}.")
    if errors:
        raise ValidationError(errors)
    return parts


# The learner's side ----------------------------------------------------------------


def questions(deal: Table) -> list[Question]:
    """Every fieldset of a deal's answer form, in the order its parts are asked."""
    return [
        replace(question, part=index)
        for index, part in enumerate(deal.parts)
        for question in kind_of(part).questions(index, part, deal)
    ]


MAX_HINTS = 3


def hints(deal: Table) -> list[list[str]]:
    """Each part's hints, in part order (at most ``MAX_HINTS`` each)."""
    return [kind_of(part).hints(part, deal)[:MAX_HINTS] for part in deal.parts]


def check(deal: Table, answers: Answers) -> list[PartResult]:
    """One result per question (per award for a winners part), in order.

    A lesson exercise's links stay within the lessons its learner has reached.
    """
    outcomes = Outcomes(deal)
    lesson = getattr(deal, "lesson", "")  # a drill item belongs to no lesson
    return [
        _within_reach(replace(result, index=index), lesson)
        for index, part in enumerate(deal.parts)
        for result in kind_of(part).check(index, part, deal, answers, outcomes)
    ]


def _within_reach(result: PartResult, lesson: str) -> PartResult:
    if result.ok or not lesson:
        return result
    if result.misconception is not None:
        ref = within_reach(result.misconception.lesson, lesson)
        if ref != result.misconception.lesson:
            return replace(result, misconception=replace(result.misconception, lesson=ref))
        return result
    ref = within_reach(result.lesson, lesson)
    return result if ref == result.lesson else replace(result, lesson=ref)


def model_answer(deal: Table) -> dict[str, str | list[str]]:
    """The fully right answer to every part, keyed by ``answer_key()``."""
    data: dict[str, str | list[str]] = {}
    for index, part in enumerate(deal.parts):
        data |= kind_of(part).model_answer(index, part, deal)
    return data


def worked_pieces(deal: Table) -> list[WorkedPiece]:
    """What the parts add to the worked answer beyond the readings, in part order."""
    pieces = []
    for part in deal.parts:
        piece = kind_of(part).worked(part, deal)
        if piece is not None:
            pieces.append(piece)
    return pieces
