"""Deal records the tests need but no lesson ships.

A record may give only the draws and a showdown pot (each seat's equal
share), which the notation still accepts; since Badugi exercise 6 now has
its betting written out, this is the one place that form is kept.
"""

from __future__ import annotations

SHOWDOWN_POT_ONLY = """\
# Only the draws and the final pot are known, so the record gives a showdown pot.
game badugi, limit 2/4, blinds 1/2, cap 4 bets, draw up to 4 cards
seat Mara: A♣ 3♦ 7♥ K♥
seat Juno: A♦ 3♥ 5♠ 7♣
button Juno
showdown pot 96
draw 1:
  Mara K♥ -> 7♠
  Juno pat
draw 2:
  Mara 7♥ -> 5♥
  Juno pat
draw 3:
  Mara pat
  Juno pat
"""
