"""What the drawing questions share: whose draw, which cards go, and what it aims at.

A drawing part names a seat and reads every other seat's cards as seen:
the exercise shows them, so they can never arrive in the draw. The chances
come from ``evaluator.odds`` and the shares from ``evaluator.draw_equity``;
both are exact and depend only on the cards, so each is worked out once per
process and reused by the form, the check, the model answer and the worked
answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from evaluator import Card, EvaluatorError, GameProfile, format_cards, parse_cards
from evaluator.cards import RANK_TEXT
from evaluator.draw_equity import MAX_DRAW, DrawChoice, discard_choices
from evaluator.misconceptions import Draw, Misconception, discard_beliefs, discard_mistake
from evaluator.odds import DrawOdds, draw_odds, lowest_target, target_ranks
from lessons.deals.parts.base import Part, PartTextError, Table, is_whole

TARGETS = ("badugi", "low", "both")
RANK_INPUT = {text: rank for rank, text in RANK_TEXT.items()}


# Reading a part ---------------------------------------------------------------------


def hand(part: Part, deal: Table) -> tuple[Card, ...]:
    return deal.hands[part["seat"]]


def seen(part: Part, deal: Table) -> tuple[Card, ...]:
    """Every other seat's cards: shown on the page, so out of the draw."""
    return tuple(c for s, cards in enumerate(deal.hands) if s != part["seat"] for c in cards)


def thrown(part: Part) -> tuple[Card, ...]:
    return parse_cards(part["throw"]) if part.get("throw") else ()


def low_half(profile: GameProfile) -> str | None:
    return next((k for k in profile.awards if k != "badugi"), None)


def outcome_key(part: Part) -> str:
    """The ``evaluator.odds`` outcome a part asks about."""
    target = part["target"]
    if target == "badugi":
        return "badugi_top" if part.get("badugi_top") is not None else "badugi"
    return target  # "low" or "both"


def odds(part: Part, deal: Table, throw: Sequence[Card] | None = None) -> DrawOdds:
    """The chances of the part's draw (or of throwing ``throw`` instead)."""
    cards = hand(part, deal)
    throw = thrown(part) if throw is None else tuple(throw)
    kept = tuple(c for c in cards if c not in throw)
    return _odds(
        deal.profile,
        kept,
        tuple(throw),
        seen(part, deal),
        part.get("badugi_top"),
        part.get("low_top"),
    )


@lru_cache(maxsize=512)
def _odds(profile, kept, throw, dead, badugi_top, low_top) -> DrawOdds:
    return draw_odds(
        profile, kept, discarded=throw, dead=dead, badugi_top=badugi_top, low_top=low_top
    )


def draw_question(part: Part, deal: Table) -> Draw:
    """The part's draw as ``evaluator.misconceptions`` reads it."""
    cards = hand(part, deal)
    throw = thrown(part)
    return Draw(
        deal.profile,
        tuple(c for c in cards if c not in throw),
        throw,
        seen(part, deal),
        outcome_key(part),
        part.get("badugi_top"),
        part.get("low_top"),
    )


def idea(mistake: Misconception) -> str:
    """A misconception's correction as a sentence of its own."""
    return f"{mistake.correction[:1].upper()}{mistake.correction[1:]}."


def discard_misconception(
    part: Part, deal: Table, chosen: set[Card], right: Sequence[Sequence[Card]]
) -> Misconception | None:
    """The wrong idea behind a throw that is not among the best, if the engine finds one."""
    target = None if part.get("model") == "share" else part.get("target")
    if part.get("badugi_top") is not None or part.get("low_top") is not None:
        return None  # a stated top card makes "the best for one half" a different question
    beliefs = _discard_beliefs(
        deal.profile, hand(part, deal), seen(part, deal), part["most"], target
    )
    return discard_mistake(chosen, right, beliefs)


@lru_cache(maxsize=128)
def _discard_beliefs(profile, cards, dead, most, target):
    return discard_beliefs(profile, cards, dead, most, target=target)


def target_words(part: Part, deal: Table) -> str:
    return odds(part, deal).outcome(outcome_key(part)).description


def percent(share: Fraction) -> str:
    return f"{float(100 * share):.1f}%"


# The choices of a discard part -----------------------------------------------------


def choices(part: Part, deal: Table) -> tuple[tuple[tuple[Card, ...], Fraction], ...]:
    """Every way of throwing from 0 to ``most`` cards and what it is worth, best first.

    Under "share" the worth is the expected share of the pot against the
    other seats standing pat; otherwise it is the chance of the target.
    Equal values keep fewer cards thrown first.
    """
    if part.get("model") == "share":
        found = _shares(
            deal.profile,
            hand(part, deal),
            tuple(deal.hands[s] for s in _others(part, deal)),
            part["most"],
        )
        return tuple((c.discard, c.share) for c in found)
    cards = hand(part, deal)
    key = outcome_key(part)
    values = [
        (throw, odds(part, deal, throw).outcome(key).probability)
        for size in range(part["most"] + 1)
        for throw in combinations(cards, size)
    ]
    return tuple(sorted(values, key=lambda item: (-item[1], len(item[0]))))


def best_throw(part: Part, deal: Table) -> tuple[Card, ...]:
    """The engine's best choice, asked afresh of ``draw_equity`` or ``odds``.

    The model answer comes from here rather than from ``choices`` (which the
    check reads), so a right answer posted by the tests is the engine's word,
    not the checker's own.
    """
    cards = hand(part, deal)
    if part.get("model") == "share":
        others = [deal.hands[s] for s in _others(part, deal)]
        return discard_choices(deal.profile, cards, others, most=part["most"])[0].discard
    key = outcome_key(part)
    best: tuple[Fraction, int, tuple[Card, ...]] | None = None
    for size in range(part["most"] + 1):
        for throw in combinations(cards, size):
            kept = [c for c in cards if c not in throw]
            chance = (
                draw_odds(
                    deal.profile,
                    kept,
                    discarded=throw,
                    dead=seen(part, deal),
                    badugi_top=part.get("badugi_top"),
                    low_top=part.get("low_top"),
                )
                .outcome(key)
                .probability
            )
            if best is None or chance > best[0]:
                best = (chance, size, throw)
    assert best is not None
    return best[2]


def _others(part: Part, deal: Table) -> list[int]:
    return [s for s in range(len(deal.hands)) if s != part["seat"]]


@lru_cache(maxsize=128)
def _shares(profile, cards, opponents, most) -> tuple[DrawChoice, ...]:
    return discard_choices(profile, cards, list(opponents), most=most)


def value_words(part: Part, value: Fraction) -> str:
    if part.get("model") == "share":
        return f"an expected share of {percent(value)} of the pot"
    return f"a {percent(value)} chance"


def throw_words(throw: Sequence[Card]) -> str:
    return f"throwing {format_cards(throw)}" if throw else "standing pat"


# Validation and the admin's text ----------------------------------------------------


def seat_problem(part: Part, seat_count: int | None, kind: str) -> str | None:
    seat = part.get("seat")
    if not is_whole(seat) or seat < 0 or (seat_count is not None and seat >= seat_count):
        top = f"0 to {seat_count - 1}" if seat_count else "from 0"
        return f'a {kind} part needs a "seat" number ({top}).'
    return None


def target_problem(part: Part, profile: GameProfile | None) -> str | None:
    target = part.get("target")
    if target not in TARGETS:
        return f'the "target" must be one of {", ".join(TARGETS)}.'
    for name in ("badugi_top", "low_top"):
        top = part.get(name)
        if top is not None and (not is_whole(top) or not 1 <= top <= 13):
            return f'"{name}" must be a rank from 1 (ace) to 13 (king).'
    if target == "badugi" and part.get("low_top") is not None:
        return "a Badugi target takes no low top card; aim at both to ask for a low as well."
    if target == "low" and part.get("badugi_top") is not None:
        return "a low target takes no Badugi top card; aim at both to ask for a Badugi as well."
    if profile is None:
        return None
    low = low_half(profile)
    if target in ("low", "both") and low is None:
        return f"{profile.name} has no five-card low to draw to."
    if target in ("badugi", "both") and "badugi" not in profile.awards:
        return f"{profile.name} has no Badugi half to draw to."
    if part.get("low_top") is not None:
        if low is None:
            return f"{profile.name} has no five-card low to aim at."
        if part["low_top"] not in target_ranks(profile, low):
            best = RANK_TEXT[lowest_target(profile, low)]
            return (
                f"no {profile.name} low can be {RANK_TEXT[part['low_top']]}-high; "
                f"the lowest top card is {best}."
            )
    if part.get("badugi_top") is not None:
        if "badugi" not in profile.awards:
            return f"{profile.name} has no Badugi half to aim at."
        if part["badugi_top"] not in target_ranks(profile, "badugi"):
            best = RANK_TEXT[lowest_target(profile, "badugi")]
            return (
                f"no {_badugi_of(profile)} can be {RANK_TEXT[part['badugi_top']]}-high; "
                f"the lowest top card is {best}."
            )
    return None


def _badugi_of(profile: GameProfile) -> str:
    """ "a Badacey Badugi", but never "a Badugi Badugi"."""
    return "Badugi" if profile.name == "Badugi" else f"{profile.name} Badugi"


def throw_problem(part: Part, deal: Table, *, exactly: int | None = None) -> str | None:
    """The thrown cards must be the seat's, and the draw one the table allows."""
    try:
        throw = thrown(part)
    except EvaluatorError as error:
        return f"the cards to throw cannot be read: {error}."
    cards = hand(part, deal)
    missing = [c for c in throw if c not in cards]
    if missing:
        return f"{missing[0]} is not in {deal.names[part['seat']]}'s hand."
    if exactly is not None and len(throw) != exactly:
        return f"counting outs needs a draw of exactly {exactly} card, not {len(throw)}."
    if not throw:
        return "name the cards the seat throws away."
    if len(throw) > deal.profile.max_discard:
        return f"{deal.profile.name} lets a player draw at most {deal.profile.max_discard} cards."
    return None


def most_problem(part: Part, profile: GameProfile | None) -> str | None:
    most = part.get("most")
    limit = min(MAX_DRAW, profile.max_discard) if profile else MAX_DRAW
    if not is_whole(most) or not 1 <= most <= limit:
        return f'"most" (how many cards may be thrown) must be from 1 to {limit}.'
    return None


def target_text(part: Part) -> str:
    """``for badugi 7``, ``for low 9``, ``for both low 9 badugi 8``, as ``read_target`` reads."""
    target = part["target"]
    if target != "both":
        top = part.get(f"{target}_top")
        return f"for {target}" if top is None else f"for {target} {RANK_TEXT[top]}"
    words = ["for both"]
    for half in ("low", "badugi"):
        if part.get(f"{half}_top") is not None:
            words.append(f"{half} {RANK_TEXT[part[f'{half}_top']]}")
    return " ".join(words)


def read_target(words: list[str]) -> dict:
    """``for badugi``, ``for low 9``, ``for both low 9 badugi 8``: the target and its tops."""
    if not words or words[0] not in TARGETS:
        raise PartTextError(f"after “for” name the target: {', '.join(TARGETS)}")
    found: dict = {"target": words[0]}
    rest = words[1:]
    if len(rest) == 1 and words[0] != "both":  # "for badugi 8": the target's own half
        rest = [words[0], rest[0]]
    if len(rest) % 2:
        raise PartTextError("write a top card as “low 9” or “badugi 8”")
    for half, rank in zip(rest[::2], rest[1::2], strict=True):
        if half not in ("low", "badugi") or rank.upper() not in RANK_INPUT:
            raise PartTextError(
                "write a top card as “low 9” or “badugi 8” (ranks A, 2-10, J, Q, K)"
            )
        found[f"{half}_top"] = RANK_INPUT[rank.upper()]
    return found


def split_segments(rest: str, names: Sequence[str] | None, example: str) -> tuple[object, dict]:
    """The seat (a number when the names are known) and the line's other segments by keyword.

    A seat's name may itself hold a ";", so a known name is matched whole at
    the start of the line before the rest is split.
    """
    if names is None:  # the seats cannot be read yet; their own error says why
        name, _, tail = rest.partition(";")
        seat: object = name.strip()
    else:
        name = next(
            (n for n in sorted(names, key=len, reverse=True) if rest.startswith(f"{n};")), None
        )
        if name is None:
            given = rest.partition(";")[0].strip()
            if not given:
                raise PartTextError(f"write it as “{example}”")
            raise PartTextError(f"no seat is named “{given}” (the seats are {', '.join(names)})")
        seat, tail = list(names).index(name), rest[len(name) + 1 :]
    by_word: dict[str, list[str]] = {}
    for segment in (s.strip() for s in tail.split(";")):
        if not segment:
            continue
        word, *values = segment.split()
        if word in by_word:
            raise PartTextError(f"“{word}” is given twice")
        by_word[word] = values
    return seat, by_word


def seat_name(part: Part, names: Sequence[str]) -> object:
    seat = part.get("seat")
    return names[seat] if is_whole(seat) and 0 <= seat < len(names) else seat
