"""``{{ chips|money:units }}``: an amount in a card room's own units.

A real hand read in cents keeps whole chips (cents) in the engine; its
``evaluator.money.Money`` writes them back as the room did ("$3.36"). Any
other deal has no units and its chips are shown as they are.
"""

from __future__ import annotations

from typing import Any

from django import template

from evaluator.money import Money

register = template.Library()


@register.filter
def money(chips: Any, units: Money | None) -> Any:
    if isinstance(units, Money) and isinstance(chips, int) and not isinstance(chips, bool):
        return units.amount(chips)
    return chips
