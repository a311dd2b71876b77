from __future__ import annotations


def to_phh(*args: object) -> str:
    raise NotImplementedError
