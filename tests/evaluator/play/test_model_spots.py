"""The spots the old coach got wrong, through the batch's own function, checked against an
independent reference computed here.

The reference does not use the coach's model: it deals each opponent's hand by
rejection from a plain rule written below (keep the cards that fit the hand's
target, throw the rest, and accept the deal only when the throws match what the
opponent was seen to take), plays the learner's later draws by the same plain
rule, and reads who wins from ``evaluator.settle``. Each test derives the right
answer from that reference (which choice wins the larger share, whether a call
is paid by its price) and asserts the coach agrees, so no expected number is
typed in. The bluff test enumerates the opponent's range through the player
model's published chances instead of rolling the hand out.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from itertools import combinations

from evaluator.cards import DECK, Card, parse_cards
from evaluator.play.spot import answer_line
from evaluator.profiles import PROFILES, GameProfile
from evaluator.settlement import settle

PRIZE = 720_720
TRIES = 60_000


def low_rank(card: Card, ace_high: bool) -> int:
    return 14 if (card.rank == 1 and ace_high) else card.rank


def plain_keep(profile: GameProfile, cards: Sequence[Card], limit: int = 8) -> tuple[Card, ...]:
    """The reference's own keep: for Badugi the largest set of different suits and ranks
    (lowest ranks first) with no card above ``limit``; for a low, the different ranks up
    to ``limit``."""
    ace_high = profile.badugi_ace_high or "deuce_to_seven" in profile.awards
    fits = [c for c in cards if low_rank(c, ace_high) <= limit]
    if "badugi" in profile.awards and len(profile.awards) == 1:
        for size in range(min(4, len(fits)), 0, -1):
            sets = [
                s
                for s in combinations(fits, size)
                if len({c.suit for c in s}) == size and len({c.rank for c in s}) == size
            ]
            if sets:
                return min(
                    sets, key=lambda s: sorted((low_rank(c, ace_high) for c in s), reverse=True)
                )
        return ()
    kept: dict[int, Card] = {}
    for card in sorted(fits, key=lambda c: low_rank(c, ace_high)):
        kept.setdefault(card.rank, card)
    return tuple(kept.values())


def opponent_hand(
    profile: GameProfile, drew: Sequence[int], deck: list[Card], rng: random.Random
) -> tuple[Card, ...] | None:
    """One opponent hand whose plain-rule throws match ``drew``, or None (rejected)."""
    pool = list(deck)
    rng.shuffle(pool)
    hand, stub = pool[: profile.hand_size], pool[profile.hand_size :]
    for taken in drew:
        keep = plain_keep(profile, hand)
        if profile.hand_size - len(keep) != taken:
            return None
        hand = list(keep) + [stub.pop() for _ in range(taken)]
    return tuple(hand)


def share(profile: GameProfile, mine: Sequence[Card], others: Sequence[Sequence[Card]]) -> float:
    result = settle(profile, [tuple(mine), *map(tuple, others)], pot=PRIZE)
    return result.payouts[0] / PRIZE


def reference_shares(
    game: str,
    cards: str,
    throws: dict[str, Sequence[Card]],
    opponents: Sequence[Sequence[int]],
    opponent_draws_to_come: int,
    learner_draws_after: int,
    deals: int = 1500,
    seed: int = 1,
) -> dict[str, float]:
    """Each throw's showdown share against the opponents, by the plain rule and settle."""
    profile = PROFILES[game]
    mine = parse_cards(cards)
    rng = random.Random(seed)
    totals = dict.fromkeys(throws, 0.0)
    found = 0
    for _ in range(TRIES):
        deck = [c for c in DECK if c not in mine]
        hands = []
        for drew in opponents:
            hand = opponent_hand(profile, drew, deck, rng)
            if hand is None:
                break
            hands.append(hand)
            deck = [c for c in deck if c not in hand]
        if len(hands) < len(opponents):
            continue
        rng.shuffle(deck)
        top = 0
        final = []
        for hand in hands:  # the opponents' draws still to come, from the top of the deck
            for _ in range(opponent_draws_to_come):
                keep = plain_keep(profile, hand)
                need = profile.hand_size - len(keep)
                hand = (*keep, *deck[top : top + need])
                top += need
            final.append(hand)
        stream = deck[top:][::-1]
        results = {}
        for name, thrown in throws.items():
            hand = tuple(c for c in mine if c not in thrown) + tuple(stream[: len(thrown)])
            used = len(thrown)
            for _ in range(learner_draws_after):
                keep = plain_keep(profile, hand)
                need = profile.hand_size - len(keep)
                hand = (*keep, *stream[used : used + need])
                used += need
            if any(len(h) != profile.hand_size for h in (hand, *final)):
                break  # the deck ran out (a table would reshuffle): this deal is not used
            results[name] = share(profile, hand, final)
        if len(results) < len(throws):
            continue
        for name, won in results.items():
            totals[name] += won
        found += 1
        if found == deals:
            break
    assert found >= deals // 2, "the reference found too few opponent hands"
    return {name: total / found for name, total in totals.items()}


def ask(line: dict[str, object]) -> dict[str, object]:
    answer = answer_line(json.dumps(line))
    assert answer["ok"] is True, answer
    return answer


def best_throw(answer: dict[str, object]) -> frozenset[str]:
    best = answer["best"]
    assert isinstance(best, dict)
    return frozenset(best.get("throw", ()))


def test_a5_j_ten_nine_with_three_draws_to_come_draws_rather_than_standing_pat():
    cards = "Jc Ts 9s 4d As"
    mine = parse_cards(cards)
    drawing = tuple(c for c in mine if c.rank >= 9)
    ref = reference_shares(
        "ace_to_five", cards, {"pat": (), "draw": drawing}, [[]], 3, 2, deals=1200
    )
    assert ref["draw"] > ref["pat"] + 0.05  # the reference says drawing is clearly better
    answer = ask(
        {
            "game": "ace_to_five",
            "decision": "draw",
            "cards": cards,
            "draws_left": 3,
            "pot": 12,
            "bet": 6,
            "opponents": [{"drew": []}],
        }
    )
    assert best_throw(answer), "the coach stands pat where drawing wins more"
    pat = next(a for a in answer["actions"] if a["kind"] == "pat")  # type: ignore[union-attr]
    assert pat["grade"] != "correct"


def test_a_king_high_badugi_stands_pat_on_the_last_draw_against_a_one_card_drawer():
    cards = "8s 7h 6d Kc"
    mine = parse_cards(cards)
    throws = {"pat": ()} | {f"throw {c}": (c,) for c in mine}
    ref = reference_shares("badugi", cards, throws, [[2, 1, 1]], 0, 0)
    assert all(ref["pat"] > v + 0.2 for k, v in ref.items() if k != "pat")
    answer = ask(
        {
            "game": "badugi",
            "decision": "draw",
            "cards": cards,
            "draws_left": 1,
            "pot": 60,
            "bet": 12,
            "opponents": [{"drew": [2, 1, 1]}],
        }
    )
    assert best_throw(answer) == frozenset()
    for action in answer["actions"]:  # type: ignore[union-attr]
        if action["kind"] == "draw":
            assert action["grade"] == "blunder", action


def test_a_three_card_badugi_calls_a_small_bet_from_a_one_card_drawer():
    cards = "As 2h 3d 3c"
    ref = reference_shares("badugi", cards, {"hold": ()}, [[2, 1, 1]], 0, 0)
    pot, price = 40, 4
    assert ref["hold"] * (pot + price) - price > 0  # the price is paid by the share
    answer = ask(
        {
            "game": "badugi",
            "decision": "bet",
            "cards": cards,
            "draws_left": 0,
            "pot": pot,
            "to_call": price,
            "bet": price,
            "opponents": [{"drew": [2, 1, 1]}],
        }
    )
    assert answer["best"] != {"kind": "fold"}
    fold = next(a for a in answer["actions"] if a["kind"] == "fold")  # type: ignore[union-attr]
    assert fold["grade"] == "blunder"


def test_junk_four_handed_before_the_first_draw_is_not_a_raise():
    cards = "Kc Qc Qs Jh 8s"
    mine = parse_cards(cards)
    plain = tuple(c for c in mine if c not in plain_keep(PROFILES["deuce_to_seven"], mine))
    ref = reference_shares("deuce_to_seven", cards, {"play": plain}, [[], [], []], 3, 2, deals=600)
    assert ref["play"] < 1 / 4  # less than a fair share of four
    answer = ask(
        {
            "game": "deuce_to_seven",
            "decision": "bet",
            "cards": cards,
            "draws_left": 3,
            "pot": 9,
            "to_call": 6,
            "bet": 6,
            "opponents": [
                {"drew": []},
                {"drew": [], "acts_after": True},
                {"drew": [], "acts_after": True},
            ],
        }
    )
    assert answer["best"] != {"kind": "raise"}


def test_a_bluff_is_right_when_the_model_folds_and_its_value_is_the_folds_arithmetic():
    """Checked to after the last draw with nothing, against a player who drew three: the
    reference enumerates the opponent's range (weighted by how often the model checks) and
    the model's published fold/call/raise chances to a bet, and finds betting better."""
    from evaluator.play.players import PERSONALITIES, View, bet_chances
    from evaluator.play.ranges import POPULATION, holdings

    cards, pot, bet, drew = "Kc Qs Jd Td", 24, 12, (3, 2, 2)
    profile = PROFILES["badugi"]
    mine = parse_cards(cards)
    pool = holdings("badugi", POPULATION, drew, frozenset(mine))
    ev_bet = ev_check = weight = 0.0
    for h in pool:
        checked = View(profile, 1, h.cards, 0, pot, 0, True, True, 1, (None,), 0, h.snowing, 0)
        w = bet_chances(PERSONALITIES[h.personality], checked).get("check", 0.0)
        facing = View(
            profile, 1, h.cards, 0, pot + bet, bet, False, True, 1, (None,), 1, h.snowing, 0
        )
        chances = bet_chances(PERSONALITIES[h.personality], facing)
        won = share(profile, mine, [h.cards])
        fold, call, raise_ = chances.get("fold", 0), chances.get("call", 0), chances.get("raise", 0)
        # facing a raise the learner's nothing folds, losing the bet
        ev_bet += w * (fold * pot + call * (won * (pot + 2 * bet) - bet) + raise_ * -bet)
        ev_check += w * won * pot
        weight += w
    ev_bet, ev_check = ev_bet / weight, ev_check / weight
    assert ev_bet > ev_check + 2
    answer = ask(
        {
            "game": "badugi",
            "decision": "bet",
            "cards": cards,
            "draws_left": 0,
            "pot": pot,
            "to_call": 0,
            "bet": bet,
            "opponents": [{"drew": list(drew)}],
        }
    )
    assert answer["best"] == {"kind": "bet"}
    best = answer["actions"][0]  # type: ignore[index]
    assert best["reason_code"] == "FOLD_EQUITY" and "fold" in best["reason"]
    error = float(answer["error_bb"]) * bet  # type: ignore[arg-type]
    values = {a["kind"]: a["value"] for a in answer["actions"]}  # type: ignore[union-attr]
    assert abs((values["bet"] - values["check"]) - (ev_bet - ev_check)) < 3 + 4 * error


def test_throwing_the_ace_from_a7_7q_on_the_last_draw_is_never_correct_in_a_small_pot():
    cards = "Ac 7h 7c Qs"
    mine = parse_cards(cards)
    everything, keep_a7 = mine, tuple(c for c in mine if c.rank in (7, 12) and c.suit in "cs")
    ref = reference_shares("badugi", cards, {"all": everything, "keep": keep_a7}, [[3, 2, 2]], 0, 0)
    assert ref["keep"] > 1.25 * ref["all"]  # throwing the ace too gives up much of the share
    answer = ask(
        {
            "game": "badugi",
            "decision": "draw",
            "cards": cards,
            "draws_left": 1,
            "pot": 6,
            "bet": 12,
            "opponents": [{"drew": [3, 2, 2]}],
        }
    )
    thrown_all = next(
        a
        for a in answer["actions"]  # type: ignore[union-attr]
        if a["kind"] == "draw" and len(a["throw"]) == 4
    )
    assert thrown_all["grade"] != "correct"
    assert "the best play" not in thrown_all["reason"]
