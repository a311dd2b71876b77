"""The drills' lines in ``python -m bench.site``: one item answered, per kind of drill.

Target, from the endless-practice issue: a drill item generated, rendered
and checked in under 10 ms. The htmx answer does all three (it checks the
posted item, deals the next one and renders the region holding both), so
that is what each line times, for each kind at its hardest setting.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

DRILL_TARGET_MS = 10.0
SEED = 2024


def engine_answer(kind: str, game: str, difficulty: int, seed: int) -> dict:
    """The right answer, asked of the evaluator, as the drill form posts it.

    The parts' model answers settle the item's own table, side pots included.
    """
    from evaluator.drills import generate
    from lessons.deals import parts
    from lessons.drills.answering import PREFIX
    from lessons.drills.items import DrillTable

    table = DrillTable.of(generate(kind, game, difficulty, seed))
    answer = parts.model_answer(table)
    return {f"{PREFIX}-{key}": value for key, value in answer.items()}


def _answer(client, url: str, data: dict) -> Callable[[], None]:
    def request() -> None:
        response = client.post(url, data, headers={"HX-Request": "true"})
        if response.status_code != 200 or "Every part is correct" not in response.content.decode():
            raise SystemExit(f"{url} did not accept the engine's answer ({response.status_code})")

    return request


def bench_drills(options: argparse.Namespace, client) -> list:
    from bench.measure import Line, mean_and_best
    from evaluator.drills import KINDS
    from lessons.drills.forms import drill_url

    batches, per_batch = (2, 2) if options.quick else (10, 5)
    lines = []
    for kind, drill in KINDS.items():
        game = drill.games[0]
        url = drill_url(kind, game, 3, SEED)
        request = _answer(client, url, engine_answer(kind, game, 3, SEED))
        mean, best = mean_and_best([request] * per_batch, batches)
        lines.append(
            Line(
                f"drill {kind} ({game}, hard): check, deal and render, mean/best",
                f"{mean:.1f}/{best:.1f} ms",
                f"< {DRILL_TARGET_MS:.0f} ms",
                best < DRILL_TARGET_MS,
            )
        )
    return lines
