"""Hooks between features: declared in lessons/events.py, fired by services, never save signals."""

from __future__ import annotations

import re

from lessons import events

from .conftest import ROOT

PRODUCT = ("lessons", "play", "lti", "badacey_site")


def test_no_feature_listens_for_model_saves():
    # A queryset update() sends no save signal: a played hand ends through one,
    # and a course site's grade once waited for a post_save that never came.
    saves = re.compile(r"\b(pre|post)_save\b|\bm2m_changed\b")
    found = [
        str(path.relative_to(ROOT))
        for package in PRODUCT
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts and saves.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_every_declared_hook_has_its_subscribers_once_the_apps_are_ready():
    for hook in events.HOOKS:
        assert hook.subscribers, f"{hook.name} is declared but nothing subscribes to it"
        assert len(set(hook.subscribers)) == len(hook.subscribers)


def test_no_other_module_keeps_a_list_of_hooks():
    # The lists the hooks replaced (AFTER_ANSWER, OTHER_QUEUES, HAND_COUNTERS ...):
    # a module-level list of callables that other apps append to.
    hook_list = re.compile(r"^[A-Z_]+: list\[Callable", re.MULTILINE)
    found = [
        str(path.relative_to(ROOT))
        for package in PRODUCT
        for path in (ROOT / package).rglob("*.py")
        if hook_list.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []
