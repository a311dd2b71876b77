"""Reading a whole file: every hand parsed and verified, each on its own.

A bad hand never stops the others: each hand becomes either a verified hand
or the error that names its line, in file order. Only a file that is not a
history at all (too large, binary, no hands) is refused whole.

``iter_text`` and ``iter_bytes`` give the hands one at a time, each read,
replayed and checked only when asked for, so a caller that keeps what it
needs of each (a report line, the notation) holds no file's worth of replays.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..errors import EvaluatorError
from .decoding import MAX_BYTES, decode
from .errors import HandHistoryError
from .fulltilt_layout import parse_fulltilt_layout
from .game_layout import parse_game_layout
from .merge_layout import iter_merge, looks_like_merge
from .mix_layout import parse_mix_layout
from .parsed import ParsedHand
from .phh_import import looks_like_phh, parse_phh
from .splitting import HandText, iter_hands
from .verify import Disagreement, VerifiedHand, verify
from .winamax_layout import parse_winamax_layout


@dataclass(frozen=True)
class HandResult:
    """One hand of a file: ``verified`` when it replays and agrees, else ``error``."""

    hand_id: str | None
    game: str | None
    verified: VerifiedHand | None
    error: HandHistoryError | None
    shown: bool = False  # some hand was shown down, so the engine could judge winners

    @property
    def ok(self) -> bool:
        return self.verified is not None

    @property
    def agrees(self) -> bool | None:
        """True or False when shown hands let the engine judge the pot; None otherwise."""
        if not self.shown:
            return None
        if self.verified is not None:
            return True
        if isinstance(self.error, Disagreement):
            # Only a different winner is a showdown that disagrees; an amount
            # that differs for the same winners is reported, but not as that.
            return not self.error.other_seat_paid
        return None


def parse_hand(text: HandText) -> ParsedHand:
    """One hand's text to its parsed form, by the layout its first line showed."""
    if text.layout == "game":
        return parse_game_layout(text)
    if text.layout == "fulltilt":
        return parse_fulltilt_layout(text)
    if text.layout == "winamax":
        return parse_winamax_layout(text)
    return parse_mix_layout(text)


def read_text(text: str, *, raise_cap: int | None = None) -> list[HandResult]:
    """Every hand of a history's text, verified one by one."""
    return list(iter_text(text, raise_cap=raise_cap))


def iter_text(text: str, *, raise_cap: int | None = None) -> Iterator[HandResult]:
    """``read_text`` one hand at a time.

    A file refused whole raises ``HandHistoryError`` before any hand is given
    (for a text layout, when the first hand is asked for).
    """
    if looks_like_merge(text):
        return (_verify_one(parsed, raise_cap) for parsed in iter_merge(text))
    if looks_like_phh(text):
        try:
            parsed: ParsedHand | HandHistoryError = parse_phh(text)
        except HandHistoryError as error:
            parsed = error
        return iter([_verify_one(parsed, raise_cap)])
    return (_read_one(hand_text, raise_cap) for hand_text in iter_hands(text))


def read_bytes(
    data: bytes, *, max_bytes: int = MAX_BYTES, raise_cap: int | None = None
) -> list[HandResult]:
    """``read_text`` of a file's bytes, after checking its size and encoding."""
    return list(iter_bytes(data, max_bytes=max_bytes, raise_cap=raise_cap))


def iter_bytes(
    data: bytes, *, max_bytes: int = MAX_BYTES, raise_cap: int | None = None
) -> Iterator[HandResult]:
    """``read_bytes`` one hand at a time; the size and encoding are checked first."""
    return iter_text(decode(data, max_bytes=max_bytes), raise_cap=raise_cap)


def _read_one(text: HandText, raise_cap: int | None) -> HandResult:
    try:
        parsed = parse_hand(text)
    except HandHistoryError as error:
        return HandResult(error.hand, None, None, error)
    except EvaluatorError as error:  # a card or a rule refused below the reader
        return HandResult(None, None, None, HandHistoryError(str(error), line=text.first_line))
    return _verify_one(parsed, raise_cap)


def _verify_one(parsed: ParsedHand | HandHistoryError, raise_cap: int | None) -> HandResult:
    """A parsed hand replayed and held against the room (or the error that stopped it)."""
    if isinstance(parsed, HandHistoryError):
        return HandResult(parsed.hand, None, None, parsed)
    hand_id, game = parsed.hand_id, parsed.game
    shown = any(show.cards is not None for show in parsed.shows)
    try:
        verified = verify(parsed, raise_cap=raise_cap)
    except HandHistoryError as error:
        return HandResult(error.hand or hand_id, game, None, error, shown)
    except EvaluatorError as error:  # a card or a rule refused below the reader
        wrapped = HandHistoryError(str(error), hand=hand_id, line=parsed.header_line)
        return HandResult(hand_id, game, None, wrapped, shown)
    return HandResult(hand_id, game, verified, None, shown)
