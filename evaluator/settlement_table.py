"""A settlement as plain text: seats, pots, payouts and the reasons, in columns.

Why a module of its own: two places print the same table, the ``showdown``
management command on a terminal and the site's calculator page under its
answer. Both read it from here, so the site never imports a management
command and the two can never drift apart. It only lays out what
``evaluator.settle`` worked out; it decides nothing.
"""

from __future__ import annotations

from .cards import format_cards
from .profiles import AWARD_TITLES
from .settlement import Settlement
from .values import BadugiValue, LowValue


def render_table(settlement: Settlement) -> str:
    """Seats, pots, payouts and the reasons, laid out for a terminal."""
    profile = settlement.profile
    names = settlement.names
    rows = [["Seat", "Cards", *(AWARD_TITLES[kind] for kind in profile.awards)]]
    for seat in settlement.seats:
        cards = format_cards(seat.cards) if seat.cards else ""
        if seat.folded:
            rows.append([seat.name, cards, "folded"])
        else:
            rows.append([seat.name, cards, *(_value_text(seat.values[k]) for k in profile.awards)])
    widths = [max(len(row[i]) for row in rows if i < len(row)) for i in range(len(rows[0]))]
    lines = [f"{profile.name}: {settlement.total} chips, button {names[settlement.button]}", ""]
    lines += [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)).rstrip()
        for row in rows
    ]
    for pot in settlement.pots:
        eligible = ", ".join(names[i] for i in pot.eligible)
        lines += ["", f"{pot.name.capitalize()} ({pot.amount}), for {eligible}"]
        for award in pot.awards:
            winners = ", ".join(names[i] for i in award.winners)
            half = " half" if profile.is_split and award.kind != "uncontested" else ""
            lines.append(f"  {award.title}{half} ({award.amount}): {winners}")
    lines += ["", "Payouts"]
    lines += [
        f"  {seat.name.ljust(widths[0])}  {chips}"
        for seat, chips in zip(settlement.seats, settlement.payouts, strict=True)
    ]
    lines += ["", "Why"] + [f"  {sentence}" for sentence in settlement.explanation()]
    return "\n".join(lines)


def _value_text(value: LowValue | BadugiValue) -> str:
    if isinstance(value, BadugiValue):
        return f"{value.description} ({format_cards(value.cards)})"
    return value.text
