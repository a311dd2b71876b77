"""The game names each layout writes, to the profiles that play them."""

from __future__ import annotations

# The names this room writes; a mixed game wraps one, "8-Game (Triple Draw 2-7 Lowball Limit)".
GAME_LAYOUT_GAMES = {
    "Triple Draw 2-7 Lowball": "deuce_to_seven",
    "Badugi": "badugi",
}
MIX_LAYOUT_GAMES = {
    "Badacey": "badacey",
    "Badeucey": "badeucey",
    "Badugi": "badugi",
    "2-7 Triple Draw": "deuce_to_seven",
    "A-5 Triple Draw": "ace_to_five",
}
