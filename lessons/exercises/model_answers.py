"""The fully right submission of a deal's answer form, asked of the evaluator.

Why it lives in the app: the page benchmark posts right answers to time the
checks and the tests post them to prove the site accepts what the engine
says, so both need this one construction. Each kind of part builds its own
(``PartKind.model_answer``), asking the evaluator directly rather than the
kind's ``check``, the code those posts exercise.
"""

from __future__ import annotations

from lessons.deals import parts
from lessons.models import Deal


def field_name(deal: Deal, index: int, *detail: object) -> str:
    """The posted name of part ``index``'s field: the form prefixes the slug."""
    return f"{deal.slug}-{parts.answer_key(index, *detail)}"


def right_answer(deal: Deal) -> dict[str, str | list[str]]:
    """POST data answering every part of ``deal`` correctly."""
    return {f"{deal.slug}-{key}": value for key, value in parts.model_answer(deal).items()}
