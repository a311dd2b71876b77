"""Real hands on the site: paste and replay, save and share, and practise a moment.

Every expectation is read from the engine (the reader's own replay of the
same text), never typed here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from evaluator.hand_histories import read_text, room_name, to_notation
from evaluator.notation import parse_deal
from evaluator.replay import replay
from evaluator.worked_deals import worked_deal
from lessons.hands import pasted
from lessons.models import Deal, RealHand
from tests.factories import make_teacher

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent.parent / "evaluator" / "hand_histories"
HANDS = DATA / "mix_badacey.txt"


def one_hand(n: int = 0) -> str:
    return [h for h in HANDS.read_text(encoding="utf-8").split("\n\n") if h.strip()][n]


def paste(client, text: str):
    return client.post(reverse("lessons:paste_hand"), {"hand": text})


def stored(n: int = 0, **kw) -> RealHand:
    verified = read_text(one_hand(n))[0].verified
    kw.setdefault("slug", f"sol-mix-{verified.hand_id}")
    return RealHand.objects.create(
        room=room_name(verified),
        hand_id=verified.hand_id,
        game=verified.game,
        history=to_notation(verified),
        **kw,
    )


def step_of(history: str, kind: str, last: bool = False) -> int:
    steps = [s.index for s in replay(parse_deal(history)).steps if s.kind == kind]
    return steps[-1] if last else steps[0]


# Paste and replay ------------------------------------------------------------------


def test_a_pasted_hand_opens_in_the_replayer_with_the_unseen_cards_face_down(client):
    response = paste(client, one_hand())
    assert response.status_code == 302
    page = client.get(response["Location"])
    assertContains(page, "a face-down card")
    assertContains(page, "Ivy&#x27;s face-down cards")
    assert RealHand.objects.count() == 0  # nothing is saved


def test_every_step_including_a_show_has_its_own_url_and_sentence(client):
    location = paste(client, one_hand())["Location"]
    played = read_text(one_hand())[0].verified.replay
    show = next(step for step in played.steps if step.kind == "show")
    page = client.get(location, {"step": show.index})
    assert page.status_code == 200
    status = re.search(r'id="replay-status"[^>]*>(.*?)</p>', page.content.decode(), re.S)
    assert played.record.seats[show.actor].name in status.group(1)
    assert "shows" in status.group(1)
    for step in played.steps:  # no JavaScript: plain links reach every step
        assert f"?step={step.index}" in page.content.decode()


def test_an_unseen_draw_says_how_many_cards_not_stood_pat(client):
    location = paste(client, one_hand())["Location"]
    played = read_text(one_hand())[0].verified.replay
    ivy = [s.name for s in played.record.seats].index("Ivy")
    step = next(s for s in played.steps if s.kind == "draw" and s.actor == ivy)
    count = step.state.seats[ivy].hidden_draws[-1]
    block = client.get(location, {"step": step.index}).content.decode()
    ivy_block = block.split('data-seat="Ivy"', 1)[1].split("</li>", 1)[0]
    assert f'data-drew="{count}"' in ivy_block and f"Drew {count}" in ivy_block


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Paste the text of one hand"),
        ("x" * (pasted.MAX_PASTE_CHARS + 1), "One hand is at most"),
        ("hello there", "does not start like a hand history"),
        ("\n\n".join([one_hand(0), one_hand(1)]), "paste one hand at a time"),
        (one_hand().replace("Hero wins (90)", "Hero wins (91)"), "the room pays Hero"),
        (one_hand().replace("Max calls 10", "Max calls 1O"), "is not an amount"),
    ],
)
def test_each_bad_paste_gets_its_own_message_and_saves_nothing(client, text, message):
    response = paste(client, text)
    assert response.status_code == 400
    assertContains(response, message, status_code=400)
    assert RealHand.objects.count() == 0


def test_an_anonymous_flood_of_pastes_is_refused_for_the_minute(client, monkeypatch):
    monkeypatch.setattr(pasted.time, "time", lambda: 1_800_000_000.0)  # one minute throughout
    for _ in range(pasted.PASTES_PER_MINUTE):
        assert paste(client, "hello").status_code == 400
    response = paste(client, one_hand())
    assert response.status_code == 429
    assertContains(response, "Wait a minute", status_code=429)


def test_a_link_to_a_paste_this_browser_no_longer_holds_says_so(client):
    response = client.get(reverse("lessons:pasted_hand", args=["0123456789abcdef0123"]))
    assertContains(response, "no longer held", status_code=404)


# Save and share --------------------------------------------------------------------


def test_anonymous_learners_are_offered_a_sign_in_not_a_save(client):
    page = client.get(paste(client, one_hand())["Location"])
    assertContains(page, "Sign in</a> to save it")
    assertNotContains(page, "Save to my account")


def test_a_saved_hand_is_private_to_its_learner_until_shared(client):
    ana = User.objects.create_user("ana", password="a-long-learner-pass")
    client.force_login(ana)
    key = paste(client, one_hand())["Location"].rstrip("/").rsplit("/", 1)[1]
    saved = client.post(reverse("lessons:save_pasted_hand", args=[key]))
    hand = RealHand.objects.get()
    assert saved["Location"] == hand.get_absolute_url()
    assert hand.owner == ana and not hand.shared
    assert client.get(hand.get_absolute_url()).status_code == 200

    other = User.objects.create_user("ben", password="a-long-learner-pass")
    client.force_login(other)
    assert client.get(hand.get_absolute_url()).status_code == 404
    client.force_login(ana)
    client.post(reverse("lessons:share_hand", args=[hand.slug]), {"shared": "on"})
    client.force_login(other)
    assert client.get(hand.get_absolute_url()).status_code == 200
    client.logout()
    assert client.get(hand.get_absolute_url()).status_code == 200


def test_saving_the_same_hand_twice_keeps_one_row(client):
    ana = User.objects.create_user("ana", password="a-long-learner-pass")
    client.force_login(ana)
    key = paste(client, one_hand())["Location"].rstrip("/").rsplit("/", 1)[1]
    client.post(reverse("lessons:save_pasted_hand", args=[key]))
    again = client.post(reverse("lessons:save_pasted_hand", args=[key]), follow=True)
    assert RealHand.objects.count() == 1
    assertContains(again, "already saved")


def test_a_draft_import_is_hidden_from_learners_and_shown_to_teachers(client):
    hand = stored()
    assert client.get(hand.get_absolute_url()).status_code == 404
    client.force_login(make_teacher())
    assert client.get(hand.get_absolute_url()).status_code == 200
    hand.published = True
    hand.save()
    client.logout()
    assert client.get(hand.get_absolute_url()).status_code == 200


# Practise this moment --------------------------------------------------------------


def practise(client, hand: RealHand, step: int, kind: str):
    return client.post(
        reverse("lessons:practise_moment", args=[hand.slug]), {"step": step, "kind": kind}
    )


def test_a_teacher_makes_a_draft_showdown_exercise_that_pays_as_the_hand_did(client):
    hand = stored()
    client.force_login(make_teacher())
    final = step_of(hand.history, "payout", last=True)
    page = client.get(hand.get_absolute_url(), {"step": final})
    assertContains(page, 'data-practise="showdown"')
    response = practise(client, hand, final, "showdown")
    deal = Deal.objects.get(slug__startswith=hand.slug)
    assert response["Location"] == reverse("admin:lessons_deal_change", args=[deal.pk])
    assert not deal.published
    played = replay(parse_deal(hand.history))
    live = [i for i, s in enumerate(played.steps[-1].state.seats) if not s.folded]
    assert list(deal.settlement().payouts) == [played.settlement.payouts[i] for i in live]
    assert [p["kind"] for p in deal.parts] == ["winners", "payouts"]
    practise(client, hand, final, "showdown")
    assert (
        Deal.objects.filter(slug__startswith=hand.slug).count() == 1
    )  # the same moment opens the exercise already made


def test_a_showdown_with_side_pots_is_refused_with_its_reason(client):
    hand = stored(1)  # a short stack is all in, so the hand has side pots
    client.force_login(make_teacher())
    response = practise(client, hand, step_of(hand.history, "payout", last=True), "showdown")
    assert response.status_code == 400
    assert b"side pots" in response.content
    assert not Deal.objects.filter(slug__startswith=hand.slug).exists()


def test_a_draw_or_a_raise_among_face_down_hands_is_refused_with_its_reason(client):
    hand = stored()
    client.force_login(make_teacher())
    draw = practise(client, hand, step_of(hand.history, "draw"), "draw")
    assert draw.status_code == 400 and b"face down" in draw.content
    played = replay(parse_deal(hand.history))
    bet = next(s.index for s in played.steps if s.kind == "action" and s.action == "bet")
    raised = practise(client, hand, bet, "raise")
    assert raised.status_code == 400 and b"fewer than two" in raised.content
    assert not Deal.objects.filter(slug__startswith=hand.slug).exists()


def test_a_draw_and_a_raise_with_every_hand_known_become_exercises(client):
    hand = RealHand.objects.create(
        slug="worked",
        room="Study",
        hand_id="1",
        game="badacey",
        history=worked_deal("amara_bram_kira_noor"),
    )
    client.force_login(make_teacher())
    draw = practise(client, hand, step_of(hand.history, "draw"), "draw")
    assert draw.status_code == 302
    played = replay(parse_deal(hand.history))
    raise_step = next(s for s in played.steps if s.kind == "action" and s.action == "raise")
    assert practise(client, hand, raise_step.index, "raise").status_code == 302
    discard, raise_to = (
        Deal.objects.get(slug__endswith=k).parts[0]
        for k in ("draw-" + str(step_of(hand.history, "draw")), f"raise-{raise_step.index}")
    )
    assert discard["kind"] == "discard" and discard["model"] == "share"
    assert raise_to["kind"] == "raise_to" and raise_to["facing"] == raise_step.state.bet_to


def test_only_teachers_may_practise_a_moment(client):
    hand = stored(published=True)
    client.force_login(User.objects.create_user("ana", password="a-long-learner-pass"))
    page = client.get(hand.get_absolute_url(), {"step": step_of(hand.history, "payout")})
    assertNotContains(page, "data-practise")
    assert practise(client, hand, 0, "showdown").status_code == 403


def test_the_replayer_of_a_stored_hand_links_to_the_paste_page(client):
    hand = stored(published=True)
    assertContains(client.get(hand.get_absolute_url()), reverse("lessons:paste_hand"))


def test_a_learner_s_private_hand_is_hidden_from_teachers_too(client):
    ana = User.objects.create_user("ana", password="a-long-learner-pass")
    hand = stored(owner=ana, slug="anas-hand")
    client.force_login(make_teacher())
    assert client.get(hand.get_absolute_url()).status_code == 404
    assert practise(client, hand, 0, "showdown").status_code == 404
    listing = client.get(reverse("admin:lessons_realhand_changelist"))
    assertNotContains(listing, hand.get_absolute_url())
    hand.shared = True
    hand.save()
    assert client.get(hand.get_absolute_url()).status_code == 200


def test_the_paste_page_lists_the_learner_s_own_saved_hands_only(client):
    ana = User.objects.create_user("ana", password="a-long-learner-pass")
    ben = User.objects.create_user("ben", password="a-long-learner-pass")
    mine, theirs = stored(0, owner=ana, slug="anas"), stored(1, owner=ben, slug="bens")
    client.force_login(ana)
    page = client.get(reverse("lessons:paste_hand"))
    assertContains(page, mine.get_absolute_url())
    assertNotContains(page, theirs.get_absolute_url())
