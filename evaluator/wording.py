"""Small pieces of English shared by every sentence the evaluator writes.

Explanations, replay steps and error messages are read by learners, so counts
and lists of names should read the same wherever they appear; keeping the
helpers here stops each module growing its own slightly different copy.
"""

from __future__ import annotations

from collections.abc import Iterable

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(n: int) -> str:
    """Small counts read better as words in sentences for learners ("draws two")."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def names_and(names: Iterable[str]) -> str:
    """ "Ada", "Ada and Bo", "Ada, Bo and Cy": a list as a sentence says it."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def excerpt(text: str, limit: int = 24) -> str:
    """A short, printable piece of what someone typed, safe to quote in a message.

    Input can be enormous or hold characters no output can encode (a lone
    surrogate, a control character); a message quotes at most ``limit``
    characters of it, with anything unprintable written as a backslash
    escape, so the message itself can always be shown and written out.
    """
    shown = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text[:limit])
    return shown + "..." if len(text) > limit else shown
