"""``/about/memory/``: does the review schedule predict what learners then answer?

Public and without personal data: it reads the last ``CalibrationReport``
the nightly fit stored (``lessons.memory.calibration``), so a visitor's
request costs one small query however large the review log grows.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from lessons.memory import calibration, evaluation

# The chart's plotting square, in the SVG's own units.
LEFT, TOP, SIZE = 40, 10, 200


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    reviews: int


@dataclass(frozen=True)
class Series:
    row: calibration.Scores
    points: list[Point]

    @property
    def path(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


def plotted(row: calibration.Scores) -> Series:
    """The row's bins as points: predicted chance across, actual share up."""
    return Series(
        row,
        [
            Point(LEFT + SIZE * b.predicted, TOP + SIZE * (1 - b.actual), b.reviews)
            for b in row.bins
        ],
    )


@require_safe
def about_memory(request: HttpRequest) -> HttpResponse:
    report, rows = calibration.latest()
    shown = [row for row in rows if row.enough and not row.baseline]
    context = {
        "report": report,
        "rows": rows,
        "series": [plotted(row) for row in shown],
        "enough": bool(shown),
        "folds": evaluation.FOLDS,
        "min_reviews": calibration.MIN_REVIEWS,
        "ticks": [(f"{n * 20}%", LEFT + SIZE * n / 5, TOP + SIZE * (1 - n / 5)) for n in range(6)],
        "chart": {"left": LEFT, "top": TOP, "right": LEFT + SIZE, "bottom": TOP + SIZE},
    }
    return render(request, "lessons/about_memory.html", context)
