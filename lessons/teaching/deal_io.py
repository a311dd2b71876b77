"""Moving deals between sites as one JSON document.

The document holds what a teacher typed, never a computed result, and names
each deal by its slug::

    {"format": "badacey-study-room/deals", "version": 1,
     "deals": [{"slug": "...", "title": "...", "seats": [...], ...}, ...]}

Importing is all or nothing: every deal is checked with ``full_clean()`` (the
evaluator included) before the first one is written, and the writes share one
transaction, so a file with one bad deal changes nothing. A slug that already
exists is updated in place, so importing the same file twice adds nothing; a
deal the file holds exactly as stored is left alone (its version is not
bumped, so a teacher's open form of it stays current) and reported unchanged.

As in the admin, a deal with a history may leave its pot null (and its seats
or settings empty): they are taken from the history. A history's line breaks
are stored as plain newlines, whatever the file used.

The checks run before that transaction begins: on SQLite a write transaction
holds the only write lock, and every teacher's save waits while it is open.
For the same reason a file holds at most ``MAX_IMPORT_DEALS`` deals in
``MAX_IMPORT_BYTES``.

Each value must already have its JSON type (a whole number for ``pot``, text
for ``title``, an object for ``settings``): a model field would quietly turn
``1.5`` into ``1`` or ``5`` into ``"5"``, and a file that says something else
than what gets stored is a file the teacher should hear about.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction

from badacey_site.storable_text import shown, unstorable_character, unstorable_in
from evaluator import EvaluatorError
from lessons.deals.histories import history_facts
from lessons.models import CONTENT_FIELDS, Deal, StaleDealError

# About 8 ms of writing per deal: 200 deals keep the write lock for under two
# seconds. A lesson's deal is 1-2 KB as JSON, so 200 of them fit in 1 MB.
MAX_IMPORT_DEALS = 200
MAX_IMPORT_BYTES = 1024 * 1024
CAPS = f"an import takes at most {MAX_IMPORT_DEALS} deals and 1 MB"

FORMAT = "badacey-study-room/deals"
VERSION = 1
# What a teacher sets on a deal: its content, and whether and how learners see it.
FIELDS = (*CONTENT_FIELDS, "published", "study_mode")
DOCUMENT_KEYS = ("format", "version", "deals")


class DealFileError(Exception):
    """A file that cannot be imported; ``problems`` lists every reason found."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


@dataclass(frozen=True)
class ImportResult:
    created: list[str]
    updated: list[str]
    unchanged: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """What the import did, for the admin's message and the command's output."""
        return (
            f"{len(self.created)} new deal(s), {len(self.updated)} updated, "
            f"{len(self.unchanged)} unchanged"
        )


def document(deals: Iterable[Deal]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "deals": [{name: getattr(deal, name) for name in FIELDS} for deal in deals],
    }


def dumps(deals: Iterable[Deal]) -> str:
    return json.dumps(document(deals), ensure_ascii=False, indent=2) + "\n"


def size_problem(size: int) -> str | None:
    """Why a file of ``size`` bytes is refused before it is read, or None."""
    if size <= MAX_IMPORT_BYTES:
        return None
    return f"The file is {size / (1024 * 1024):.1f} MB; {CAPS}. Split it into smaller files."


def loads(text: str | bytes) -> ImportResult:
    """Create or update every deal in the document, or raise DealFileError and change nothing."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if problem := size_problem(size):
        raise DealFileError([problem])
    entries = [_from_history(entry) for entry in _entries(text)]
    deals, problems, unchanged = [], [], []
    stored = Deal.objects.in_bulk([entry["slug"] for entry in entries], field_name="slug")
    for n, entry in enumerate(entries, start=1):
        deal = stored.get(entry["slug"]) or Deal()
        created = deal.pk is None
        if not created and all(getattr(deal, k) == v for k, v in entry.items()):
            unchanged.append(deal.slug)  # nothing to write: its version stays
            continue
        for name, value in entry.items():
            setattr(deal, name, value)
        try:
            deal.full_clean()
        except ValidationError as error:
            problems.extend(_describe(n, entry["slug"], error))
        deals.append((deal, created))
    if problems:
        raise DealFileError(problems)
    try:
        with transaction.atomic():
            for deal, _ in deals:
                deal.save()
    except IntegrityError as error:
        # Two new deals claiming the same lesson number, or a slug another teacher
        # took since the checks: full_clean() only sees the database as it was.
        raise DealFileError(
            [f"The deals clash with each other or with a new deal: {error}"]
        ) from None
    except StaleDealError as error:
        # A teacher saved one of these deals while the file was being checked.
        raise DealFileError([f"{error} Import the file again."]) from None
    return ImportResult(
        created=[d.slug for d, created in deals if created],
        updated=[d.slug for d, created in deals if not created],
        unchanged=unchanged,
    )


def _from_history(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry with what it leaves to its history filled in, as the admin's form does.

    A pot of null, or empty seats or settings, beside a history mean "the
    history's": the admin writes them so, and a file should read the same.
    A history the engine refuses is left for ``full_clean()`` to name.
    """
    history = entry.get("history")
    if not isinstance(history, str):
        return entry
    entry = {**entry, "history": history.replace("\r\n", "\n").replace("\r", "\n")}
    if not entry["history"].strip():
        return entry
    try:
        facts = history_facts(entry["history"])
    except EvaluatorError:
        return entry
    if "pot" in entry and entry["pot"] is None:
        entry["pot"] = facts.pot
    if entry.get("seats") == []:
        entry["seats"] = facts.seats
    if entry.get("settings") == {} and entry.get("game", facts.game) == facts.game:
        entry["settings"] = facts.settings
    return entry


def _entries(text: str | bytes) -> list[dict[str, Any]]:
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise DealFileError([f"The file is not JSON ({error})."]) from None
    except RecursionError:
        raise DealFileError(["The file nests its lists or objects too deeply to read."]) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DealFileError([f'The file is not a deals export: it needs "format": "{FORMAT}".'])
    if data.get("version") != VERSION:
        raise DealFileError(
            [f"The file is version {data.get('version')!r}; this site reads version {VERSION}."]
        )
    unknown = sorted(set(data) - set(DOCUMENT_KEYS))
    if unknown:
        raise DealFileError(
            [
                f"The file has unknown top-level fields ({', '.join(unknown)}); it holds only "
                f"{', '.join(DOCUMENT_KEYS)}."
            ]
        )
    entries = data.get("deals")
    if not isinstance(entries, list):
        raise DealFileError(['The file needs a "deals" list.'])
    if len(entries) > MAX_IMPORT_DEALS:
        raise DealFileError(
            [f"The file holds {len(entries):,} deals; {CAPS}. Split it into smaller files."]
        )
    problems, seen, exercises = [], set(), {}
    for n, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            problems.append(f'Deal {n} is not an object of fields, e.g. {{"slug": ...}}.')
            continue
        if not isinstance(entry.get("slug"), str):
            problems.append(f'Deal {n} needs a "slug" naming it, as text.')
            continue
        unstorable = _unstorable_problems(n, entry)
        if unstorable:
            # Nothing else about the deal can be checked safely, or quoted.
            problems.extend(unstorable)
            continue
        slug = entry["slug"]
        unknown = sorted(set(entry) - set(FIELDS))
        if unknown:
            problems.append(f"Deal {n} ({slug}): unknown fields {', '.join(unknown)}.")
        problems.extend(_type_problems(n, entry))
        if slug in seen:
            problems.append(f"Deal {n} ({slug}): the slug appears twice in the file.")
        seen.add(slug)
        exercise = (entry.get("lesson"), entry.get("number"))
        if isinstance(exercise[0], str) and exercise[0] and _is_int(exercise[1]):
            if exercise in exercises:
                problems.append(
                    f"Deal {n} ({slug}): {exercises[exercise]} is already {exercise[0]} "
                    f"exercise {exercise[1]} in this file."
                )
            exercises.setdefault(exercise, slug)
    if problems:
        raise DealFileError(problems)
    return entries


def _unstorable_problems(n: int, entry: dict[str, Any]) -> list[str]:
    """A NUL or lone surrogate anywhere in the deal: no database can store it."""
    problems = []
    for name, value in entry.items():
        problem = unstorable_character(name) or unstorable_in(value)
        if problem:
            problems.append(
                f"Deal {n} ({shown(entry['slug'])}), {shown(name)}: contains {problem}, "
                "which cannot be stored; remove it from the file."
            )
    return problems


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _expected(field: models.Field) -> tuple[Callable[[Any], bool], str]:
    """The JSON type a model field is written as in the file, and its name for people."""
    if isinstance(field, models.BooleanField):
        return (lambda v: isinstance(v, bool)), "true or false"
    if isinstance(field, models.IntegerField):
        return _is_int, "a whole number"
    if isinstance(field, models.JSONField):
        if isinstance(field.get_default(), dict):
            return (lambda v: isinstance(v, dict)), "an object"
        return (lambda v: isinstance(v, list)), "a list"
    return (lambda v: isinstance(v, str)), "text"


def _type_problems(n: int, entry: dict[str, Any]) -> list[str]:
    problems = []
    for name, value in entry.items():
        if name not in FIELDS:
            continue
        field = Deal._meta.get_field(name)
        if value is None:
            if not field.null:
                problems.append(f"Deal {n} ({entry['slug']}), {name}: must not be null.")
            continue
        fits, kind = _expected(field)
        if not fits(value):
            shown = json.dumps(value, ensure_ascii=False)
            shown = shown if len(shown) <= 40 else shown[:39] + "…"
            problems.append(f"Deal {n} ({entry['slug']}), {name}: must be {kind}, not {shown}.")
    return problems


def _describe(n: int, slug: str, error: ValidationError) -> list[str]:
    return [
        f"Deal {n} ({slug}), {field}: {message}"
        for field, messages in error.message_dict.items()
        for message in messages
    ]
