"""Colours as the browser computes them ("rgb(...)"), and the WCAG contrast between two.

Shared by the browser tests that check what a page draws in light and dark
colours (the site's pages and the admin's).
"""

from __future__ import annotations


def channels(rgb: str) -> list[float]:
    """ "rgb(r, g, b)" or "rgba(r, g, b, a)" as numbers (alpha 1 when absent)."""
    parts = [float(x) for x in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")]
    return parts if len(parts) == 4 else [*parts, 1.0]


def over(colour: str, background: str) -> str:
    """A see-through colour as it shows on an opaque background."""
    *top, alpha = channels(colour)
    below = channels(background)[:3]
    mixed = [round(a * alpha + b * (1 - alpha)) for a, b in zip(top, below, strict=True)]
    return f"rgb({mixed[0]}, {mixed[1]}, {mixed[2]})"


def luminance(rgb: str) -> float:
    parts = [c / 255 for c in channels(rgb)[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
