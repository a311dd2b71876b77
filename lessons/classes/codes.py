"""Join codes: eight characters a learner can copy from a board without a look-alike."""

from __future__ import annotations

import secrets

from lessons.models import JOIN_ALPHABET, JOIN_CODE_LENGTH, Classroom


def new_code() -> str:
    """A code no class has yet; 31**8 codes make a clash rare, so a few tries are plenty."""
    for _ in range(20):
        code = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
        if not Classroom.objects.filter(join_code=code).exists():
            return code
    raise RuntimeError("No free join code after 20 tries.")


def normalise(text: str) -> str:
    """What a learner typed, as a code: spaces and dashes dropped, upper case."""
    return "".join(ch for ch in text.upper() if ch not in " -\t")
