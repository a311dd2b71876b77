"""The site's form renderer: Django's own, with plain ``<input>`` widgets written in Python.

Why: Django draws a number box through three templates (``number.html``
includes ``input.html``, which includes ``attrs.html`` and loops over the
attributes), about 185 µs a box. A lesson page with payouts questions has a
dozen of them, 2 ms of its fresh render, and a payouts drill answer five.
``input_html`` writes the very bytes those templates write; every other
widget, and any of these templates that is not Django's own file (a project
or app overriding it), still goes through the templates.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import django
from django.forms.renderers import DjangoTemplates
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData, mark_safe

# Templates that are exactly an include of Django's input.html.
PLAIN_INPUTS = frozenset(
    f"django/forms/widgets/{name}.html"
    for name in ("input", "number", "text", "email", "url", "password", "hidden", "search")
)
INCLUDED = ("django/forms/widgets/input.html", "django/forms/widgets/attrs.html")
DJANGO_WIDGETS = Path(django.__file__).resolve().parent / "forms" / "templates"


def _text(value: Any) -> str:
    """``{{ value|stringformat:'s' }}`` as the template prints it (escaped unless safe)."""
    text = "%s" % (str(value) if isinstance(value, tuple) else value)
    return str(conditional_escape(mark_safe(text) if isinstance(value, SafeData) else text))


def input_html(widget: dict[str, Any]) -> str:
    """What ``django/forms/widgets/input.html`` renders for ``widget`` (its context)."""
    parts = [
        f'<input type="{conditional_escape(widget["type"])}"',
        f' name="{conditional_escape(widget["name"])}"',
    ]
    if widget["value"] != None:  # noqa: E711 -- the template's test, kept exactly
        parts.append(f' value="{_text(widget["value"])}"')
    for name, value in widget["attrs"].items():
        if value is not False:
            parts.append(f" {conditional_escape(name)}")
            if value is not True:
                parts.append(f'="{_text(value)}"')
    parts.append(">")
    return "".join(parts)


class FormRenderer(DjangoTemplates):
    def render(self, template_name: str, context: dict, request: Any = None) -> str:
        if template_name in PLAIN_INPUTS and self._is_djangos(template_name):
            return mark_safe(input_html(context["widget"]))
        return super().render(template_name, context, request=request)

    @cache  # noqa: B019 -- one renderer per process (get_default_renderer is cached)
    def _is_djangos(self, template_name: str) -> bool:
        """Whether the widget's template and the two it includes are Django's own files."""
        names = (
            template_name,
            "django/forms/widgets/input.html",
            "django/forms/widgets/attrs.html",
        )
        for name in names:
            origin = self.get_template(name).template.origin  # type: ignore[attr-defined]
            if not Path(origin.name).resolve().is_relative_to(DJANGO_WIDGETS):
                return False
        return True
