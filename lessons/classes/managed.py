"""Accounts a teacher makes for a class: a list of names in, sign-in cards out.

A school cannot have forty children sign up one by one from one network (the
sign-up limit per address stops them half way) nor remember forty passwords.
So a teacher pastes the class's names (or uploads a CSV) and the site makes
one account per name, in that class, with no email:

- a short username from the first name and two digits ("maya42"), never one
  already taken;
- a card secret: three short words ("green-otter-38") or, for young learners,
  a picture code (three pictures in order, chosen on the class's picture
  sign-in page). The card says it; the learner signs in by typing or pasting
  it (the sign-in form accepts paste and password managers) or by picking
  the pictures, so no sign-in asks them to remember anything (WCAG 3.3.8).

The card secret is kept, like a join code, so the class's teachers can print
the cards again; ``CardBackend`` checks it at sign-in in constant time,
behind the same sign-in limits as every password. A learner who chooses
their own password (``chose_own_password``) gets it hashed as any other and
the card secret is emptied; a teacher's ``reset`` makes a new card secret
and signs the account out everywhere.

Accounts made here do not count towards the sign-up limit (the teacher is
signed in and a teacher), but a teacher may make only
``settings.MANAGED_ACCOUNTS_PER_DAY`` in any 24 hours, and at most
``MOST_AT_ONCE`` in one list. Everything in one list is made, or nothing.

A managed learner cannot take the account out of the class without the
teacher: the account has no email (so no reset link goes anywhere else),
the account page offers no email, and leaving the class is refused with a
note to ask the teacher.
"""

from __future__ import annotations

import csv
import io
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare
from django.utils.timezone import now

from lessons.models import Classroom, ManagedAccount, Membership

MOST_AT_ONCE = 60
LONGEST_NAME = 100

# Short, common, unambiguous words a child can read and type: no homophones, no rude ones.
_FIRST = """red blue green gold pink grey brown black white tall small big quick slow happy
sunny windy rainy snowy sleepy brave calm kind shiny soft loud quiet warm cool round square
bright dark busy lucky funny clever proud fresh"""
_SECOND = """otter tiger panda zebra koala whale shark eagle robin horse camel llama moose rabbit
turtle parrot dolphin monkey badger beaver hedgehog squirrel penguin apple mango lemon melon
peach cherry carrot tomato rocket comet planet island forest river meadow castle bridge garden
pirate dragon wizard giant"""
FIRST_WORDS = tuple(_FIRST.split())
SECOND_WORDS = tuple(_SECOND.split())
# The picture code's pictures: each a symbol every system font has, and its name
# (what a screen reader says and what the card prints under the picture).
PICTURES = {
    "star": "★",
    "heart": "♥",
    "sun": "☀",
    "moon": "☾",
    "umbrella": "☂",
    "note": "♪",
    "flower": "✿",
    "flag": "⚑",
    "plane": "✈",
}
PICTURES_IN_A_CODE = 3


class NamesRefused(Exception):
    """The list cannot be made into accounts; the message says why, for the teacher."""


@dataclass(frozen=True)
class Card:
    """What one sign-in card shows."""

    name: str
    username: str
    secret: str  # "" when the learner has chosen their own password
    kind: str

    @property
    def pictures(self) -> list[tuple[str, str]]:
        """A picture code as (name, symbol) pairs, in order; [] for a password of words."""
        if self.kind != ManagedAccount.PICTURES or not self.secret:
            return []
        return [(word, PICTURES.get(word, "?")) for word in self.secret.split("-")]


def card_of(account: ManagedAccount) -> Card:
    return Card(account.name, account.user.username, account.card_secret, account.kind)


# Reading the list ---------------------------------------------------------------


def read_names(text: str = "", upload: bytes | None = None) -> list[str]:
    """The names in a pasted list (one a line) or a CSV's first column, cleaned.

    A CSV's first row is skipped when it says "name" (a heading). Blank lines
    go; spaces are squeezed; a name is refused when too long or when it has
    control characters, with the line it is on.
    """
    lines: list[str] = []
    if upload is not None:
        try:
            decoded = upload.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise NamesRefused(
                "The file is not UTF-8 text: save it from the spreadsheet as CSV UTF-8."
            ) from None
        rows = list(csv.reader(io.StringIO(decoded)))
        if rows and rows[0] and rows[0][0].strip().casefold() in {"name", "names", "learner"}:
            rows = rows[1:]
        lines += [row[0] if row else "" for row in rows]
    lines += text.splitlines()
    names = []
    for number, line in enumerate(lines, start=1):
        name = " ".join(line.split())
        if not name:
            continue
        if len(name) > LONGEST_NAME:
            raise NamesRefused(f"Line {number} is longer than {LONGEST_NAME} characters.")
        if any(unicodedata.category(ch).startswith("C") for ch in name):
            raise NamesRefused(f"Line {number} has a character that cannot be printed.")
        names.append(name)
    if not names:
        raise NamesRefused(
            "The list has no names: one name a line, or a CSV with names in the first column."
        )
    if len(names) > MOST_AT_ONCE:
        raise NamesRefused(f"The list has {len(names)} names; make at most {MOST_AT_ONCE} at once.")
    return names


# Making accounts ------------------------------------------------------------------


def _stem(name: str) -> str:
    """The username's letters: the first name, plain ASCII letters, at most 8."""
    first = name.split()[0] if name.split() else ""
    plain = unicodedata.normalize("NFKD", first).encode("ascii", "ignore").decode()
    letters = "".join(ch for ch in plain.lower() if ch.isalpha())[:8]
    return letters or "learner"


def new_username(name: str, taken: set[str]) -> str:
    """A short free username: "maya" and two digits (three, then four, in a class of Mayas)."""
    stem = _stem(name)
    for digits in (2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4):
        candidate = f"{stem}{secrets.randbelow(10**digits):0{digits}d}"
        if candidate not in taken and not User.objects.filter(username__iexact=candidate).exists():
            return candidate
    raise NamesRefused(f"No free username for {name}; try a longer name.")


def new_secret(kind: str) -> str:
    """A fresh card secret: "green-otter-38", or three picture names for a picture code."""
    if kind == ManagedAccount.PICTURES:
        names = list(PICTURES)
        return "-".join(secrets.choice(names) for _ in range(PICTURES_IN_A_CODE))
    first, second = secrets.choice(FIRST_WORDS), secrets.choice(SECOND_WORDS)
    return f"{first}-{second}-{secrets.randbelow(90) + 10}"


def made_today(teacher: User) -> int:
    """Accounts this teacher made in the last 24 hours (the daily cap counts these)."""
    since = now() - timedelta(days=1)
    return ManagedAccount.objects.filter(created_by=teacher, created_at__gte=since).count()


def create(classroom: Classroom, teacher: User, names: list[str], kind: str) -> list[Card]:
    """Make one account per name in the class; all or nothing, within the daily cap."""
    cap = settings.MANAGED_ACCOUNTS_PER_DAY
    with transaction.atomic():
        # One teacher's two lists at once must not both slip under the cap: lock the teacher.
        User.objects.select_for_update().filter(pk=teacher.pk).first()
        used = made_today(teacher)
        if used + len(names) > cap:
            raise NamesRefused(
                f"A teacher can make {cap} accounts in a day; you have made {used} and the "
                f"list has {len(names)}. Make the rest tomorrow, or ask the site's "
                "administrator to raise MANAGED_ACCOUNTS_PER_DAY."
            )
        cards = []
        taken: set[str] = set()
        for name in names:
            username = new_username(name, taken)
            taken.add(username)
            user = User(username=username, first_name=name.split()[0][:150])
            # No usable password: the card secret is how the learner signs in.
            user.set_unusable_password()
            user.save()
            account = ManagedAccount.objects.create(
                user=user,
                classroom=classroom,
                name=name,
                kind=kind,
                card_secret=new_secret(kind),
                created_by=teacher,
            )
            Membership.objects.create(classroom=classroom, user=user)
            cards.append(card_of(account))
    return cards


def reset(account: ManagedAccount) -> Card:
    """A new card secret; the account is signed out everywhere (its session hash changes)."""
    with transaction.atomic():
        account.card_secret = new_secret(account.kind)
        account.save(update_fields=["card_secret"])
        account.user.set_unusable_password()
        account.user.save(update_fields=["password"])
    return card_of(account)


def chose_own_password(user: User) -> None:
    """The learner set a password of their own: the card's secret no longer signs in."""
    ManagedAccount.objects.filter(user_id=user.pk).update(card_secret="")


def is_managed(user: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return ManagedAccount.objects.filter(user_id=user.pk).exists()


def accounts_of(classroom: Classroom) -> list[ManagedAccount]:
    return list(
        ManagedAccount.objects.filter(classroom=classroom)
        .select_related("user")
        .order_by("name", "pk")
    )


def picture_choices() -> list[tuple[str, str]]:
    return list(PICTURES.items())


# Signing in ---------------------------------------------------------------------


class CardBackend(ModelBackend):
    """Signs a managed learner in with their card's secret (typed, pasted or picked).

    Listed after the sign-in limits' backend, so a wrong card secret counts
    towards the same limits as a wrong password, and a paused address is
    refused before anything is compared. Only accounts with a card secret
    are considered; any other account gets nothing from this backend.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> User | None:
        if not username or not password:
            return None
        account = (
            ManagedAccount.objects.select_related("user")
            .filter(user__username__iexact=username.strip())
            .exclude(card_secret="")
            .first()
        )
        if account is None:
            return None
        typed = "-".join(password.strip().lower().replace(" ", "-").split("-"))
        if constant_time_compare(typed, account.card_secret) and self.user_can_authenticate(
            account.user
        ):
            return account.user
        return None
