"""Filling in an exercise's answer form the way a learner would."""

from __future__ import annotations


def fill_answer(page, data: dict) -> None:
    """Tick, choose and type the posted values ``data`` names, as a person would."""
    for name, value in data.items():
        if isinstance(value, list):
            for box in page.locator(f'input[name="{name}"]').all():
                box.set_checked(box.get_attribute("value") in value)
        elif page.locator(f'input[name="{name}"][type="radio"]').count():
            page.check(f'input[name="{name}"][value="{value}"]')
        else:
            page.fill(f'input[name="{name}"]', value)
