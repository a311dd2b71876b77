"""Ask the coach's answers: each spot judged once, the new ones counted per address.

``judge_spot`` plays out every legal choice of a spot (sampled where the
count is not exact), up to about a second of a worker's time, and anyone
can ask for one in a link. So, as the draw-odds page does with its costly
draws (``lessons.tools.odds_answers``):

- the verdict is kept in Django's cache (Redis when servers share one)
  under the spot and the code version (``lessons.code_version``), so the
  same spot asked again, by anyone, is read and not judged again;
- a spot the cache does not hold counts against the asking address under
  the ``play_spot_per_address`` limit (``DJANGO_LIMIT_PLAY_SPOT_PER_ADDRESS``,
  docs/operations.md), counted in ``badacey_site.sign_in_limits``' shared
  windows; over it the page says when to ask again. Spots already answered
  are never refused.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache

from badacey_site import sign_in_limits
from evaluator.play.spot import Spot, SpotVerdict, judge_spot
from lessons.code_version import code_version

SPOT_LIMIT = "play_spot_per_address"
TIMEOUT = 7 * 24 * 60 * 60  # a verdict never changes for one code version and seed
SEED = 0  # the table grades with seed 0 too, so a sampled value here is the table's


class TooManySpots(Exception):
    """This address asked for more new spots in this window than the limit allows."""

    def __init__(self, verdict: sign_in_limits.Verdict) -> None:
        super().__init__("too many new spots")
        self.verdict = verdict


def spot_key(spot: Spot) -> str:
    """The cache key of a spot: everything in it, with the code that judges it."""
    digest = hashlib.sha256(repr(spot).encode()).hexdigest()[:32]
    return f"spot:{code_version()}:{SEED}:{digest}"


def judge_for(address: str, spot: Spot) -> SpotVerdict:
    """``judge_spot`` for the page: from the cache when anyone asked it before.

    Raises ``TooManySpots`` (nothing judged) when the address is over its limit.
    """
    key = spot_key(spot)
    cached = cache.get(key)
    if isinstance(cached, SpotVerdict) and cached.spot == spot:
        return cached
    allowed = sign_in_limits.spend(SPOT_LIMIT, address)
    if not allowed.allowed:
        raise TooManySpots(allowed)
    verdict = judge_spot(spot, seed=SEED)
    cache.set(key, verdict, TIMEOUT)
    return verdict
