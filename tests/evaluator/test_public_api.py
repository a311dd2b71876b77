"""The names other code imports from the evaluator stay importable where they are."""

from __future__ import annotations

import importlib

import pytest

import evaluator

# Every name lessons/ and the tests import from a submodule, by module.
IMPORTED_FROM = {
    "evaluator.replay": ["replay", "Replay", "Step", "State", "SeatState", "ContributionTable"],
    "evaluator.notation": ["parse_deal", "format_deal", "validate"],
    "evaluator.deal": ["DealError", "DealRecord", "DrawLine", "Action", "Seat"],
    "evaluator.profiles": ["SETTING_NAMES", "AWARD_TITLES"],
    "evaluator.values": ["BadugiValue", "LowValue"],
    "evaluator.worked_deals": ["worked_deal", "WORKED_DEALS"],
    "evaluator.report": ["settlement_to_dict", "settle_request", "error_to_dict"],
    "evaluator.settlement_table": ["render_table"],
}


def test_every_name_in_all_is_exported():
    missing = [name for name in evaluator.__all__ if not hasattr(evaluator, name)]
    assert missing == []


@pytest.mark.parametrize(("module", "names"), sorted(IMPORTED_FROM.items()))
def test_submodule_names_stay_where_callers_import_them(module, names):
    loaded = importlib.import_module(module)
    assert [name for name in names if not hasattr(loaded, name)] == []


def test_the_package_and_its_modules_export_the_same_objects():
    from evaluator.notation import parse_deal
    from evaluator.replay import Replay, replay

    assert evaluator.replay is replay
    assert evaluator.Replay is Replay
    assert evaluator.parse_deal is parse_deal
