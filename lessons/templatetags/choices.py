"""``{% option_input option fieldset %}``: one checkbox or radio button of an exercise.

Written here rather than through Django's widget templates or an include:
a lesson page holds a few hundred options, and each one drawn by a template
cost a template include and eight variable look-ups, a sixth of a page's
fresh render. The markup is the same input Django's widget would draw, with
the answer check's ``aria-invalid`` marks added.
"""

from __future__ import annotations

from django import template
from django.forms.boundfield import BoundWidget
from django.utils.formats import localize
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from ..forms import Fieldset

register = template.Library()


@register.simple_tag
def option_input(option: BoundWidget, fieldset: Fieldset) -> SafeString:
    """The ``<input>`` of one option (as iterating a choice field's BoundField gives).

    Marked ``aria-invalid`` and described by the fieldset's error when a
    check found this input wrong.
    """
    data = option.data
    attrs = data["attrs"]
    html: str = format_html(
        '<input type="{}" name="{}" value="{}" id="{}"',
        data["type"],
        data["name"],
        localize(data["value"]),
        attrs.get("id", ""),
    )
    if data["selected"]:
        html += " checked"
    if attrs.get("required"):
        html += " required"
    if fieldset.invalid and data["name"] in fieldset.invalid:
        html += format_html(' aria-invalid="true" aria-describedby="{}"', fieldset.error_id)
    # The newline is the one the include ended with: a toggle's label keeps its space.
    return mark_safe(html + ">\n")
