"""The draw-odds page's answers: each question worked out once, the costly ones capped.

A draw of three or four cards deals out tens or hundreds of thousands of
draws, a tenth of a second or more of a worker's time, and anyone can ask
for one in a link. Two things keep that from slowing the rest of the site:

- the evaluator's answer is kept in Django's cache (Redis when servers share
  one) under the question in a canonical form: the game, the targets, the
  cards kept and the cards seen, each set sorted, with the code version
  (``lessons.code_version``), so the same question typed in another order
  or asked again by anyone is read, not dealt again;
- a question the cache does not hold and whose draw is costly counts against
  the asking address: more than ``COSTLY_PER_MINUTE`` of them in one minute
  are refused with a message until the minute is over. Cheap draws and
  questions already answered are never refused.

A flood from many addresses at once, or of other pages, is the reverse
proxy's to limit (connections and requests per address, worker queues); the
README says so.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import replace

from django.core.cache import cache

from badacey_site import shared_counts
from evaluator.cards import Card
from evaluator.odds import DrawOdds, draw_cost, draw_odds
from evaluator.profiles import GameProfile
from lessons.code_version import code_version

# Draws dealt out for one question above which it counts as costly: a
# three-card draw in a five-card game (16,215 draws) takes a few tens of
# milliseconds, a four-card one (up to 230,300) a quarter of a second.
COSTLY_DRAWS = 10_000
COSTLY_PER_MINUTE = 20  # a learner comparing holdings asks a few a minute
TIMEOUT = 7 * 24 * 60 * 60  # an answer never changes for one code version


class TooManyCostlyQuestions(Exception):
    """This address has asked for more new costly draws this minute than the page allows."""


def draw_odds_for(
    address: str | None,
    profile: GameProfile,
    kept: Sequence[Card],
    *,
    discarded: Sequence[Card],
    dead: Sequence[Card],
    badugi_top: int | None = None,
    low_top: int | None = None,
    limit: int,
) -> DrawOdds:
    """``evaluator.odds.draw_odds`` for the page, from the cache when anyone asked it before.

    The answer comes back with the cards in the order they were typed, so
    a cached answer reads exactly as a fresh one would.
    """
    key = _key(profile, kept, discarded, dead, badugi_top, low_top)
    cached = cache.get(key)
    if isinstance(cached, DrawOdds):
        return replace(cached, kept=tuple(kept), discarded=tuple(discarded), dead=tuple(dead))
    cost = draw_cost(profile, kept, discarded=discarded, dead=dead)
    if cost <= limit and cost > COSTLY_DRAWS and not _allowed(address):
        raise TooManyCostlyQuestions
    answer = draw_odds(
        profile,
        kept,
        discarded=discarded,
        dead=dead,
        badugi_top=badugi_top,
        low_top=low_top,
        limit=limit,
    )
    cache.set(key, answer, TIMEOUT)
    return answer


def _key(
    profile: GameProfile,
    kept: Sequence[Card],
    discarded: Sequence[Card],
    dead: Sequence[Card],
    badugi_top: int | None,
    low_top: int | None,
) -> str:
    """The question with everything that cannot change the answer taken out.

    The order of the cards does not matter, nor whether a seen card was
    thrown or seen in another's discards: either way it cannot be drawn. The
    whole profile goes in, so a variant of a game (another draw limit) is
    another question.
    """

    def cards(group: Sequence[Card]) -> str:
        return " ".join(sorted(card.text for card in group))

    seen = [*discarded, *dead]
    question = f"{profile!r}|{cards(kept)}|{cards(seen)}|{badugi_top}|{low_top}"
    digest = hashlib.sha256(question.encode()).hexdigest()[:32]
    return f"odds:{code_version()}:{digest}"


def _allowed(address: str | None) -> bool:
    """Count one costly question against ``address`` in this minute; False over the cap."""
    minute = int(time.time() // 60)
    key = f"odds-costly:{address or 'unknown'}:{minute}"
    return shared_counts.add_one(key, 120) <= COSTLY_PER_MINUTE
