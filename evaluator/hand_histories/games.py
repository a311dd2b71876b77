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
# Full Tilt Poker wrote the structure before the game ("FL Badugi", "Limit 2-7 Triple Draw").
FULLTILT_GAMES = {
    "Badugi": "badugi",
    "2-7 Triple Draw": "deuce_to_seven",
    "Triple Draw 2-7 Lowball": "deuce_to_seven",
    "A-5 Triple Draw": "ace_to_five",
    "Triple Draw A-5 Lowball": "ace_to_five",
}
# Draw games the room dealt that the engine does not play (one draw, or a high hand).
FULLTILT_NOT_REPLAYED = ("2-7 Single Draw", "5 Card Draw", "Five Card Draw")
# Winamax dealt one draw game with a heading of its own ("2-7 Triple Draw fixed limit").
WINAMAX_GAMES = {
    "2-7 Triple Draw": "deuce_to_seven",
    "Lowball27": "deuce_to_seven",
}
# The Merge network's <description type="…">; a tournament adds " Tournament".
MERGE_GAMES = {
    "Badugi": "badugi",
    "2-7 Lowball": "deuce_to_seven",
    "A-5 Lowball": "ace_to_five",
}
MERGE_NOT_REPLAYED = ("5-Draw", "5-Draw w/Joker")
