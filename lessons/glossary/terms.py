"""Every poker word the lessons use, defined once: the glossary page and the lesson links read it.

A term lists the forms that count as a use of it in a lesson's text
("raised", "raises"), so the linker can find the first one without guessing
at English endings. A few words also have everyday senses ("check that the
chips add up", "tied to a number"); ``not_uses`` lists those phrases, so such
a sentence is not taken for the poker word.

A card example names cards only; what they are worth is asked of the
engine when the glossary page renders (the poker and drawing tags), so no
result is typed here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property


@dataclass(frozen=True)
class Example:
    """Cards that show a term, and which reading of them the page asks the engine for.

    ``shows`` is "ace_to_five" or "deuce_to_seven" (the hand's five-card
    low), "badugi" (the holding read as a Badugi, its counting cards
    raised) or "outs" (how many cards finish a Badugi when ``cards`` are
    kept and ``thrown`` is the card let go).
    """

    cards: str
    shows: str
    thrown: str = ""


@dataclass(frozen=True)
class Term:
    name: str
    anchor: str
    uses: tuple[str, ...]  # each form a word or phrase; a space matches any run of spaces
    definition: str
    example: Example | None = None
    not_uses: tuple[str, ...] = field(default=())  # regular expressions of everyday senses

    @property
    def letter(self) -> str:
        return self.name[:1].upper()

    @cached_property
    def everyday(self) -> re.Pattern[str] | None:
        if not self.not_uses:
            return None
        return re.compile("|".join(f"(?:{p})" for p in self.not_uses), re.IGNORECASE)


TERMS: tuple[Term, ...] = (
    Term(
        "ace-to-five",
        "ace-to-five",
        ("ace-to-five",),
        "A way of ranking five-card low hands: the ace is the smallest card, and straights "
        "and flushes do not count against a hand, so only pairs hurt. Badacey's low half "
        "is read this way.",
        Example("7♠ 5♥ 4♦ 2♣ A♥", "ace_to_five"),
    ),
    Term(
        "all-in",
        "all-in",
        ("all-in", "all-ins"),
        "A player who has put every chip they brought to the table into the pot. They stay "
        "in the hand until the showdown but can win only as much from each opponent as they "
        "put in themselves; later bets go into a side pot.",
    ),
    Term(
        "ante",
        "ante",
        ("ante", "antes"),
        "A small forced payment every player makes into the pot before the cards are dealt, "
        "so there is something to play for. Many draw games use blinds instead.",
    ),
    Term(
        "Badugi",
        "badugi",
        ("badugi", "badugis"),
        "A four-card hand whose cards are all of different suits and all of different ranks; "
        "also the name of the draw game played for the best such hand, and of one half of "
        "the pot in Badacey and Badeucey. Fewer cards count when suits or ranks repeat.",
        Example("K♠ 7♥ 4♦ A♣", "badugi"),
    ),
    Term(
        "bet",
        "bet",
        ("bet", "bets", "betting"),
        "To put chips into the pot when nobody has yet done so in this betting round. Others "
        "must then call, raise or fold.",
    ),
    Term(
        "betting round",
        "betting-round",
        ("betting round", "betting rounds"),
        "One pass of the action around the table, in which each player still in the hand "
        "checks, bets, calls, raises or folds in turn. A triple-draw game has four: one "
        "before the first draw and one after each draw.",
    ),
    Term(
        "big bet",
        "big-bet",
        ("big bet", "big bets"),
        "In fixed-limit play, the larger of the two fixed bet sizes, used in the later "
        "betting rounds; usually twice the small bet.",
    ),
    Term(
        "blinds",
        "blinds",
        ("blind", "blinds"),
        "Forced bets posted before the deal by the two players to the left of the button: "
        "the small blind and the big blind. They start the pot, and the action begins with "
        "the player after the big blind.",
    ),
    Term(
        "button",
        "button",
        ("button", "buttons"),
        "A disc that marks the player in the dealer's position. It moves one seat clockwise "
        "after each hand; the blinds sit to its left, and it decides the order of play and "
        "who gets an odd chip.",
    ),
    Term(
        "call",
        "call",
        ("call", "calls", "called", "calling"),
        "To put in just enough chips to match the biggest bet or raise in front of you, and "
        "so stay in the hand.",
        not_uses=(
            r"\b(?:is|are|was|were|often|itself|also|so|be)\s+called\b",
            r"\bcalled\s+an?\b",
            r"\bwe\s+call\b",
        ),
    ),
    Term(
        "cap",
        "cap",
        ("cap", "caps", "capped"),
        "The most raises allowed in one betting round in fixed-limit play; once the betting "
        "is capped, players may only call or fold. Rooms set their own cap.",
    ),
    Term(
        "check",
        "check",
        ("check", "checks", "checked", "checking"),
        "To pass without putting chips in, allowed only when nobody has bet yet in this "
        "betting round. A player who checks can still call or raise later in the round.",
        not_uses=(
            r"\bcheck(?:s|ed|ing)?\s+(?:that|whether|against|your|the|each|it|them|this|"
            r"every|how|what|which|with|one|if|an?|ranks|suits|cards|both|for)\b",
            r"\b(?:two|both|these|those)\s+checks\b",
        ),
    ),
    Term(
        "deuce-to-seven",
        "deuce-to-seven",
        ("deuce-to-seven",),
        "A way of ranking five-card low hands in which the ace is the biggest card and "
        "straights and flushes count against a hand, as pairs do. Badeucey's low half is "
        "read this way.",
        Example("7♠ 5♥ 4♦ 3♣ 2♥", "deuce_to_seven"),
    ),
    Term(
        "discard",
        "discard",
        ("discard", "discards", "discarded", "discarding"),
        "To throw away cards at a draw, face down, to be replaced by the same number of new "
        "cards from the deck. The cards thrown away are the discards.",
    ),
    Term(
        "draw",
        "draw",
        ("draw", "draws", "drawing", "drawn", "drew"),
        "The moment between betting rounds when each player may throw away some cards and "
        "get new ones; also the act of doing so. A draw game deals no shared cards: each "
        "hand improves only by drawing.",
    ),
    Term(
        "fixed limit",
        "fixed-limit",
        ("fixed limit", "fixed-limit"),
        "A betting structure in which every bet and raise is one set size: the small bet in "
        "the early rounds and the big bet in the later ones. Written as the two sizes, "
        "for example 6/12.",
    ),
    Term(
        "flush",
        "flush",
        ("flush", "flushes"),
        "Five cards of the same suit. In a deuce-to-seven low a flush spoils the hand; in an "
        "ace-to-five low it does no harm.",
        Example("9♥ 7♥ 5♥ 3♥ 2♥", "deuce_to_seven"),
    ),
    Term(
        "fold",
        "fold",
        ("fold", "folds", "folded", "folding"),
        "To give up the hand rather than match a bet. A player who folds puts in no more "
        "chips and can win nothing from this pot.",
    ),
    Term(
        "freeroll",
        "freeroll",
        ("freeroll", "freerolls", "freerolling"),
        "A spot where one player is sure of at least a share of the pot whatever happens and "
        "may still win more, while the other can at best get a share back.",
    ),
    Term(
        "half",
        "half",
        ("half", "halves"),
        "One of the two parts a split-pot game divides the pot into at the showdown, such as "
        "the low half and the Badugi half. Each half has its own winner or winners.",
    ),
    Term(
        "kicker",
        "kicker",
        ("kicker", "kickers"),
        "In some games, a card outside a hand's main combination that breaks a tie between "
        "otherwise equal hands. In Badugi a card that does not count is never a kicker.",
    ),
    Term(
        "low",
        "low",
        ("low", "lows"),
        "A hand ranked so that smaller cards are better, read from its highest card down; "
        "also the half of the pot that the best such hand wins.",
        not_uses=(r"\baces?\s+(?:are\s+|is\s+|play\s+|plays\s+)?low\b",),
    ),
    Term(
        "odd chip",
        "odd-chip",
        ("odd chip", "odd chips"),
        "A chip left over when a pot or a half cannot be divided evenly between the players "
        "who share it. The game's rule says who gets it, usually by seat order from the "
        "button.",
    ),
    Term(
        "outs",
        "outs",
        ("outs",),
        "The unseen cards that would finish the hand you are drawing to. Counting them tells "
        "you how likely one draw is to get there.",
        Example("A♣ 2♦ 3♥", "outs", thrown="K♥"),
    ),
    Term(
        "pair",
        "pair",
        ("pair", "pairs", "paired"),
        "Two cards of the same rank. In every low used on this site a pair is bad, and in "
        "a Badugi the second card of a pair cannot count.",
        Example("8♠ 8♥ 5♦ 3♣ 2♥", "ace_to_five"),
        # Two cards drawn together, not two of a rank.
        not_uses=(r"\bpairs\s+(?:\(or\s+triples\)\s+)?of\s+cards\b",),
    ),
    Term(
        "pot",
        "pot",
        ("pot", "pots"),
        "All the chips put in during a hand; the winner or winners of the showdown take it.",
    ),
    Term(
        "qualifier",
        "qualifier",
        ("qualifier", "qualifiers"),
        "A minimum a hand must reach before it may win a half, such as 'eight or better'. "
        "Games without one pay the best hand of each half, however weak.",
    ),
    Term(
        "raise",
        "raise",
        ("raise", "raises", "raised", "raising"),
        "To put in more than the current bet, so the others must put in more to stay. In "
        "fixed-limit play a raise adds one bet of the round's size.",
        not_uses=(r"\brais(?:e|es|ed|ing)\s+(?:the\s+|your\s+|its\s+)?(?:chances?|odds|share)\b",),
    ),
    Term(
        "rank",
        "rank",
        ("rank", "ranks"),
        "A card's number or letter, from ace and two up to king, leaving its suit aside.",
    ),
    Term(
        "scoop",
        "scoop",
        ("scoop", "scoops", "scooped", "scooping"),
        "To win both halves of a split pot, and so the whole pot, alone.",
    ),
    Term(
        "seat",
        "seat",
        ("seat", "seats"),
        "A player's place at the table. Seats are counted clockwise from the button, which "
        "fixes the order of play and the order in which odd chips are handed out.",
    ),
    Term(
        "showdown",
        "showdown",
        ("showdown", "showdowns"),
        "The end of a hand after the last betting round, when the players still in show "
        "their cards and the pot is awarded.",
    ),
    Term(
        "side pot",
        "side-pot",
        ("side pot", "side pots"),
        "A separate pot for chips bet after a player is all-in. Only the players who put "
        "chips into it can win it; the all-in player competes for the main pot alone.",
    ),
    Term(
        "small bet",
        "small-bet",
        ("small bet", "small bets"),
        "In fixed-limit play, the smaller of the two fixed bet sizes, used in the early "
        "betting rounds.",
    ),
    Term(
        "split pot",
        "split-pot",
        ("split pot", "split pots", "split-pot"),
        "A pot shared between players: either because a split-pot game always divides it "
        "into two halves, or because hands tie.",
    ),
    Term(
        "stand pat",
        "stand-pat",
        ("stand pat", "stands pat", "stood pat", "standing pat", "pat"),
        "To draw no cards and keep the hand as it is. A hand that needs no cards is called a "
        "pat hand.",
    ),
    Term(
        "straight",
        "straight",
        ("straight", "straights"),
        "Five cards of consecutive ranks. In a deuce-to-seven low a straight spoils the hand; "
        "in an ace-to-five low it does no harm.",
        Example("7♠ 6♥ 5♦ 4♣ 3♥", "deuce_to_seven"),
    ),
    Term(
        "suit",
        "suit",
        ("suit", "suits", "suited"),
        "One of the four families of the deck: clubs, diamonds, hearts and spades.",
    ),
    Term(
        "tie",
        "tie",
        ("tie", "ties", "tied", "tying"),
        "Two or more hands of exactly the same value. Tied hands share what they win, and an "
        "amount that does not divide leaves an odd chip.",
        not_uses=(r"\btied\s+to\b",),
    ),
    Term(
        "triple draw",
        "triple-draw",
        ("triple draw", "triple-draw"),
        "A draw game with three draws, and so four betting rounds.",
    ),
    Term(
        "wheel",
        "wheel",
        ("wheel", "wheels"),
        "The best ace-to-five low: ace, two, three, four and five, whatever their suits.",
        Example("5♣ 4♦ 3♥ 2♠ A♣", "ace_to_five"),
    ),
)
BY_ANCHOR = {term.anchor: term for term in TERMS}


def alphabetical() -> list[Term]:
    return sorted(TERMS, key=lambda term: term.name.casefold())


def by_letter() -> list[tuple[str, list[Term]]]:
    """The terms grouped under their first letter, for the page's A to Z sections."""
    groups: dict[str, list[Term]] = {}
    for term in alphabetical():
        groups.setdefault(term.letter, []).append(term)
    return list(groups.items())


# Between two words of a phrase: spaces, or the non-breaking space as text or reference.
_GAP = r"(?:\s|&nbsp;|&#160;|&#xa0;|\xa0)+"


_TERM_OF_FORM = {form.casefold(): term for term in TERMS for form in term.uses}
_END = ""  # in the trie below: a form may end here


def _trie(forms: list[str]) -> str:
    """One pattern matching any of ``forms``, factored by common beginnings.

    Tried in order, a hundred alternatives cost a hundred comparisons at
    every place in a lesson's text; factored ("p(?:ot(?:s|)|air...)"),
    most places fail on the first letter. A longer form is tried before
    the shorter one it extends, so "side pot" is one use, not "pot".
    """
    root: dict = {}
    for form in forms:
        node = root
        for word_index, word in enumerate(form.casefold().split()):
            for key in ([" "] if word_index else []) + list(word):
                node = node.setdefault(key, {})
        node[_END] = {}

    def pattern(node: dict) -> str:
        options = [
            (_GAP if key == " " else re.escape(key)) + pattern(node[key])
            for key in sorted(k for k in node if k != _END)
        ]
        if _END in node:
            options.append("")
        return options[0] if len(options) == 1 else "(?:" + "|".join(options) + ")"

    return pattern(root)


# A word character, a hyphen or an entity's & on either side means the form is part of
# a longer word: "recall" is not "call", "split-pot" is not "pot", "&cap;" is not "cap".
USES = re.compile(
    r"(?<![\w&#-])" + _trie([form for term in TERMS for form in term.uses]) + r"(?![\w-])",
    re.IGNORECASE,
)


def term_of(form: str) -> Term:
    """The term a matched form belongs to (the match may hold any spacing between words)."""
    words = re.split(_GAP, form)
    return _TERM_OF_FORM[" ".join(words).casefold()]


def uses_in(text: str) -> list[tuple[int, int, Term]]:
    """Each use of a term in ``text``, in order: where it starts and ends, and the term."""
    found = []
    for match in USES.finditer(text):
        term = term_of(match.group())
        if term.everyday is not None and any(
            e.start() <= match.start() and match.end() <= e.end()
            for e in term.everyday.finditer(text)
        ):
            continue
        found.append((match.start(), match.end(), term))
    return found
