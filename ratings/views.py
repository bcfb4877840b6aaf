"""Ladder and rating pages: ladder list, ladder ranking with its actions,
a player's rating history."""

from __future__ import annotations

from functools import partial

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from core.actions import action_redirect
from games.services import GameActionError

from . import selectors, services
from .calculator import rating_display
from .charts import history_chart, sparkline
from .models import MAX_CAPACITY, Challenge, Ladder, LadderGame, LadderMembership
from .services.challenges import CHALLENGE_RANGE


class CapacityForm(forms.Form):
    capacity = forms.IntegerField(
        min_value=1,
        max_value=MAX_CAPACITY,
        initial=1,
        label="Games at once",
        help_text="How many ladder games you want running at the same time "
        f"(1 to {MAX_CAPACITY}).",
    )


def ladder_list(request):
    ladders = list(selectors.ladders_active())
    mine = set()
    if request.user.is_authenticated:
        mine = set(
            LadderMembership.objects.filter(
                user=request.user, left_at__isnull=True
            ).values_list("ladder_id", flat=True)
        )
    return render(
        request, "ratings/ladder_list.html", {"ladders": ladders, "mine": mine}
    )


def ladder_detail(request, pk: int):
    ladder = get_object_or_404(Ladder, pk=pk)
    now = timezone.now()
    standings = selectors.ladder_standings(ladder, now=now, trends=True)
    membership = selectors.membership_of(ladder, request.user)
    challenges, reachable = [], set()
    if membership is not None:
        me = request.user.pk
        challenges = list(selectors.challenges_for(ladder, request.user, now=now))
        if ladder.active:
            # One open challenge per pair: no button where one is pending.
            pending = {
                c.challenged_id if c.challenger_id == me else c.challenger_id
                for c in challenges
            }
            reachable = (
                selectors.within_places(standings, me, CHALLENGE_RANGE) - pending
            )
    rows = [
        {
            "standing": row,
            "spark": sparkline(row.trend),
            "can_challenge": row.user.pk in reachable,
        }
        for row in standings
        if row.visible
    ]
    me_hidden = membership is not None and not any(
        row.visible for row in standings if row.user.pk == request.user.pk
    )
    context = {
        "ladder": ladder,
        "rows": rows,
        "membership": membership,
        "me_hidden": me_hidden,
        "capacity_form": CapacityForm(
            initial={"capacity": membership.capacity if membership else 1}
        ),
        "challenges": challenges,
        "recent_games": LadderGame.objects.filter(ladder=ladder)
        .select_related("match")
        .prefetch_related("match__seats__user")[:20],
    }
    return render(request, "ratings/ladder_detail.html", context)


def _player(who: str):
    users = get_user_model().objects
    user = users.filter(display_name__iexact=who).first()
    if user is None and who.isdigit():
        user = users.filter(pk=int(who)).first()
    if user is None:
        raise Http404("There is no such player.")
    return user


def player_ratings(request, who: str):
    player = _player(who)
    kinds = []
    for rating in selectors.ratings_for_user(player):
        history = selectors.rating_history(player, rating.game)
        values = [history[0].old, *(c.new for c in history)] if history else []
        titles = [
            f"Game {c.games}: {c.delta:+.1f} → {rating_display(c.new, c.games)} "
            f"(place {c.place} of {c.players}, {c.finished_at:%Y-%m-%d})"
            for c in history
        ]
        kinds.append(
            {
                "rating": rating,
                "chart": history_chart(values, titles),
                "recent": list(reversed(history[-15:])),
            }
        )
    return render(
        request, "ratings/player_ratings.html", {"player": player, "kinds": kinds}
    )


_act = partial(action_redirect, to="ladder-detail")


def _capacity(request) -> int:
    form = CapacityForm(request.POST)
    if not form.is_valid():
        raise GameActionError(
            f"Choose between 1 and {MAX_CAPACITY} games at once.",
            code="invalid_capacity",
        )
    return form.cleaned_data["capacity"]


@login_required
@require_POST
def ladder_join(request, pk: int):
    def join():
        capacity = _capacity(request) if "capacity" in request.POST else 1
        services.ladder_join(
            ladder_id=pk, user=request.user, now=timezone.now(), capacity=capacity
        )

    return _act(
        request, pk, join, "You joined the ladder; games will be found for you."
    )


@login_required
@require_POST
def ladder_leave(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.ladder_leave(
            ladder_id=pk, user=request.user, now=timezone.now()
        ),
        "You left the ladder. Your running games go on.",
    )


@login_required
@require_POST
def ladder_capacity(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.ladder_capacity_set(
            ladder_id=pk,
            user=request.user,
            capacity=_capacity(request),
            now=timezone.now(),
        ),
        "Saved how many games you want at once.",
    )


@login_required
@require_POST
def ladder_challenge(request, pk: int):
    def challenge():
        opponent_id = request.POST.get("opponent", "")
        opponent = (
            get_user_model().objects.filter(pk=opponent_id).first()
            if opponent_id.isdigit()
            else None
        )
        if opponent is None:
            raise GameActionError(
                "Choose a player to challenge.", code="invalid_challenge"
            )
        services.challenge_create(
            ladder_id=pk, challenger=request.user, opponent=opponent, now=timezone.now()
        )

    return _act(request, pk, challenge, "Challenge sent. It stays open for 7 days.")


def _answer(request, pk: int, service, success: str):
    challenge = get_object_or_404(Challenge, pk=pk)
    return _act(
        request,
        challenge.ladder_id,
        lambda: service(challenge_id=pk, user=request.user, now=timezone.now()),
        success,
    )


@login_required
@require_POST
def challenge_accept(request, pk: int):
    return _answer(
        request,
        pk,
        services.challenge_accept,
        "Challenge accepted: your game has started.",
    )


@login_required
@require_POST
def challenge_decline(request, pk: int):
    return _answer(request, pk, services.challenge_decline, "Challenge declined.")
