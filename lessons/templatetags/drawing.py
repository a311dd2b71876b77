"""Template tags for the drawing lesson: outs, chances and expected shares, counted at render.

Like the poker tags, a page types only cards (and the target ranks it asks
about); every count and percentage comes from the engine's exact draw odds
(``evaluator.odds``) or its expected-share count (``evaluator.draw_equity``).
Each result depends only on the typed arguments, so it is worked out once
per process and reused.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from django import template

from evaluator import Card, get_profile, parse_cards
from evaluator.cards import RANK_TEXT
from evaluator.draw_equity import DrawChoice, discard_choices
from evaluator.odds import DrawOdds, Outcome, draw_odds, target_ranks

register = template.Library()

HALVES = {"badugi": "badugi", "low": "low"}


@dataclass(frozen=True)
class TargetRow:
    """One target of a draw (a top card or "any") and how many draws reach it."""

    outcome: Outcome

    @property
    def outs(self) -> tuple[Card, ...] | None:
        return self.outcome.outs


def _rank(text: str) -> int | None:
    """A typed target rank ("8", "J", "A") as the engine's rank number; "" means none."""
    if not text:
        return None
    for rank, shown in RANK_TEXT.items():
        if shown == str(text).upper():
            return rank
    raise template.TemplateSyntaxError(f"'{text}' is not a rank: use A, 2-10, J, Q or K")


@lru_cache(maxsize=256)
def _odds(game: str, kept: str, discarded: str, badugi_top: str, low_top: str) -> DrawOdds:
    return draw_odds(
        game,
        kept,
        discarded=discarded,
        badugi_top=_rank(badugi_top),
        low_top=_rank(low_top),
    )


@lru_cache(maxsize=64)
def _by_top(game: str, kept: str, discarded: str, half: str) -> tuple[TargetRow, ...]:
    profile = get_profile(game)
    if half == "badugi":
        kind = "badugi"
    else:
        kind = next((k for k in profile.awards if k != "badugi"), None)
        if kind is None:
            raise template.TemplateSyntaxError(f"{profile.name} has no five-card low")
    ranks = target_ranks(profile, kind)
    rows = []
    for rank in ranks:
        shown = RANK_TEXT[rank]
        if half == "badugi":
            odds = _odds(game, kept, discarded, shown, "")
            key = "badugi" if rank == ranks[-1] else "badugi_top"
        else:
            odds = _odds(game, kept, discarded, "", shown)
            key = "low"
        rows.append(TargetRow(odds.outcome(key)))
    # Targets no draw can reach say nothing new: start at the first one with a hit.
    first = next((n for n, row in enumerate(rows) if row.outcome.hits), len(rows) - 1)
    return tuple(rows[first:])


@register.inclusion_tag("lessons/_odds_by_top.html")
def odds_by_top(game: str, kept: str, discarded: str = "", half: str = "badugi", caption: str = ""):
    """How often one draw reaches each target top card, from the lowest reachable to "any".

    ``half`` is "badugi" or "low". For a one-card draw the outs themselves are listed.
    """
    if half not in HALVES:
        raise template.TemplateSyntaxError(f"odds_by_top: half must be one of {list(HALVES)}")
    rows = _by_top(game, kept, discarded, half)
    first = _odds(game, kept, discarded, "", "")
    return {
        "rows": rows,
        "odds": first,
        "kept": parse_cards(kept),
        "discarded": parse_cards(discarded) if discarded else (),
        "caption": caption,
        "one_card": first.draw == 1,
    }


@register.inclusion_tag("lessons/_draw_outcomes.html")
def draw_outcomes(
    game: str,
    kept: str,
    discarded: str = "",
    badugi_top: str = "",
    low_top: str = "",
    caption: str = "",
):
    """Every outcome of one draw for the given targets: hits, draws dealt and the chance."""
    odds = _odds(game, kept, discarded, str(badugi_top), str(low_top))
    return {
        "odds": odds,
        "caption": caption,
        "one_card": odds.draw == 1,
    }


@dataclass(frozen=True)
class KeepRow:
    discard: tuple[Card, ...]
    kept: tuple[Card, ...]
    odds: DrawOdds


@register.inclusion_tag("lessons/_keep_options.html")
def keep_options(
    game: str,
    hand: str,
    throws: str,
    badugi_top: str = "",
    low_top: str = "",
    caption: str = "",
):
    """One holding and several ways to draw from it (``throws`` separated by "|").

    Each row keeps the rest of the hand and shows the chance of every
    outcome, so the options can be compared column by column.
    """
    cards = parse_cards(hand)
    rows = []
    for throw in throws.split("|"):
        thrown = parse_cards(throw) if throw.strip() else ()
        missing = [c for c in thrown if c not in cards]
        if missing:
            raise template.TemplateSyntaxError(f"keep_options: {missing[0]} is not in {hand}")
        kept = tuple(c for c in cards if c not in thrown)
        odds = _odds(
            game,
            " ".join(str(c) for c in kept),
            " ".join(str(c) for c in thrown),
            str(badugi_top),
            str(low_top),
        )
        rows.append(KeepRow(thrown, kept, odds))
    return {
        "hand": cards,
        "rows": rows,
        "columns": [o.description for o in rows[0].odds.outcomes],
        "caption": caption,
    }


@lru_cache(maxsize=64)
def _choices(game: str, hand: str, against: str, most: int, dead: str) -> tuple[DrawChoice, ...]:
    return discard_choices(game, hand, against.split("|"), most=most, dead=dead)


@register.inclusion_tag("lessons/_share_table.html")
def share_table(
    game: str,
    hand: str,
    against: str,
    most: int = 1,
    dead: str = "",
    caption: str = "",
    pot: int = 0,
):
    """Every way to throw up to ``most`` cards, best expected share of the pot first.

    ``against`` lists the hands that stand pat, separated by "|". With a
    ``pot``, each share is also shown in chips.
    """
    choices = _choices(game, hand, against, int(most), dead)
    best = choices[0].share
    return {
        "hand": parse_cards(hand),
        "against": [parse_cards(h) for h in against.split("|")],
        "rows": [
            {
                "choice": choice,
                "percent": percent(choice.share),
                "chips": f"{float(choice.share * pot):.1f}" if pot else "",
                "best": choice.share == best,
            }
            for choice in choices
        ],
        "caption": caption,
        "pot": pot,
    }


def percent(share: Fraction) -> str:
    return f"{float(100 * share):.1f}%"


@register.simple_tag
def best_share(game: str, hand: str, against: str, most: int = 1, dead: str = "") -> str:
    """The best expected share as a percentage, for a sentence that quotes it."""
    return percent(_choices(game, hand, against, int(most), dead)[0].share)


@register.simple_tag
def outs_count(
    game: str, kept: str, discarded: str = "", outcome: str = "badugi", **targets
) -> int:
    """How many draws reach one outcome (for a one-card draw: the number of outs)."""
    odds = _odds(
        game, kept, discarded, str(targets.get("badugi_top", "")), str(targets.get("low_top", ""))
    )
    return odds.outcome(outcome).hits
