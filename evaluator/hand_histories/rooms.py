"""Which room a file looks like, for a file whose first line no layout reads.

A teacher who uploads a history from a room the reader does not know gets one
sentence naming the room the file looks like and the rooms that are read,
instead of a quotation of its first line they would have to decode.
"""

from __future__ import annotations

import re

# The rooms whose histories the reader replays, in the words the message uses.
SUPPORTED = (
    "PokerStars, Full Tilt Poker, Winamax, Merge (Carbon) XML, "
    "the mixed-games room's '#ID: Limit' files and PHH"
)

# The first words other rooms (and other programs) start a file with.
_SIGNATURES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\*{5} Hand History for Game", re.I), "a PartyPoker history"),
    (re.compile(r"#Game No\s*:", re.I), "an 888poker history"),
    (re.compile(r"Poker Hand #(?:HD|RC|TM)", re.I), "a GGPoker history"),
    (re.compile(r"(?:Ignition|Bovada|Bodog) Hand #", re.I), "an Ignition or Bovada history"),
    (re.compile(r"Stage #\d+", re.I), "a Cake or Bodog history"),
    (re.compile(r"Game #\d+ starts\.", re.I), "an iPoker or Everest history"),
    (re.compile(r"<session\b[^>]*sessioncode", re.I), "an iPoker XML history"),
    (re.compile(r"Hand #\d+-\d+ - ", re.I), "a Microgaming history"),
    (re.compile(r"Winning Poker Network|ACR Hand|Game Hand #", re.I), "a Winning Poker history"),
    (re.compile(r"\{.*\"spec\"|\"ohh\"", re.I), "an Open Hand History (JSON) file"),
    (re.compile(r"<\?xml|<\w+", re.I), "XML from a room the reader does not know"),
)


def unknown_room_sentence(first_line: str, head: str = "") -> str:
    """One sentence: which room the file looks like, and what is read.

    The first line decides; an XML file's first line is often only its
    declaration, so for XML the file's first few kilobytes (``head``) are
    looked at too.
    """
    text = head if first_line.startswith("<") and head else first_line
    for pattern, room in _SIGNATURES:
        if pattern.search(text):
            return (
                f"the file looks like {room}, which the reader does not read; it reads {SUPPORTED}"
            )
    return f"the file does not start like a hand history the reader knows (it reads {SUPPORTED})"
