"""Text the databases can store: no NUL character, no lone surrogate.

SQLite stores a NUL, PostgreSQL refuses it (a 500 on the page, and a SQLite
backup that will not restore there); a lone surrogate (half of a UTF-16 pair,
which JSON's "\\ud800" escapes can produce) cannot even be encoded as UTF-8.
Neither is something a person meant to type, so everything that comes in is
refused with a message before it gets near a database.
"""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def unstorable_character(text: str) -> str | None:
    """Name the first character of ``text`` that cannot be stored, or None if all can."""
    found = _UNSTORABLE.search(text)
    if found is None:
        return None
    code = ord(found.group())
    if code == 0:
        return "a NUL character (U+0000)"
    return f"a lone surrogate (U+{code:04X}, half of a character)"


def unstorable_in(value: Any) -> str | None:
    """Like ``unstorable_character`` for a JSON value: every string, keys included."""
    if isinstance(value, str):
        return unstorable_character(value)
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        return None
    for item in items:
        problem = unstorable_in(item)
        if problem:
            return problem
    return None


def unstorable_in_post(data: Any) -> str | None:
    """Like ``unstorable_character`` for a whole form post: every field's name and values.

    A checked answer is stored whole (to fill the form again), so a NUL in a
    field the form does not even read would still reach the database.
    """
    lists = data.lists() if hasattr(data, "lists") else data.items()
    for name, values in lists:
        values = values if isinstance(values, list | tuple) else [values]
        problem = unstorable_in([name, *values])
        if problem:
            return problem
    return None


def refusal(problem: str, what: str = "This") -> str:
    return f"{what} contains {problem}, which cannot be stored; remove it and try again."


def validate_storable(value: Any) -> None:
    """A form or model field validator: the field says what is wrong, beside itself."""
    problem = unstorable_in(value)
    if problem:
        raise ValidationError(refusal(problem), code="unstorable")


def shown(text: str, limit: int = 40) -> str:
    """A short, printable excerpt of text that may hold the characters above."""
    clean = _UNSTORABLE.sub("\N{REPLACEMENT CHARACTER}", text)
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"
