"""The ``id`` path converter: every integer id in a URL goes through it.

Django's ``int`` converter takes any run of digits. A primary-key lookup is
guarded against a number the database cannot hold, but a foreign-key lookup
(``Membership.objects.filter(classroom_id=...)``) is not: a 20-digit id was
a 500 on SQLite (``OverflowError``) in ``POST /classes/<id>/leave/``, which
every learner may post. ``id`` takes 1 to 19 ASCII digits up to 2**63 - 1,
the largest id any of the site's tables (``BigAutoField``) can hold; any
other number matches no URL, so the answer is the site's 404 page.

Registered here, once, when the first URL conf that uses it imports this
module; ``tests/site/test_id_urls.py`` walks every URL pattern with 2**64.
"""

from __future__ import annotations

from django.urls import register_converter

LARGEST_ID = 2**63 - 1


class IdConverter:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > LARGEST_ID:
            raise ValueError(f"{value} is larger than any id")  # no match: a 404
        return number

    def to_url(self, value: int | str) -> str:
        return str(value)


register_converter(IdConverter, "id")
