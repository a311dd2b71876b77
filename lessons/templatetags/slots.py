"""``{% slot "name" "default" %}``: a per-learner hole in a cached page (see lessons.slots)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from .. import slots

register = template.Library()


@register.simple_tag
def slot(name: str, default: str = "") -> SafeString:
    return slots.marker(name, default)
