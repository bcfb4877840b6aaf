"""Ladder and rating pages: ladder list, ladder ranking with its actions,
a player's rating history."""

from __future__ import annotations

import dataclasses
import re
from functools import partial
from typing import TYPE_CHECKING

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from core.actions import action_redirect, form_post
from core.templatetags.written_dates import written
from games.services import GameActionError

from . import selectors, services
from .availability import away_among
from .calculator import rating_display, round_rating
from .charts import history_chart, sparkline
from .models import MAX_CAPACITY, Challenge, Ladder, LadderGame, LadderMembership, signed_delta
from .services.challenges import CHALLENGE_RANGE

#: A user id as a form or an address writes it: ASCII digits, few enough
#: for the id column (a longer run is no id, and Python refuses to read a
#: number of thousands of digits).
_USER_ID = re.compile(r"[0-9]{1,18}")

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


class CapacityForm(forms.Form):
    capacity = forms.IntegerField(
        min_value=1,
        max_value=MAX_CAPACITY,
        initial=1,
        label=_("Games at once"),
        help_text=format_lazy(
            _("How many ladder games you want running at the same time (1 to {maximum})."),
            maximum=MAX_CAPACITY,
        ),
    )


def ladder_list(request):
    ladders = list(selectors.ladders_active())
    mine = set()
    if request.user.is_authenticated:
        mine = set(
            LadderMembership.objects.filter(user=request.user, left_at__isnull=True).values_list("ladder_id", flat=True)
        )
    return render(request, "ratings/ladder_list.html", {"ladders": ladders, "mine": mine})


def ladder_detail(request, pk: int):
    ladder = get_object_or_404(Ladder, pk=pk)
    now = timezone.now()
    standings = selectors.ladder_standings(ladder, now=now, trends=True)
    membership = selectors.membership_of(ladder, request.user)
    challenges, reachable, away = [], set(), set()
    if membership is not None:
        me = request.user.pk
        challenges = list(selectors.challenges_for(ladder, request.user, now=now))
        if ladder.active:
            # One open challenge per pair: no button where one is pending;
            # none while either player is on vacation (the service refuses it).
            pending = {c.challenged_id if c.challenger_id == me else c.challenger_id for c in challenges}
            reachable = selectors.within_places(standings, me, CHALLENGE_RANGE) - pending
            away = away_among(reachable | {me}, now)
            reachable = set() if me in away else reachable - away
    rows = [
        {
            "standing": row,
            "spark": _sparkline(row.trend),
            "can_challenge": row.user.pk in reachable,
            "away": row.user.pk in away and row.user.pk != request.user.pk,
        }
        for row in standings
        if row.visible
    ]
    me_hidden = membership is not None and not any(row.visible for row in standings if row.user.pk == request.user.pk)
    context = {
        "ladder": ladder,
        "rows": rows,
        "membership": membership,
        "me_hidden": me_hidden,
        "me_away": membership is not None and request.user.pk in away,
        "capacity_form": CapacityForm(initial={"capacity": membership.capacity if membership else 1}),
        "challenges": challenges,
        "recent_games": LadderGame.objects.filter(ladder=ladder)
        .select_related("match")
        .prefetch_related("match__seats__user")[:20],
    }
    return render(request, "ratings/ladder_detail.html", context)


def _sparkline(values):
    """``charts.sparkline`` described in the reader's language."""
    spark = sparkline(values)
    if spark is None:
        return None
    games = len(values) - 1
    label = ngettext(
        "from %(first)s to %(last)s over the last game",
        "from %(first)s to %(last)s over the last %(games)s games",
        games,
    ) % {"first": round_rating(values[0]), "last": round_rating(values[-1]), "games": games}
    return dataclasses.replace(spark, label=label)


def _history_chart(values, titles):
    """``charts.history_chart`` described in the reader's language."""
    chart = history_chart(values, titles)
    if chart is None:
        return None
    games = len(values) - 1
    label = ngettext(
        "Rating after %(games)s game, from %(first)s to %(last)s; highest %(peak)s",
        "Rating after each of %(games)s games, from %(first)s to %(last)s; highest %(peak)s",
        games,
    ) % {
        "games": games,
        "first": round_rating(values[0]),
        "last": round_rating(values[-1]),
        "peak": round_rating(max(values)),
    }
    return dataclasses.replace(chart, label=label)


def _player(who: str):
    """The player ``who`` names (display name, or user id); a deactivated
    account has no public ratings page, as it has no public page."""
    users = get_user_model().objects.filter(is_active=True)
    user = users.filter(display_name__iexact=who).first()
    if user is None and _USER_ID.fullmatch(who):
        user = users.filter(pk=int(who)).first()
    if user is None:
        raise Http404(gettext("There is no such player."))
    return user


def player_ratings(request, who: str):
    player = _player(who)
    kinds = []
    for rating in selectors.ratings_for_user(player):
        history = selectors.rating_history(player, rating.game)
        values = [history[0].old, *(c.new for c in history)] if history else []
        titles = [
            gettext("Game %(number)s: %(delta)s → %(rating)s (place %(place)s of %(players)s, %(date)s)")
            % {
                "number": c.games,
                "delta": signed_delta(c.delta),
                "rating": rating_display(c.new, c.games),
                "place": c.place,
                "players": c.players,
                "date": written(timezone.localtime(c.finished_at), "j M Y"),  # as the table under it
            }
            for c in history
        ]
        kinds.append(
            {
                "rating": rating,
                "chart": _history_chart(values, titles),
                "recent": list(reversed(history[-15:])),
            }
        )
    return render(request, "ratings/player_ratings.html", {"player": player, "kinds": kinds})


_act = partial(action_redirect, to="ladder-detail")


def _capacity(request) -> int:
    form = CapacityForm(request.POST)
    if not form.is_valid():
        raise GameActionError(
            gettext("Choose between 1 and %(maximum)s games at once.") % {"maximum": MAX_CAPACITY},
            code="invalid_capacity",
        )
    return form.cleaned_data["capacity"]


@form_post("ladder-detail")
@login_required
def ladder_join(request, pk: int):
    def join():
        capacity = _capacity(request) if "capacity" in request.POST else 1
        services.ladder_join(ladder_id=pk, user=request.user, now=timezone.now(), capacity=capacity)

    return _act(request, pk, join, _("You joined the ladder; games will be found for you."))


@form_post("ladder-detail")
@login_required
def ladder_leave(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.ladder_leave(ladder_id=pk, user=request.user, now=timezone.now()),
        _("You left the ladder. Your running games go on."),
    )


@form_post("ladder-detail")
@login_required
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
        _("Saved how many games you want at once."),
    )


@form_post("ladder-detail")
@login_required
def ladder_challenge(request, pk: int):
    def challenge():
        opponent_id = request.POST.get("opponent", "")
        opponent = get_user_model().objects.filter(pk=opponent_id).first() if _USER_ID.fullmatch(opponent_id) else None
        if opponent is None:
            raise GameActionError(gettext("Choose a player to challenge."), code="invalid_challenge")
        services.challenge_create(ladder_id=pk, challenger=request.user, opponent=opponent, now=timezone.now())

    return _act(request, pk, challenge, _("Challenge sent. It stays open for 7 days."))


def _answer(request, pk: int, service, success: str | StrPromise):
    challenge = get_object_or_404(Challenge, pk=pk)
    return _act(
        request,
        challenge.ladder_id,
        lambda: service(challenge_id=pk, user=request.user, now=timezone.now()),
        success,
    )


@form_post("home", keep=())
@login_required
def challenge_accept(request, pk: int):
    return _answer(
        request,
        pk,
        services.challenge_accept,
        _("Challenge accepted: your game has started."),
    )


@form_post("home", keep=())
@login_required
def challenge_decline(request, pk: int):
    return _answer(request, pk, services.challenge_decline, _("Challenge declined."))


@form_post("home", keep=())
@login_required
def challenge_take_back(request, pk: int):
    return _answer(request, pk, services.challenge_take_back, _("You took back your challenge."))
