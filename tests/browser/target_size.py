"""Measure WCAG 2.2's 2.5.8 Target Size (Minimum) on a page: every target 24 x 24 CSS px.

Checked in the page with the criterion's own exceptions:

- *Spacing*: an undersized target passes when a 24 px circle centred on it
  meets no other target and no other undersized target's circle;
- *Inline*: a link inside a sentence (its block has other text) is sized
  by the line of text, as the criterion allows;
- *User agent*: the browser's own controls are not ours (none are measured).

Hidden targets (no size, clipped to 1 px for screen readers only, or inside a
closed ``<details>``) are not on screen to be hit and are skipped.
"""

from __future__ import annotations

MEASURE = """() => {
  const SIZE = 24, R = SIZE / 2;
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, ' +
    '[role=button], [tabindex]:not([tabindex="-1"])';
  const seen = new Set();
  const targets = [];
  for (const el of document.querySelectorAll(selector)) {
    if (seen.has(el)) continue;
    seen.add(el);
    if (el.closest('[hidden], [aria-hidden="true"]')) continue;
    // Inside a closed <details> only its summary is on screen to be hit.
    const closed = el.closest('details:not([open])');
    if (closed && !el.closest('summary')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) continue;  // visually hidden
    // A scroll region (tabindex=0 on a box) is a target as big as its box.
    targets.push({el, rect});
  }
  const inline = (el) => {
    if (el.tagName !== 'A') return false;
    if (getComputedStyle(el).display !== 'inline') return false;
    const block = el.parentElement.closest(
      'p, li, td, th, dd, dt, figcaption, caption, label, legend, span, small, div');
    if (!block) return false;
    const own = el.textContent.trim().length;
    return block.textContent.trim().length > own + 1;
  };
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const distanceToRect = (p, r) => {
    const dx = Math.max(r.left - p[0], 0, p[0] - r.right);
    const dy = Math.max(r.top - p[1], 0, p[1] - r.bottom);
    return Math.hypot(dx, dy);
  };
  const small = targets.filter(t => t.rect.width < SIZE - 0.01 || t.rect.height < SIZE - 0.01);
  const failures = [];
  for (const t of small) {
    if (inline(t.el)) continue;
    const c = centre(t.rect);
    let near = null;
    for (const other of targets) {
      if (other === t || other.el.contains(t.el) || t.el.contains(other.el)) continue;
      if (distanceToRect(c, other.rect) < R - 0.01) { near = other; break; }
      const isSmall = small.includes(other);
      if (isSmall) {
        const oc = centre(other.rect);
        if (Math.hypot(c[0] - oc[0], c[1] - oc[1]) < SIZE - 0.01) { near = other; break; }
      }
    }
    if (near === null) continue;
    const name = (t.el.getAttribute('aria-label') || t.el.textContent || t.el.name || '')
      .trim().slice(0, 40);
    const size = `${t.rect.width.toFixed(1)}x${t.rect.height.toFixed(1)}`;
    const by = (near.el.textContent || near.el.name || near.el.tagName).trim().slice(0, 30);
    failures.push(`${t.el.tagName.toLowerCase()} "${name}" ${size}, too near "${by}"`);
  }
  return failures;
}"""


def undersized_targets(page) -> list[str]:
    """Targets under 24 x 24 px that no exception of 2.5.8 covers, described for the report."""
    return page.evaluate(MEASURE)
