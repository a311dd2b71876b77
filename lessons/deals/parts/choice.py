"""A teacher's own multiple-choice question.

Written ``choice Which half is split? | the low half | *the Badugi half``
(the star marks the answer); stored ``{"kind": "choice", "question": ...,
"options": [...], "answer": 1}``. The text form must read back to the very
same part, so the question and options are single lines without ``|``, an
option does not start with ``*``, and neither starts or ends with spaces.
The worked answer repeats the question with the right option.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import forms

from evaluator import GameProfile
from lessons.deals.parts.base import (
    Answers,
    OneChoiceField,
    Outcomes,
    Part,
    PartKind,
    PartResult,
    PartTextError,
    Question,
    Table,
    WorkedPiece,
    answer_key,
    is_whole,
)

SEPARATOR = "|"
MARK = "*"


def _one_line(text: object) -> bool:
    return (
        isinstance(text, str)
        and bool(text.strip())
        and text == text.strip()
        and SEPARATOR not in text
        and len(text.splitlines()) == 1
    )


class Choice(PartKind):
    kind = "choice"
    keyword = "choice"
    keys = frozenset({"question", "options", "answer"})
    syntax = "“choice Question? | option | *right option | option” (a star marks the answer)"
    order = 50

    def to_text(self, part: Part, names: Sequence[str]) -> str:
        answer = part.get("answer")
        options = [
            f"{MARK}{option}" if k == answer else str(option)
            for k, option in enumerate(part.get("options", []))
        ]
        return f"{self.keyword} " + f" {SEPARATOR} ".join([str(part.get("question", "")), *options])

    def from_text(self, rest: str, names: Sequence[str] | None) -> Part:
        question, *options = (piece.strip() for piece in rest.split(SEPARATOR))
        marked = [k for k, option in enumerate(options) if option.startswith(MARK)]
        if len(marked) != 1:
            raise PartTextError("mark exactly one option as the answer with a star, e.g. “*option”")
        options = [option.removeprefix(MARK).strip() for option in options]
        return {"kind": self.kind, "question": question, "options": options, "answer": marked[0]}

    def problem(
        self, part: Part, profile: GameProfile | None, seat_count: int | None
    ) -> str | None:
        question, options, answer = part.get("question"), part.get("options"), part.get("answer")
        if not _one_line(question):
            return (
                f'a choice part needs its "question": one line, without “{SEPARATOR}” '
                "and without spaces around it."
            )
        if (
            not isinstance(options, list)
            or len(options) < 2
            or not all(_one_line(o) and not o.startswith(MARK) for o in options)
        ):
            return (
                'a choice part needs at least two "options" as text: each one line, without '
                f"“{SEPARATOR}”, not starting with “{MARK}” and without spaces around it."
            )
        if not is_whole(answer) or not 0 <= answer < len(options):
            return f'the "answer" must be an option number from 0 to {len(options) - 1}.'
        return None

    def questions(self, index: int, part: Part, deal: Table) -> list[Question]:
        key = answer_key(index)
        field = OneChoiceField(
            choices=[(str(n), option) for n, option in enumerate(part["options"])],
            coerce=int,
            widget=forms.RadioSelect,
            label=part["question"],
            error_messages={
                "required": f"Choose an answer to “{part['question']}”.",
                "invalid_choice": "%(value)s is not one of the options.",
            },
        )
        return [Question(key, part["question"], {key: field}, self.fields_template, self.kind)]

    def check(
        self, index: int, part: Part, deal: Table, answers: Answers, outcomes: Outcomes
    ) -> list[PartResult]:
        key = answer_key(index)
        chosen = answers[key]
        ok = chosen == part["answer"]
        message = "right." if ok else f"“{part['options'][chosen]}” is not the answer."
        return [PartResult(part, ok, message, part["question"], (key,))]

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        return {answer_key(index): str(part["answer"])}

    def worked(self, part: Part, deal: Table) -> WorkedPiece:
        context = {"question": part["question"], "right": part["options"][part["answer"]]}
        return WorkedPiece(self.answer_template, context)
