"""Bar geometry for the replayer's contributions chart.

The chart is drawn by a template (``lessons/_contribution_chart.html``); this
module only turns the engine's contribution table into coordinates, so the
SVG stays readable markup and needs no script or inline style.
"""

from __future__ import annotations

from dataclasses import dataclass

from evaluator.replay import ContributionTable

WIDTH = 360
LABEL_WIDTH = 92  # seat names sit left of the bars
TOTAL_WIDTH = 40  # each bar's total sits right of it
ROW_HEIGHT = 28
BAR_HEIGHT = 18
PAD = 6


@dataclass(frozen=True)
class Segment:
    round_index: int  # picks the fill class, one per betting round
    round_name: str
    chips: int
    x: float
    width: float


@dataclass(frozen=True)
class Bar:
    name: str
    total: int
    y: float
    text_y: float
    total_x: float
    segments: tuple[Segment, ...]


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    label_x: int
    bar_height: int
    columns: tuple[str, ...]
    bars: tuple[Bar, ...]


def contribution_chart(table: ContributionTable) -> Chart:
    """One stacked bar per seat, one segment per betting round, to a shared scale."""
    biggest = max((row.total for row in table.rows), default=0)
    span = WIDTH - LABEL_WIDTH - TOTAL_WIDTH
    scale = span / biggest if biggest else 0.0
    bars = []
    for n, row in enumerate(table.rows):
        y = PAD + n * ROW_HEIGHT
        x = float(LABEL_WIDTH)
        segments = []
        for r, chips in enumerate(row.rounds):
            if chips:
                width = round(chips * scale, 2)
                segments.append(Segment(r, table.columns[r], chips, round(x, 2), width))
                x += width
        bars.append(
            Bar(
                name=row.name,
                total=row.total,
                y=y,
                text_y=y + BAR_HEIGHT * 0.75,
                total_x=round(x + 4, 2),
                segments=tuple(segments),
            )
        )
    return Chart(
        width=WIDTH,
        height=PAD * 2 + len(bars) * ROW_HEIGHT,
        label_x=LABEL_WIDTH - 6,
        bar_height=BAR_HEIGHT,
        columns=table.columns,
        bars=tuple(bars),
    )
