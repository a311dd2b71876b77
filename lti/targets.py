"""What a course link opens: a target string, checked, with its page, title and grading.

A link carries its target as the custom parameter ``target`` (deep linking
writes it; an administrator may also type it into a link's settings):

- ``lesson:<key>``: a lesson of ``lessons.course``; finished when every
  published exercise of it is answered right (the class assignments' rule);
- ``deal:<slug>``: one published practice deal; finished when answered right;
- ``drill:<kind>:<game>:<level>``: a drill (never graded: items are endless);
- ``play:<hands>``: the study table; finished after that many hands played.

Anything else is refused with a sentence, never guessed at.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.urls import reverse

from evaluator import PROFILES
from evaluator.drills import DIFFICULTIES, KINDS
from lessons import course
from lessons.models import Deal

LESSON, DEAL, DRILL, PLAY = "lesson", "deal", "drill", "play"
PLAY_HANDS = (5, 10, 20)
MAX_PLAY_HANDS = 100


class BadTarget(ValueError):
    """A target string that names nothing on the site; the message says what is wrong."""


@dataclass(frozen=True)
class Target:
    kind: str
    key: str  # lesson key, deal slug, drill kind, or "" for play
    title: str
    url: str
    graded: bool
    game: str = ""
    level: int = 0
    hands: int = 0

    @property
    def code(self) -> str:
        """The string this target travels as (the inverse of ``parse``)."""
        if self.kind == DRILL:
            return f"{DRILL}:{self.key}:{self.game}:{self.level}"
        if self.kind == PLAY:
            return f"{PLAY}:{self.hands}"
        return f"{self.kind}:{self.key}"


def parse(code: str) -> Target:
    """The target a link names, or BadTarget with the reason."""
    kind, _, rest = code.strip().partition(":")
    if kind == LESSON:
        lesson = course.lesson(rest)
        if lesson is None:
            raise BadTarget(f"There is no lesson called {rest!r}.")
        return Target(LESSON, lesson.key, lesson.title, lesson.url, graded=True)
    if kind == DEAL:
        deal = Deal.objects.published().practice().filter(slug=rest).first()
        if deal is None:
            raise BadTarget(f"There is no published practice deal {rest!r}.")
        return Target(DEAL, deal.slug, deal.title, deal.get_absolute_url(), graded=True)
    if kind == DRILL:
        name, _, settings = rest.partition(":")
        game, _, level_text = settings.partition(":")
        drill = KINDS.get(name)
        if drill is None:
            raise BadTarget(f"There is no drill called {name!r}.")
        game = game or drill.games[0]
        if game not in drill.games:
            raise BadTarget(f"The {drill.title} drill is not played in {game!r}.")
        level = int(level_text) if level_text.isdigit() else 1
        if level not in DIFFICULTIES:
            raise BadTarget(f"Drill levels run from 1 to {max(DIFFICULTIES)}.")
        query = urlencode({"game": game, "difficulty": level})
        url = f"{reverse('lessons:drill', args=[drill.key])}?{query}"
        title = f"{drill.title} ({PROFILES[game].name}, {DIFFICULTIES[level]})"
        return Target(DRILL, drill.key, title, url, graded=False, game=game, level=level)
    if kind == PLAY:
        hands = int(rest) if rest.isdigit() else 0
        if not 1 <= hands <= MAX_PLAY_HANDS:
            raise BadTarget(f"Play from 1 to {MAX_PLAY_HANDS} hands.")
        return Target(PLAY, "", f"Play {hands} hands", reverse("play:start"), True, hands=hands)
    raise BadTarget(
        f"A link's target must start with lesson:, deal:, drill: or play:, not {code!r}."
    )


def choices() -> list[Target]:
    """Everything an instructor may link: lessons, drills (each game and level), deals, play."""
    found = [parse(f"{LESSON}:{lesson.key}") for lesson in course.LESSONS]
    for drill in KINDS.values():
        for game in drill.games:
            found += [parse(f"{DRILL}:{drill.key}:{game}:{level}") for level in DIFFICULTIES]
    deals = Deal.objects.published().practice().order_by("title", "pk")
    found += [Target(DEAL, d.slug, d.title, d.get_absolute_url(), True) for d in deals]
    found += [parse(f"{PLAY}:{hands}") for hands in PLAY_HANDS]
    return found
