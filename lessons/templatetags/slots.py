"""``{% slot "name" "default" %}`` and ``{% slotblock "name" %}...{% endslotblock %}``.

Per-learner holes in a cached page; see lessons.pages.slots.
"""

from __future__ import annotations

from django import template
from django.template.base import Node, NodeList, Parser, Token
from django.utils.safestring import SafeString

from lessons.pages import slots

register = template.Library()


@register.simple_tag
def slot(name: str, default: str = "") -> SafeString:
    return slots.marker(name, default)


class SlotBlockNode(Node):
    def __init__(self, name: template.base.FilterExpression, nodelist: NodeList) -> None:
        self.name = name
        self.nodelist = nodelist

    def render(self, context: template.Context) -> SafeString:
        opening, closing = slots.block_markers(str(self.name.resolve(context)))
        return SafeString(opening + self.nodelist.render(context) + closing)


@register.tag
def slotblock(parser: Parser, token: Token) -> SlotBlockNode:
    """``{% slotblock name_expression %}default HTML{% endslotblock %}``."""
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError("slotblock takes one argument: the slot's name.")
    nodelist = parser.parse(("endslotblock",))
    parser.delete_first_token()
    return SlotBlockNode(parser.compile_filter(bits[1]), nodelist)
