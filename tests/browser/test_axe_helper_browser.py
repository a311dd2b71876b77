"""The axe helpers themselves: they must see a violation, in the scheme it is drawn in.

Every "axe-clean" check in tests/browser/ is only as good as these helpers;
a helper that quietly found nothing would pass every one of them.
"""

from __future__ import annotations

import pytest

from .axe import CLEAN, axe_in_both_schemes, axe_violations

pytestmark = pytest.mark.browser

# Text readable in the light scheme and grey on grey in the dark one, an image
# with no text alternative, and a button too small for WCAG 2.2's target size.
PAGE = """<!doctype html><html lang="en"><head><title>Helper check</title>
<style>
  :root { color-scheme: light dark; }
  .shade { color: light-dark(#000, #777); background: light-dark(#fff, #888); }
  .tiny { width: 10px; height: 10px; padding: 0; border: 0; font-size: 4px; }
</style></head>
<body><main><h1>Helper check</h1>
<p class="shade">Readable only in the light scheme.</p>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<button class="tiny">a</button><button class="tiny">b</button>
</main></body></html>"""


def rule_ids(violations) -> set[str]:
    return {violation["id"] for violation in violations}


def test_each_violation_is_reported_in_the_scheme_that_draws_it(page):
    page.set_content(PAGE)
    found = axe_in_both_schemes(page, wcag22=True)
    assert found != CLEAN
    assert rule_ids(found["light"]) == {"image-alt", "target-size"}
    assert rule_ids(found["dark"]) == {"image-alt", "target-size", "color-contrast"}
    # Every failing element is named, not just the first of each rule.
    sizes = next(v for v in found["dark"] if v["id"] == "target-size")
    assert len(sizes["nodes"]) == 2
    assert "color-contrast" in repr(found["dark"])


def test_without_wcag22_the_target_size_rule_is_not_asked_for(page):
    page.set_content(PAGE)
    assert rule_ids(axe_violations(page)) == {"image-alt"}
