"""The game names each layout writes, to the profiles that play them."""

from __future__ import annotations

# The names this room writes; a mixed game wraps one, "8-Game (Triple Draw 2-7 Lowball Limit)".
GAME_LAYOUT_GAMES = {
    "Triple Draw 2-7 Lowball": "deuce_to_seven",
    "Single Draw 2-7 Lowball": "deuce_to_seven",
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
    "2-7 Single Draw": "deuce_to_seven",
}
# Draw games the room dealt that the engine does not play (a high hand).
FULLTILT_NOT_REPLAYED = ("5 Card Draw", "Five Card Draw")
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

# How each room names its betting structure, to evaluator.structures' names.
# PokerStars and Merge write the words after or before the game ("Badugi Pot
# Limit", stakes="No Limit ($0.05/$0.10)"), Full Tilt its initials before the
# game ("PL Badugi"), Winamax the words in lower case ("pot limit"); the
# mixed-games room writes the words before the game ("Pot Limit Badacey").
STRUCTURE_WORDS = {
    "Limit": "fixed-limit",
    "Fixed Limit": "fixed-limit",
    "FL": "fixed-limit",
    "Pot Limit": "pot-limit",
    "PL": "pot-limit",
    "Half Pot Limit": "half-pot-limit",
    "HPL": "half-pot-limit",
    "No Limit": "no-limit",
    "NL": "no-limit",
}


def structure_named(words: str) -> str | None:
    """The structure a room's words name, in any case ("pot limit" as "Pot Limit")."""
    for written, structure in STRUCTURE_WORDS.items():
        if words.casefold() == written.casefold():
            return structure
    return None


# Games dealt with fewer than three draws, by the name the room gives them;
# every other game name above is a triple draw.
SINGLE_DRAW_NAMES = ("Single Draw 2-7 Lowball", "2-7 Single Draw")
# The mixed-games room names a Badacey table's draws after the game
# ("No Limit Badacey Single Draw", "Pot Limit Badacey Double Draw").
DRAW_SUFFIXES = {"Single Draw": 1, "Double Draw": 2, "Triple Draw": 3}
