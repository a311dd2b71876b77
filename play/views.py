"""The study table's pages: choose a table, play, review, and look back over past hands.

Views stay thin: a form reads the post, ``play.hands`` asks the engine and
stores the result, ``play.table_view`` shapes it for the template. A hand is
found only among the requesting learner's own (another learner gets a 404).
An htmx request gets the table fragment; a plain post is answered with a
redirect to the table (or the page with a message), so every action works
with JavaScript off.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Sum
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.middleware import HtmxDetails

from badacey_site import sign_in_limits
from evaluator import PROFILES, EvaluatorError
from evaluator.play import PERSONALITIES, IllegalAction, LiveHand, grade_decision
from evaluator.play.coach import spot_of
from evaluator.play.spot import SpotError, SpotVerdict
from lessons.deals.histories import replay_history
from lessons.exercises.forms import ReplayStepForm
from lessons.hands.hand_admin import phh_note, phh_response
from lessons.learners.progress import learner_of
from lessons.models import Learner
from lessons.replayer.steps import ReplayPage
from lessons.tools.views import _page as tool_page
from play import decision_queue, hands, math_answers, sessions, spot_answers, table_view
from play.forms import ActForm, QueueForm, SpotForm, StartForm, first_error
from play.models import DecisionCard, GradedDecision, PlayedHand
from play.spot_query import spot_query

logger = logging.getLogger(__name__)
START_LIMIT = "play_start_per_address"
PRACTISE_LIMIT = "play_practise_per_address"


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _owned(request: HtmxHttpRequest, hand_id: int) -> tuple[Learner, PlayedHand]:
    learner = learner_of(request)
    hand = get_object_or_404(PlayedHand.objects.of_learner(learner), pk=hand_id)
    return learner, hand


def _live(hand: PlayedHand) -> LiveHand:
    try:
        return hands.live_of(hand)
    except hands.BrokenHand as error:
        raise Http404(f"This hand can no longer be rebuilt: {error}.") from None


def _spend_start(request: HtmxHttpRequest) -> sign_in_limits.Verdict:
    return sign_in_limits.spend(START_LIMIT, sign_in_limits.address_of(request))


@require_http_methods(["GET", "HEAD", "POST"])
def start(request: HtmxHttpRequest) -> HttpResponse:
    """Choose the game, the seats, the opponents and the coaching; deal."""
    # A link from a class's "play N hands" work names its game (?game=badugi).
    wanted = request.GET.get("game", "")
    learner = learner_of(request)
    initial = _last_table(learner)
    if wanted in PROFILES:
        initial["game"] = wanted
    form = StartForm(request.POST or None, initial=initial)
    open_hands = list(hands.open_hands(learner)[: hands.MAX_OPEN_HANDS]) if learner.known else []
    if request.method == "POST" and form.is_valid():
        if len(open_hands) >= hands.MAX_OPEN_HANDS:
            messages.info(
                request,
                f"You have {hands.MAX_OPEN_HANDS} unfinished hands: here is the latest. "
                "Finish or fold it before dealing another.",
            )
            return _to_table(open_hands[0])
        verdict = _spend_start(request)
        if not verdict.allowed:
            return sign_in_limits.limited_response(request, verdict, "started hands")
        learner = learner_of(request, create=True)
        hand = hands.start(learner, form.table(hands.new_seed()), form.cleaned_data["coaching"])
        return _to_table(hand)
    context = {"form": form, "open_hands": open_hands, "personalities": _personalities()}
    return render(request, "play/start.html", context, status=400 if form.errors else 200)


def _personalities() -> list[Any]:
    return list(PERSONALITIES.values())


def _last_table(learner: Learner) -> dict[str, Any]:
    """The start form's answers of the learner's latest hand: the table remembers them."""
    latest = PlayedHand.objects.of_learner(learner).first() if learner.known else None
    if latest is None:
        return {}
    try:
        settings = hands.settings_of(latest)
    except hands.BrokenHand:
        return {}
    remembered: dict[str, Any] = {
        "game": settings.game,
        "seats": settings.seats,
        "coaching": latest.coaching,
    }
    others = [p for p in settings.personalities if p is not None]
    remembered |= {f"seat_{n}": key for n, key in enumerate(others, start=1)}
    return remembered


def _to_table(hand: PlayedHand) -> HttpResponse:
    """The table, scrolled to the felt: on a phone the cards and the buttons fill the screen."""
    return redirect(hand.get_absolute_url() + "#play-table")


def _table_context(hand: PlayedHand, live: LiveHand, **extra: Any) -> dict[str, Any]:
    grades = list(hand.grades.all())
    page = table_view.build(hand, live, grades)
    focus_turn = not extra.get("refusal")
    crumb = f"{live.profile.name} hand {hand.pk}"
    return {
        "hand": hand,
        "page": page,
        "game": live.profile,
        "focus_turn": focus_turn,
        "crumb": crumb,
        **extra,
    }


def _table_response(
    request: HtmxHttpRequest, hand: PlayedHand, live: LiveHand, status: int = 200, **extra: Any
) -> HttpResponse:
    context = _table_context(hand, live, **extra)
    context["session"] = sessions.summary_after(learner_of(request), hand)
    template = "play/table.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#table"
    return render(request, template, context, status=status)


@require_safe
def table(request: HtmxHttpRequest, hand_id: int) -> HttpResponse:
    _, hand = _owned(request, hand_id)
    return _table_response(request, hand, _live(hand))


@require_POST
def act(request: HtmxHttpRequest, hand_id: int) -> HttpResponse:
    """Play the learner's action; the post names the step it answers."""
    learner, hand = _owned(request, hand_id)
    form = ActForm(request.POST)
    if not form.is_valid():
        return _refused(request, hand, first_error(form), 400)
    try:
        hands.act(learner, hand.pk, form.cleaned_data["step"], form.play_action())
    except hands.StaleStep as stale:
        message = (
            "That action answered an earlier moment of the hand (a second click, or another "
            "tab), so it was not played again. Here is the table as it is now."
        )
        if stale.hand.is_over:
            message = "The hand is already over, so that action was not played."
        return _refused(request, stale.hand, message, 409)
    except IllegalAction as error:
        text = str(error)
        return _refused(request, hand, f"Not allowed: {text[:1].upper()}{text[1:]}.", 400)
    except hands.BrokenHand as error:
        raise Http404(f"This hand can no longer be rebuilt: {error}.") from None
    hand.refresh_from_db()
    if request.htmx:
        return _table_response(request, hand, _live(hand))
    return _to_table(hand)


def _refused(request: HtmxHttpRequest, hand: PlayedHand, message: str, status: int) -> HttpResponse:
    hand.refresh_from_db()
    return _table_response(request, hand, _live(hand), status=status, refusal=message)


@require_safe
def state_json(request: HtmxHttpRequest, hand_id: int) -> JsonResponse:
    """The public state for scripts: never a card the learner has not seen."""
    _, hand = _owned(request, hand_id)
    live = _live(hand)
    state = live.public_state()
    state["hand"] = hand.pk
    state["coaching"] = hand.coaching
    shown = hands.shows_grades(hand)
    state["grades"] = [table_view.grade_json(g) for g in hand.grades.all()] if shown else []
    state["act_url"] = reverse("play:act", args=[hand.pk])
    return JsonResponse(state)


@require_POST
def next_hand(request: HtmxHttpRequest, hand_id: int) -> HttpResponse:
    """The next hand at the same table: the button moves on, the chips carry over."""
    learner, hand = _owned(request, hand_id)
    if not hand.is_over:
        messages.info(request, "Finish this hand first: the next one is dealt when it ends.")
        return redirect(hand)
    if hands.open_hands(learner).count() >= hands.MAX_OPEN_HANDS:
        messages.info(request, "Finish one of your unfinished hands before dealing another.")
        return redirect("play:start")
    verdict = _spend_start(request)
    if not verdict.allowed:
        return sign_in_limits.limited_response(request, verdict, "started hands")
    try:
        settings = hands.next_settings(hand)
    except hands.BrokenHand as error:
        raise Http404(f"This hand can no longer be rebuilt: {error}.") from None
    new = hands.start(learner, settings, hand.coaching)
    return _to_table(new)


def _review_replay(request: HtmxHttpRequest, hand: PlayedHand, live: LiveHand) -> dict[str, Any]:
    notation = live.to_notation()
    form = ReplayStepForm(request.GET, history=notation)
    form.is_valid()
    context: dict[str, Any] = {"form": form}
    if form.replay is not None:
        page = ReplayPage(form.replay, form.step_index, form.study_seat)
        context["page"] = page
        context["step_list"] = page.step_list(request.path)
    return context


@require_safe
def review(request: HtmxHttpRequest, hand_id: int) -> HttpResponse:
    """The finished hand in the replayer, and every graded decision."""
    _, hand = _owned(request, hand_id)
    if not hand.is_over:
        messages.info(request, "The review opens when the hand is over: play it out first.")
        return redirect(hand)
    live = _live(hand)
    context = _review_replay(request, hand, live)
    grades = [
        (g, _card_of(g), _decision_extras(request, hand, live, g.step))
        for g in hand.grades.select_related("review_card")
    ]
    context |= {
        "hand": hand,
        "grades": grades,
        "game": live.profile,
        "replay_title": f"{live.profile.name} hand {hand.pk}",
        "crumb": f"Review: hand {hand.pk}",
        "phh_note": phh_note(live.profile),
    }
    template = "play/review.html"
    if request.htmx and not request.htmx.history_restore_request:
        template = "lessons/replay.html#table"
        context["swap_status"] = True
    return render(request, template, context)


@require_safe
def phh(request: HtmxHttpRequest, hand_id: int) -> HttpResponse:
    """The finished hand as a PHH file, built from the replay as the admin's export is."""
    _, hand = _owned(request, hand_id)
    if not hand.is_over:
        return _plain("The hand is not over yet, so it cannot be exported.", 400)
    played = replay_history(_live(hand).to_notation())
    return phh_response(played, f"study table {hand.pk}")


@require_http_methods(["GET", "HEAD", "POST"])
def practise(request: HtmxHttpRequest, hand_id: int, step: int) -> HttpResponse:
    """One decision of a finished hand again: find the better play; the engine checks it."""
    learner, hand = _owned(request, hand_id)
    graded = get_object_or_404(GradedDecision, hand=hand, step=step)
    if not hand.is_over:
        return redirect(hand)
    try:
        settings = hands.settings_of(hand)
        before = LiveHand.replay(settings, hands.encoding.actions_from(hand.actions)[:step])
    except (hands.BrokenHand, EvaluatorError) as error:
        raise Http404(f"This hand can no longer be rebuilt: {error}.") from None
    verdict = None
    refusal = None
    card: DecisionCard | None = None
    status = 200
    if request.method == "POST":
        # The same finished hand can be practised again and again: each answer is
        # an exact grade, so the answers count against a limit per address.
        verdict_limit = sign_in_limits.spend(PRACTISE_LIMIT, sign_in_limits.address_of(request))
        if not verdict_limit.allowed:
            return sign_in_limits.limited_response(request, verdict_limit, "practised decisions")
        form = ActForm(request.POST)
        if not form.is_valid():
            refusal, status = first_error(form), 400
        elif form.cleaned_data["step"] != step:
            refusal, status = "That answer was for another decision; answer this one.", 400
        else:
            try:
                verdict = grade_decision(before, form.play_action())
            except IllegalAction as error:
                text = str(error)
                refusal, status = f"Not allowed: {text[:1].upper()}{text[1:]}.", 400
            else:
                card = hands.practised(learner, graded, verdict, timezone.now())
    page = table_view.build(hand, before, [])
    context = {
        "hand": hand,
        "graded": graded,
        "card": card if verdict is not None else _card_of(graded),
        "now": timezone.now(),
        "page": page,
        "verdict": verdict,
        "refusal": refusal,
        "game": before.profile,
        "focus_turn": verdict is None and refusal is None,
    }
    template = "play/practise.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#practice"
    return render(request, template, context, status=status)


def _card_of(graded: GradedDecision) -> DecisionCard | None:
    try:
        return graded.review_card
    except DecisionCard.DoesNotExist:
        return None


@require_POST
def queue_decision(request: HtmxHttpRequest, hand_id: int, step: int) -> HttpResponse:
    """ "Practise this decision": the decision joins (or leaves) the learner's review queue."""
    _, hand = _owned(request, hand_id)
    graded = get_object_or_404(GradedDecision, hand=hand, step=step)
    form = QueueForm(request.POST)
    form.is_valid()  # one optional box: nothing in it can be invalid
    if form.cleaned_data.get("remove"):
        if decision_queue.remove(graded):
            messages.success(request, f"Decision {step + 1} left your review queue.")
    else:
        queued = decision_queue.add(graded, timezone.now())
        if queued.already:
            messages.info(request, f"Decision {step + 1} is already in your review queue.")
        else:
            messages.success(
                request,
                f"Decision {step + 1} is in your review queue: it is due now, "
                "and comes back on the schedule your answers set.",
            )
    return redirect(reverse("play:review", args=[hand.pk]) + f"#decision-{step}")


@require_safe
def practise_queue(request: HtmxHttpRequest) -> HttpResponse:
    """The decisions this learner asked to practise again: due ones first, with a start link."""
    learner = learner_of(request)
    now = timezone.now()
    cards = list(decision_queue.cards_of(learner).order_by("due", "pk"))
    due = [c for c in cards if c.due <= now]
    later = [c for c in cards if c.due > now]
    return render(request, "play/queue.html", {"due": due, "later": later, "now": now})


@require_safe
def history(request: HtmxHttpRequest) -> HttpResponse:
    """Hands played, per game: error rate, blunders, chips won; and the blunders to browse."""
    learner = learner_of(request)
    finished = PlayedHand.objects.of_learner(learner).filter(is_over=True)
    rows = []
    for row in (
        finished.values("game")
        .annotate(
            hands=Count("pk"),
            decisions=Sum("decisions"),
            blunders=Sum("blunders"),
            mistakes=Sum("mistake_total"),
            net=Sum("net"),
        )
        .order_by("game")
    ):
        profile = PROFILES.get(row["game"])
        decisions = row["decisions"] or 0
        rows.append(
            {
                **row,
                "name": profile.name if profile else row["game"],
                "error_rate": (row["mistakes"] or 0) / decisions if decisions else None,
            }
        )
    blunders = (
        GradedDecision.objects.filter(grade="blunder", hand__in=finished)
        .select_related("hand")
        .order_by("-hand__created_at", "step")[:50]
    )
    recent = finished[:20]
    open_hands = list(hands.open_hands(learner)[:5]) if learner.known else []
    context = {
        "rows": rows,
        "blunders": list(blunders),
        "recent": list(recent),
        "open_hands": open_hands,
        "totals": finished.aggregate(
            hands=Count("pk"), blunders=Sum("blunders"), decisions=Sum("decisions")
        ),
    }
    return render(request, "play/history.html", context)


def _plain(message: str, status: int) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


@require_safe
def spot(request: HtmxHttpRequest) -> HttpResponse:
    """Ask the coach: any spot typed in, every legal choice valued and graded.

    A GET form, so a spot is a link. The verdict is ``judge_spot``'s, the
    function the table grades with, read from the cache when anyone asked
    the same spot before (``play.spot_answers``); a new spot counts against
    the address's limit. An htmx request gets the answer (or, with a
    problem, the whole tool: ``lessons.tools.views``), a plain one the page.
    """
    form = SpotForm(request.GET or None)
    verdict: SpotVerdict | None = None
    status = 200
    retry = 0
    if form.is_bound:
        if form.is_valid() and form.spot is not None:
            try:
                verdict = spot_answers.judge_for(sign_in_limits.address_of(request), form.spot)
            except spot_answers.TooManySpots as busy:
                status, retry = 429, busy.verdict.retry_seconds
                form.add_error(
                    None,
                    ValidationError(
                        f"This page has judged many new spots for your address lately, so it "
                        f"is pausing: ask again in {busy.verdict.minutes} minute"
                        f"{'s' if busy.verdict.minutes > 1 else ''}. Spots anyone has asked "
                        "before are still answered now.",
                        code="busy",
                    ),
                )
            except SpotError as error:  # the form checked first, so this is a safety net
                status = 400
                text = str(error)
                form.add_error(None, f"{text[:1].upper()}{text[1:].rstrip('.')}.")
            except EvaluatorError as error:  # the engine failed on a spot it accepted
                logger.exception("ask the coach could not judge %s", form.line)
                status = 500
                form.add_error(
                    None,
                    f"The coach could not work this spot out ({str(error).rstrip('.')}). "
                    "This is a fault of the site, not of your spot; it has been logged.",
                )
        else:
            status = 400
    context: dict[str, Any] = {"form": form, "verdict": verdict, "crumb": "Ask the coach"}
    if verdict is not None and form.spot is not None:
        context["math"] = _math_panel(request, form)
    response = tool_page(request, "play/spot.html", context, status, "spot-tool")
    if retry:
        response["Retry-After"] = str(retry)
    return response


def _math_panel(request: HtmxHttpRequest, form: SpotForm) -> dict[str, Any] | None:
    """The "math says" panel's context for a read spot: None when it is not heads-up."""
    assert form.spot is not None
    panel = math_answers.panel_for(
        sign_in_limits.address_of(request),
        form.spot,
        learner_drew=form.learner_drew,
        bets_made=form.bets_made,
    )
    if panel is None:
        return None
    query = request.GET.urlencode()
    return {
        "panel": panel,
        "anchor": "math-says",
        "poll_url": f"{reverse('play:spot_math')}?{query}",
        "page_url": reverse("play:spot"),
        "page_params": [(name, value) for name, values in request.GET.lists() for value in values],
    }


@require_safe
def spot_math(request: HtmxHttpRequest) -> HttpResponse:
    """The "math says" panel alone, which a "working" panel asks for again until it is done.

    Without htmx (a link followed by hand) it sends the whole spot page instead.
    """
    if not request.htmx:
        return redirect(reverse("play:spot") + "?" + request.GET.urlencode())
    form = SpotForm(request.GET)
    math = _math_panel(request, form) if form.is_valid() and form.spot is not None else None
    return render(request, "play/_math_says.html", {"math": math})


def _decision_extras(
    request: HtmxHttpRequest, hand: PlayedHand, live: LiveHand, step: int
) -> dict[str, Any]:
    """A reviewed decision's "ask the coach about this spot" link and "math says" panel."""
    try:
        before = live.at_step(step)
    except EvaluatorError:
        return {}
    spot, _, mine, _ = spot_of(before)
    query = spot_query(spot)
    if mine:
        query["my_drew"] = " ".join(str(n) for n in mine)
    extras: dict[str, Any] = {"ask_url": f"{reverse('play:spot')}?{urlencode(query)}"}
    panel = math_answers.review_panel(sign_in_limits.address_of(request), hand, step, before)
    if panel is not None:
        anchor = f"math-says-{step}"
        extras["math"] = {
            "panel": panel,
            "anchor": anchor,
            "poll_url": reverse("play:review_math", args=[hand.pk, step]),
            "page_url": reverse("play:review", args=[hand.pk]),
        }
    return extras


@require_safe
def review_math(request: HtmxHttpRequest, hand_id: int, step: int) -> HttpResponse:
    """One reviewed decision's "math says" panel alone, asked for again while it is working."""
    _, hand = _owned(request, hand_id)
    get_object_or_404(GradedDecision, hand=hand, step=step)
    if not request.htmx or not hand.is_over:
        return redirect(reverse("play:review", args=[hand.pk]) + f"#math-says-{step}")
    extras = _decision_extras(request, hand, _live(hand), step)
    return render(request, "play/_math_says.html", {"math": extras.get("math")})
