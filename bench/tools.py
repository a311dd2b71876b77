"""The tool pages' lines in ``python -m bench.site``: calculator and draw odds.

Kept in its own module so the tools' figures can change without touching
the lesson pages' benchmark; ``bench.site`` calls ``bench_tools`` once.
Target, from the practice issue: the calculator settles six hands in under
10 ms. Its htmx answer and its JSON are what that target judges; the whole
page (form included) is held to the page target instead.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable
from urllib.parse import urlencode

CALCULATOR_TARGET_MS = 10.0
SIX_HANDS = (
    "A♠ 2♥ 3♦ 4♣ 6♣",
    "2♣ 3♥ 4♠ 5♦ 7♣",
    "K♣ K♦ Q♠ J♥ 9♣",
    "A♥ 2♠ 3♣ 4♦ 6♦",
    "7♠ 8♥ 9♦ 10♣ J♠",
    "2♦ 3♠ 5♥ 8♣ 9♥",
)
# Uneven contributions, so the settlement builds side pots and splits each.
SIX_PAID = (20, 20, 20, 5, 20, 13)


def calculator_url() -> str:
    from django.urls import reverse

    query = {"game": "badacey", "button": 2}
    for n, (hand, paid) in enumerate(zip(SIX_HANDS, SIX_PAID, strict=True), start=1):
        query |= {f"hand{n}": hand, f"paid{n}": paid}
    return f"{reverse('lessons:calculator')}?{urlencode(query)}"


def odds_url(**query: str) -> str:
    from django.urls import reverse

    return f"{reverse('lessons:odds')}?{urlencode(query)}"


def _request(client, url: str, headers: dict, status: int, expected: str) -> Callable[[], None]:
    """One request that must answer as expected, or its figure would mean nothing."""

    def request() -> None:
        response = client.get(url, headers=headers)
        if response.status_code != status or expected not in response.content.decode():
            raise SystemExit(f"{url} answered {response.status_code} without {expected!r}")

    return request


def bench_tools(options: argparse.Namespace, client) -> list:
    from bench.measure import PAGE_TARGET_MS, Line, mean_and_best

    batches, per_batch = (2, 2) if options.quick else (10, 5)
    calculator = calculator_url()
    two_cards = odds_url(
        game="badacey", hand="A♠ 2♥ 3♦ 7♣ K♠", discard="7♣ K♠", badugi_top="8", low_top="8"
    )
    five_cards = odds_url(game="badacey", hand="A♠ 2♥ 3♦ 7♣ K♠", discard="A♠ 2♥ 3♦ 7♣ K♠")
    htmx, json = {"HX-Request": "true"}, {"Accept": "application/json"}
    settles = CALCULATOR_TARGET_MS
    cases = [
        ("calculator, six hands, htmx answer", calculator, htmx, 200, "Payouts", settles),
        ("calculator, six hands, JSON", calculator, json, 200, '"ok": true', settles),
        ("calculator, six hands, whole page", calculator, {}, 200, "Payouts", PAGE_TARGET_MS),
        ("draw odds, two cards, htmx answer", two_cards, htmx, 200, "Both at once", None),
        ("draw odds, two cards, whole page", two_cards, {}, 200, "Both at once", PAGE_TARGET_MS),
        ("draw odds, five cards refused, htmx", five_cards, htmx, 400, "Keep at least", None),
    ]
    lines = []
    quiet = logging.getLogger("django.request")  # each refusal would log "Bad Request"
    level = quiet.level
    for label, url, headers, status, expected, target in cases:
        request = _request(client, url, headers, status, expected)
        quiet.setLevel(logging.ERROR if status == 400 else level)
        try:
            mean, best = mean_and_best([request] * per_batch, batches)
        finally:
            quiet.setLevel(level)
        lines.append(
            Line(
                f"{label}, mean/best",
                f"{mean:.1f}/{best:.1f} ms",
                "" if target is None else f"< {target:.0f} ms",
                None if target is None else best < target,
            )
        )
    return lines
