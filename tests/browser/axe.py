"""Run axe-core in a Playwright page and report WCAG 2.1 A/AA violations."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

AXE_JS = Path(__file__).parent / "vendor" / "axe.min.js"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


class AxeViolations(list):
    """The violations axe found; its repr lists rule ids and targets for assert messages."""

    def __repr__(self) -> str:
        if not self:
            return "[]"
        lines = []
        for violation in self:
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
            lines.append(f"{violation['id']} ({violation['help']}): {', '.join(targets)}")
        return "axe violations:\n  " + "\n  ".join(lines)


# Waits for the page to stop changing: two frames, so a hover the last layout
# caused has begun its transition, then every finite animation and transition.
# A colour caught halfway through a 0.15 s fade (Bootstrap's buttons) is no
# colour a learner reads, and under load axe reached one often enough to fail
# a run. Transitions are then switched off, so one that a focus or hover change
# starts after the wait ends at once at the colour it was heading for.
# Capped at two seconds; an endless animation is not waited for.
SETTLE_JS = """async () => {
  // Transitions end at once from here on: a hover or focus change that starts
  // one after the frames below would otherwise be caught halfway.
  if (!document.getElementById("axe-settle")) {
    const still = document.createElement("style");
    still.id = "axe-settle";
    still.textContent = "*, *::before, *::after { transition: none !important; }";
    document.head.append(still);
  }
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  const ending = document.getAnimations().filter(
    a => a.playState === "running" && isFinite(a.effect?.getComputedTiming().endTime ?? Infinity)
  );
  const finished = Promise.all(ending.map(a => a.finished.catch(() => null)));
  await Promise.race([finished, new Promise(done => setTimeout(done, 2000))]);
}"""


def axe_violations(page: Any, *, wcag22: bool = False) -> AxeViolations:
    """Inject axe into the current page and return its violations (empty when clean).

    ``wcag22`` adds the WCAG 2.2 AA rules (target size) for pages that promise them.
    The page is left to settle first (``SETTLE_JS``), so axe judges the
    colours a transition ends on. axe is injected once per document: a second
    check of the same page (the other colour scheme) reuses it.

    Only violations are asked for (``resultTypes``): axe still runs every rule
    on every element and reports every violating node, but skips building a
    selector for each node that passed or did not apply, which was about
    half the time of a run on a long page. Nothing here reads those lists.
    """
    page.evaluate(SETTLE_JS)
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_JS))
    tags = [*WCAG_TAGS, "wcag22aa"] if wcag22 else WCAG_TAGS
    result = page.evaluate(AXE_RUN, tags)
    return AxeViolations(result["violations"])


AXE_RUN = """tags => axe.run(document, {
  runOnly: {type: 'tag', values: tags},
  resultTypes: ['violations'],
})"""


def axe_violations_without_javascript(tab: Any, html: str, url: str) -> AxeViolations:
    """Axe on a page exactly as a browser without JavaScript was sent it.

    axe cannot run where scripts are off (its checks wait on timers that
    never fire), so ``html``, the page the script-less browser received from
    ``url``, is shown again in ``tab``, a tab with JavaScript on, with the
    site's own scripts refused and its ``<noscript>`` parts in force, as they
    were for the learner.
    """
    address = url.split("#")[0]
    shown = html.replace("<noscript>", "").replace("</noscript>", "")
    tab.route(lambda u: u.split("?")[0].endswith(".js"), lambda route: route.abort())
    tab.route(
        lambda u: u == address,
        lambda route: route.fulfill(body=shown, content_type="text/html; charset=utf-8"),
    )
    try:
        tab.goto(address)
        return axe_violations(tab)
    finally:
        tab.unroute_all()


SCHEMES = ("light", "dark")
CLEAN = {scheme: [] for scheme in SCHEMES}


def in_both_schemes(page: Any, check: Callable[[], AxeViolations]) -> dict[str, AxeViolations]:
    """``check()`` with the page drawn light, then dark: ``assert ... == CLEAN``.

    A flow through several pages (sign up, answer, set work) then runs once,
    with each of its states checked in both schemes, instead of being walked
    through twice. The page is left in the dark scheme.
    """
    found = {}
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        found[scheme] = check()
    return found


def axe_in_both_schemes(page: Any, *, wcag22: bool = False) -> dict[str, AxeViolations]:
    """Axe on the current page in each colour scheme (see ``in_both_schemes``)."""
    return in_both_schemes(page, lambda: axe_violations(page, wcag22=wcag22))
