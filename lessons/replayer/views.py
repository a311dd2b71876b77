"""The replayer: one deal, one step at a time, every step at its own URL.

``?step=N`` picks the step, so a learner can bookmark or share any moment of
a deal and the page works without JavaScript; htmx only swaps the table.
The same page replays a stored deal, a real hand from a card room (a
teacher's import or a learner's saved paste) and a hand just pasted.
A stored deal also replays in guess mode (``?guess=1``, lessons.replayer.guess),
where the page asks before it shows and takes the answers by POST.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import push_url

from badacey_site.client_address import client_address
from lessons import course
from lessons.deals.parts.base import PartResult
from lessons.exercises.forms import ReplayStepForm
from lessons.hands import moments, pasted
from lessons.models import Deal, RealHand
from lessons.replayer import guess
from lessons.replayer.steps import ReplayPage


@require_http_methods(["GET", "HEAD", "POST"])
def replay_deal(request: HttpRequest, slug: str) -> HttpResponse:
    deal = get_object_or_404(Deal.objects.published().exclude(history=""), slug=slug)
    context = {"deal": deal, "replay_title": deal.title, "current_lesson": deal.lesson}
    context |= {"course_lesson": course.lesson(deal.lesson), "crumb": f"Replay: {deal.title}"}
    return _replay_or_quiz(request, deal.history, deal.slug, context)


def _replay_or_quiz(
    request: HttpRequest, history: str, key: str, context: dict[str, Any]
) -> HttpResponse:
    """The plain replay, or guess mode (``?guess=1``) recording answers under ``key``."""
    place = guess.PlaceForm(request.GET)
    if place.on:
        return _guess_replay(request, history, key, place, context)
    if request.method == "POST":
        return _plain("Answers go to the replayer in guess mode: add ?guess=1 to the address.", 405)
    return _replay(request, history, context)


def _guess_replay(
    request: HttpRequest,
    history: str,
    key: str,
    place: guess.PlaceForm,
    context: dict[str, Any],
) -> HttpResponse:
    """Guess mode: the replayer asks at chosen steps, and only an answer or "Show me" moves on.

    A plain post is answered with a redirect to the next place (so reload and
    Back never send it again); an htmx post gets the table swapped in place
    and that place's URL pushed. The verdict waits in the session for the
    page it leads to, so every guess page is private to its learner.
    """
    form = ReplayStepForm(request.GET, history=history)
    valid = form.is_valid()
    if form.replay is None:
        return _replay(request, history, context)
    played = form.replay
    study = form.study_seat if form.study_seat is not None else guess.default_seat(played)
    index = form.step_index
    count = len(guess.questions_at(played, index, study))
    state = guess.GuessState(played, request.path, index, study, min(place.done, count))
    status = 200 if valid and place.is_valid() and place.done <= count else 400
    context["guess_problems"] = [str(e) for errors in place.errors.values() for e in errors]
    if place.is_valid() and place.done > count:
        context["guess_problems"].append(
            f"Step {index} asks {count} question{'' if count == 1 else 's'}; "
            "showing it from the first."
            if count
            else f"Step {index} asks no question."
        )
    asked = None
    pending = state.pending
    if request.method == "POST":
        if pending is None:
            messages.info(request, "That question was answered already; here is where it led.")
            return redirect(state.here)
        asked = guess.ask(played, pending, request.POST)
        results: list[PartResult] | None
        if "show" in request.POST:
            results = guess.shown_results(asked.table)
        else:
            results = guess.check(asked)
            status = max(status, asked.status)
        if results is not None:
            verdicts = guess.record(request, key, asked, results)
            right = all(r.ok for r in results)
            guess.keep_feedback(
                request,
                state.after_answer_url,
                verdicts,
                "" if right else guess.right_answer(asked),
            )
            if not request.htmx:
                return HttpResponseRedirect(state.after_answer_url, status=303)
            state = guess.GuessState(played, request.path, index, study, state.done + 1)
            asked, pending, status = None, state.pending, 200
    if asked is None and pending is not None:
        asked = guess.ask(played, pending)
    page = ReplayPage(played, state.display_index, study)
    if pending is not None:
        page.guess_text = state.text(page.text_for(played.steps[index]))
        if pending.kind == guess.READING:
            page.concealed = frozenset({study})
        elif pending.kind == guess.SHOWDOWN:
            page.concealed = frozenset(range(len(page.state.seats)))
            page.results_hidden = True
    context |= {"form": form, "page": page, "guess": state, "asked": asked}
    context["feedback"] = guess.feedback_for(request, state.here)
    context["step_list"] = page.step_list(request.path)
    template = "lessons/replay.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#table"
        context["swap_status"] = True
    if request.htmx and status == 400:
        status = 200  # htmx leaves a 4xx reply unswapped: the problems must still show
    response = render(request, template, context, status=status)
    if request.htmx and request.method == "POST":
        push_url(response, state.here)
    patch_cache_control(response, private=True, no_store=True)
    return response


def _replay(request: HttpRequest, history: str, context: dict[str, Any]) -> HttpResponse:
    form = ReplayStepForm(request.GET, history=history)
    valid = form.is_valid()
    context["form"] = form
    if form.replay is not None:
        page = ReplayPage(form.replay, form.step_index, form.study_seat)
        context["page"] = page
        context["step_list"] = page.step_list(request.path)
        if context.get("real_hand") or context.get("pasted"):
            # Practise a moment: the quiz's questions at this step, for the seat whose
            # cards the history shows; a teacher may also make a draft exercise of it.
            study = guess.default_seat(form.replay)
            context["practice"] = guess.practice_links(form.replay, page.index, study, request.path)
            context["quiz_url"] = guess.quiz_url(request.path, study)
            context["practice_seat"] = form.replay.record.seats[study].name
            if context.get("can_practise"):
                context["moments"] = moments.moments_at(
                    context["real_hand"], form.replay, page.index
                )
    template = "lessons/replay.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#table"
        context["swap_status"] = True  # the partial also refreshes the live sentence
    # A step that is not in the deal is bad input (400); a refused history is shown as a page.
    status = 200 if valid or form.replay is None else 400
    return render(request, template, context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def replay_hand(request: HttpRequest, slug: str) -> HttpResponse:
    """A stored real hand: published imports, shared saves, and the owner's own."""
    hand = get_object_or_404(RealHand, slug=slug)
    if not hand.visible_to(request.user):
        raise Http404("No such hand.")
    title = f"{hand.room} hand {hand.hand_id}"
    user = request.user
    context = {"real_hand": hand, "replay_title": title, "crumb": f"Replay: {title}"}
    context["owns_hand"] = user.is_authenticated and user.pk == hand.owner_id
    context["can_practise"] = _teaches(user)
    return _replay_or_quiz(request, hand.history, f"hand:{hand.slug}", context)


@require_http_methods(["GET", "HEAD", "POST"])
def paste_hand(request: HttpRequest) -> HttpResponse:
    """Paste one hand and see it replayed at once; nothing is stored."""
    form = pasted.PasteForm(request.POST or None)
    if request.method == "POST":
        if not pasted.paste_allowed(client_address(request)):
            form.add_error(
                None,
                f"This address has pasted more than {pasted.PASTES_PER_MINUTE} hands in the "
                "last minute. Wait a minute and paste again.",
            )
            return render(request, "lessons/replay_paste.html", {"form": form}, status=429)
        if form.is_valid():
            assert form.report is not None
            key = pasted.hold(request.session, form.report)
            return redirect("lessons:pasted_hand", key=key)
    status = 400 if form.errors else 200
    context = {"form": form, "saved": _saved_hands(request)}
    return render(request, "lessons/replay_paste.html", context, status=status)


def _saved_hands(request: HttpRequest) -> list[RealHand]:
    """A signed-in learner's saved hands, so a lost link is never a lost hand."""
    if not request.user.is_authenticated:
        return []
    return list(RealHand.objects.filter(owner=request.user).order_by("-created_at")[:50])


@require_http_methods(["GET", "HEAD", "POST"])
def pasted_hand(request: HttpRequest, key: str) -> HttpResponse:
    hand = pasted.held(request.session, key)
    if hand is None:
        form = pasted.PasteForm()
        context = {"form": form, "gone": True}
        return render(request, "lessons/replay_paste.html", context, status=404)
    title = f"{hand['room']} hand {hand['hand']}"
    context = {"pasted": hand, "pasted_key": key, "replay_title": title}
    context["crumb"] = f"Replay: {title}"
    return _replay_or_quiz(request, hand["history"], f"paste:{key}", context)


@require_POST
@login_required
def save_pasted_hand(request: HttpRequest, key: str) -> HttpResponse:
    """Store a pasted hand for its learner: private, or shareable if they ticked it."""
    hand = pasted.held(request.session, key)
    if hand is None:
        messages.error(request, "That pasted hand is no longer held here: paste it again.")
        return redirect("lessons:paste_hand")
    stored, new = pasted.save_for(request.user, hand, shared=request.POST.get("shared") == "on")
    messages.success(
        request,
        "Saved to your account." if new else "You had already saved this hand; here it is.",
    )
    return redirect(stored)


@require_POST
@login_required
def share_hand(request: HttpRequest, slug: str) -> HttpResponse:
    """The owner makes a saved hand shareable by its link, or private again."""
    hand = get_object_or_404(RealHand, slug=slug, owner=request.user)
    hand.shared = request.POST.get("shared") == "on"
    hand.save(update_fields=["shared"])
    messages.success(
        request,
        "Anyone with the link can now replay this hand."
        if hand.shared
        else "Only you can replay this hand now.",
    )
    return redirect(reverse("lessons:replay_hand", args=[hand.slug]))


def _teaches(user) -> bool:
    """Staff who may add and change deals: the teachers who make exercises."""
    return bool(
        user.is_authenticated
        and user.is_staff
        and user.has_perm("lessons.add_deal")
        and user.has_perm("lessons.change_deal")
    )


@require_POST
def practise_moment(request: HttpRequest, slug: str) -> HttpResponse:
    """A teacher turns this step into a draft exercise, which opens in the admin.

    Anything refused (a step or question that does not build) is a page with
    the reason and a way back to the step, never a bare error.
    """
    if not _teaches(request.user):
        raise PermissionDenied("Only teachers can make an exercise from a hand.")
    hand = get_object_or_404(RealHand, slug=slug)
    if not hand.visible_to(request.user):
        raise Http404("No such hand.")
    form = ReplayStepForm(request.POST, history=hand.history)
    kind = request.POST.get("kind", "")
    if not form.is_valid() or form.replay is None or kind not in moments.MOMENTS:
        return _refused(request, hand, None, "Choose a step of the hand and one of its questions.")
    try:
        deal = moments.make_exercise(hand, form.replay, form.step_index, kind)
    except moments.MomentError as error:
        return _refused(request, hand, form.step_index, str(error))
    existing = Deal.objects.filter(slug=deal.slug).first() or deal
    if existing is deal:
        deal.save()
    return redirect(reverse("admin:lessons_deal_change", args=[existing.pk]))


def _refused(request: HttpRequest, hand: RealHand, step: int | None, reason: str) -> HttpResponse:
    back = hand.get_absolute_url() + ("" if step is None else f"?step={step}")
    context = {"real_hand": hand, "reason": reason, "back": back}
    context["crumb"] = f"{hand.room} hand {hand.hand_id}"
    return render(request, "lessons/practise_refused.html", context, status=400)


def _plain(message: str, status: int) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
