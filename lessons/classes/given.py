"""What a learner answered to an exercise, beside the right answer, for the teacher's eyes.

An exercise's answer is kept as it was posted (``Attempt.answer``: field
name -> values); the right answer is the engine's (``parts.model_answer``),
field by field. Each field reads as a person would say it: cards as cards
("A♠ 2♥", named for screen readers by the template's ``spoken`` filter),
seats by their players' names, a choice by its words, chips as numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from evaluator import EvaluatorError
from evaluator.cards import format_cards, parse_card
from lessons.deals import parts
from lessons.models import Deal

# The kinds whose posted values are cards, and those whose values are seats.
CARD_KINDS = {"badugi_cards", "discard", "outs"}
SEAT_KINDS = {"winners", "next_to_act"}
AWARD_WORDS = {"ace_to_five": "ace-to-five low", "deuce_to_seven": "deuce-to-seven low"}


@dataclass(frozen=True)
class Given:
    """One field of one answer: what it asked, what the learner sent, what was right."""

    label: str
    given: str
    right: str
    same: bool


def _seat_name(deal: Deal, value: str) -> str:
    seats = deal.seats if isinstance(deal.seats, list) else []
    if value.isdigit() and int(value) < len(seats) and isinstance(seats[int(value)], dict):
        return str(seats[int(value)].get("name", value))
    return value


def _card(value: str) -> str:
    try:
        return format_cards([parse_card(value)])
    except EvaluatorError:
        return value


def _said(deal: Deal, part: Mapping[str, Any], values: Sequence[str]) -> str:
    """The values of one field as words; "nothing" when the learner left it empty."""
    kind = str(part.get("kind", ""))
    if kind in CARD_KINDS:
        shown = [_card(v) for v in values]
    elif kind in SEAT_KINDS:
        shown = [_seat_name(deal, v) for v in values]
    elif kind == "choice" and isinstance(part.get("options"), list):
        options = part["options"]
        shown = [
            str(options[int(v)]) if v.isdigit() and int(v) < len(options) else v for v in values
        ]
    else:
        shown = list(values)
    return ", ".join(s for s in shown if s) or "nothing"


def _label(deal: Deal, index: int, part: Mapping[str, Any], detail: str) -> str:
    kind = str(part.get("kind", "")).replace("_", " ")
    what = f"Part {index + 1}, {kind}"
    if detail.startswith("seat_"):
        return f"{what}: {_seat_name(deal, detail.removeprefix('seat_'))}"
    if detail and detail != "cards":
        return f"{what}: {AWARD_WORDS.get(detail, detail.replace('_', ' '))}"
    return what


def _values(raw: Any) -> list[str]:
    if isinstance(raw, list):
        return [str(v) for v in raw]
    return [] if raw in (None, "") else [str(raw)]


def given_lines(deal: Deal, answer: Mapping[str, Any], model: Mapping[str, Any]) -> list[Given]:
    """Each field of ``deal``'s form: the learner's ``answer`` and the engine's ``model``."""
    prefix = f"{deal.slug}-"
    lines = []
    deal_parts = deal.parts if isinstance(deal.parts, list) else []
    for key, right in model.items():
        index_text, _, detail = key.partition("_")
        index = int(index_text.removeprefix("p")) if index_text[1:].isdigit() else -1
        part = deal_parts[index] if 0 <= index < len(deal_parts) else {}
        part = part if isinstance(part, dict) else {}
        given = _values(answer.get(prefix + key))
        wanted = _values(right)
        lines.append(
            Given(
                _label(deal, index, part, detail),
                _said(deal, part, given),
                _said(deal, part, wanted),
                sorted(given) == sorted(wanted),
            )
        )
    return lines


def model_answers(deals: Sequence[Deal]) -> dict[int, dict[str, Any]]:
    """The engine's right answer to each deal, once per deal; {} for one it cannot answer."""
    found: dict[int, dict[str, Any]] = {}
    for deal in deals:
        if deal.pk in found:
            continue
        try:
            found[deal.pk] = dict(parts.model_answer(deal))
        except (EvaluatorError, KeyError, ValueError, TypeError, IndexError):
            found[deal.pk] = {}
    return found
