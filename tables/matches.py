"""A same-deals match's results: chips, the coach's error rate, and chips with the luck
of the deal taken out.

Every table of a match plays hand k from the same seed, and engine seat s of
hand k holds the same cards at every table (the people are rotated round the
deal instead). So the average result of seat s in hand k over all tables is
what those cards were worth at this match; a person's *luck-adjusted* result
is what they won minus that average, summed over their hands. It removes the
cards' luck as far as the deals allow: the other players' decisions still
differ from table to table, and with few tables the average is rough.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.contrib.auth.models import User

from play.models import GradedDecision
from tables.models import LiveTableHand, SameDealsMatch
from tables.service import live_of


@dataclass(frozen=True)
class Standing:
    user_id: int
    name: str
    hands: int
    chips: int
    adjusted: float  # chips won minus what the same cards won on average across the tables
    decisions: int
    mistakes_bb: float  # the coach's mistake sizes added up, in big bets
    blunders: int

    @property
    def error_rate(self) -> float | None:
        """Big bets lost to mistakes per decision, as the study table's review says it."""
        return self.mistakes_bb / self.decisions if self.decisions else None


@dataclass(frozen=True)
class MatchHand:
    table_id: int
    table_name: str
    number: int
    results: list[tuple[str, int]]  # (seat name, chips won or lost)


@dataclass(frozen=True)
class MatchResults:
    by_chips: list[Standing]
    by_adjusted: list[Standing]
    by_error_rate: list[Standing]
    hands: list[MatchHand]
    hands_left: int  # hands of the match not yet finished at some table


def results(match: SameDealsMatch) -> MatchResults:
    rows = list(
        LiveTableHand.objects.filter(table__match=match, is_over=True)
        .select_related("table")
        .order_by("number", "table__match_index")
    )
    worth: dict[tuple[int, int], list[int]] = defaultdict(list)
    nets: list[tuple[LiveTableHand, list[int]]] = []
    hands: list[MatchHand] = []
    for row in rows:
        live = live_of(row)
        net = [live.net()[s] for s in range(live.settings.seats)]
        nets.append((row, net))
        for seat, won in enumerate(net):
            worth[(row.number, seat)].append(won)
        hands.append(
            MatchHand(
                row.table_id,
                row.table.name,
                row.number,
                list(zip(live.settings.names, net, strict=True)),
            )
        )
    chips: dict[int, int] = defaultdict(int)
    adjusted: dict[int, float] = defaultdict(float)
    played: dict[int, int] = defaultdict(int)
    copies: list[int] = []
    for row, net in nets:
        for seat, user_id in enumerate(row.players):
            if user_id is None:
                continue
            average = sum(worth[(row.number, seat)]) / len(worth[(row.number, seat)])
            chips[user_id] += net[seat]
            adjusted[user_id] += net[seat] - average
            played[user_id] += 1
        copies += [int(pk) for pk in row.copies.values()]
    graded: dict[int, list[GradedDecision]] = defaultdict(list)
    for grade in GradedDecision.objects.filter(hand_id__in=copies).select_related("hand"):
        if grade.hand.user_id is not None:
            graded[grade.hand.user_id].append(grade)
    names = dict(User.objects.filter(pk__in=played).values_list("pk", "username"))
    standings = [
        Standing(
            user_id=user_id,
            name=names.get(user_id, "?"),
            hands=played[user_id],
            chips=chips[user_id],
            adjusted=round(adjusted[user_id], 1),
            decisions=len(graded[user_id]),
            mistakes_bb=sum(g.size for g in graded[user_id]),
            blunders=sum(g.grade == "blunder" for g in graded[user_id]),
        )
        for user_id in played
    ]
    tables = match.tables.count()
    return MatchResults(
        by_chips=sorted(standings, key=lambda s: (-s.chips, s.name)),
        by_adjusted=sorted(standings, key=lambda s: (-s.adjusted, s.name)),
        by_error_rate=sorted(
            standings,
            key=lambda s: (s.error_rate is None, s.error_rate or 0.0, s.name),
        ),
        hands=hands,
        hands_left=max(0, tables * match.hands_per_table - len(rows)),
    )
