"""The trimmed Bootstrap that pages load is the one its script would write today.

``scripts/trim_bootstrap.py`` keeps only the rules whose classes the site can
emit. When a form layout or a template starts using a class (a crispy
``Column("game", css_class="col-sm-4")``, a ``btn-secondary`` button) and
nobody runs the script again, the class is silently missing from the pages:
the drill settings stacked in one column and their button lost its look.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _trimmer():
    spec = importlib.util.spec_from_file_location(
        "trim_bootstrap", ROOT / "scripts" / "trim_bootstrap.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_trimmed_css_is_up_to_date_with_the_classes_the_site_uses():
    trimmer = _trimmer()
    css = trimmer.SOURCE.read_text(encoding="utf-8")
    header_end = css.index("*/") + 2
    expected = css[:header_end] + trimmer.trim(css[header_end:], trimmer.used_words())
    assert trimmer.TARGET.read_text(encoding="utf-8") == expected, (
        "static/vendor/bootstrap-5.3.9.site.min.css is stale: run "
        ".venv/bin/python scripts/trim_bootstrap.py and commit the result"
    )


def test_the_drill_settings_layout_classes_survive_the_trim():
    trimmer = _trimmer()
    site_css = trimmer.TARGET.read_text(encoding="utf-8")
    for rule in (".col-sm-4{", ".btn-secondary{"):
        assert rule in site_css


def test_a_rule_is_kept_when_it_only_excludes_classes_the_site_never_uses():
    """The practice filter's input group squares the select's corner with such a rule."""
    trimmer = _trimmer()
    words = {"input-group"}
    css = ".input-group:not(.has-validation)>:not(:last-child):not(.dropdown-toggle){a:b}"
    assert trimmer.trim(css, words) == css
    assert trimmer.trim(".dropdown-toggle{a:b}", words) == ""
