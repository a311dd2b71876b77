"""Bodies for streamed downloads: JSON and CSV written piece by piece as they are sent.

A download built whole in one request (every answer a learner gave, every
learner of a large class) holds the whole file in memory and sends nothing
until the end. These generators let StreamingHttpResponse send each piece as
soon as it is made, while the rows themselves come lazily from `.iterator()`.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from typing import Any

_ENCODER = json.JSONEncoder(indent=2, ensure_ascii=False)


def _nested(value: Any, depth: int) -> str:
    """`value` encoded with indent=2 as it would sit `depth` levels deep."""
    return _ENCODER.encode(value).replace("\n", "\n" + "  " * depth)


def indented_json(data: dict[str, Any]) -> Iterator[str]:
    """The text of ``json.dumps(data, indent=2, ensure_ascii=False)``, piece by piece.

    A top-level value that is an iterator (a generator over a query's
    `.iterator()`) is written one item at a time as a JSON array; every other
    value is written whole. The bytes are the same as dumping the dict with
    those iterators turned into lists.
    """
    if not data:
        yield "{}"
        return
    separator = "{"
    for key, value in data.items():
        yield f"{separator}\n  {_ENCODER.encode(key)}: "
        separator = ","
        if isinstance(value, Iterator):
            yield from _array(value)
        else:
            yield _nested(value, 1)
    yield "\n}"


def _array(items: Iterator[Any]) -> Iterator[str]:
    opening = "[\n    "
    for item in items:
        yield opening + _nested(item, 2)
        opening = ",\n    "
    yield "[]" if opening.startswith("[") else "\n  ]"


class _Line:
    """A file-like object whose write hands back the line csv.writer gives it."""

    def write(self, text: str) -> str:
        return text


def csv_lines(rows: Iterable[list[str]]) -> Iterator[str]:
    """Each row as one CSV line (the csv module's quoting and line ends)."""
    writer = csv.writer(_Line())
    for row in rows:
        yield writer.writerow(row)
