"""The organiser tools' pages: pause and resume, a message to every
player, late registration, the standings as CSV, pairing a round by hand;
and the player's request
for a half-point bye.  Every organiser URL answers 403 to anyone else
(``organiser_required``) before the service checks again."""

from __future__ import annotations

import csv
from functools import partial, wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.actions import action_redirect
from games.services import GameActionError

from . import selectors, services
from .forms import ByeForm, MessageForm, PlayerNameForm
from .models import Tournament
from .overview import tournament_overview

_act = partial(action_redirect, to="tournament-detail")


def organiser_required(view):
    """Signed in (else the login page) and an organiser of tournament
    ``pk`` (else 403)."""

    @login_required
    @wraps(view)
    def wrapper(request, pk: int, *args, **kwargs):
        tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
        if not selectors.can_manage(request.user, tournament):
            raise PermissionDenied(_("Only the tournament's organisers can do that."))
        return view(request, pk, *args, **kwargs)

    return wrapper


def _valid(request, form_class):
    form = form_class(request.POST)
    if form.is_valid():
        return form
    messages.error(request, next(iter(form.errors.values()))[0])
    return None


@organiser_required
@require_POST
def tournament_pause(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.tournament_pause(tournament_id=pk, by=request.user, now=timezone.now()),
        _("The tournament is paused: the clocks of its games are stopped."),
    )


@organiser_required
@require_POST
def tournament_resume(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.tournament_resume(tournament_id=pk, by=request.user, now=timezone.now()),
        _("The tournament runs again."),
    )


@organiser_required
@require_POST
def players_message(request, pk: int):
    form = _valid(request, MessageForm)
    if form is None:
        return redirect("tournament-detail", pk=pk)
    return _act(
        request,
        pk,
        lambda: services.players_message(
            tournament_id=pk,
            subject=form.cleaned_data["subject"],
            text=form.cleaned_data["text"],
            by=request.user,
            now=timezone.now(),
        ),
        _("The message is on its way to every player."),
    )


@organiser_required
@require_POST
def participant_add_late(request, pk: int):
    form = _valid(request, PlayerNameForm)
    if form is None:
        return redirect("tournament-detail", pk=pk)
    name = form.cleaned_data["display_name"]
    return _act(
        request,
        pk,
        lambda: services.participant_add_late(tournament_id=pk, display_name=name, by=request.user, now=timezone.now()),
        _("%(player)s plays from the next round.") % {"player": name},
    )


@organiser_required
def standings_csv(request, pk: int):
    """The standings (points formats) or the players' places as CSV, every
    tie-break in its own column."""
    tournament = get_object_or_404(Tournament, pk=pk)
    overview = tournament_overview(tournament)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = slugify(tournament.name) or f"tournament-{tournament.pk}"
    response["Content-Disposition"] = f'attachment; filename="{name}-standings.csv"'
    writer = csv.writer(response)
    writer.writerow(
        [
            _("Rank"),
            _("Player"),
            _("Seed"),
            _("Points"),
            _("Buchholz"),
            _("Sonneborn-Berger"),
            _("Rating"),
            _("Played"),
            _("Unplayed"),
            _("Status"),
            _("Replacing"),
        ]
    )
    for row in overview.standings:
        writer.writerow(
            [
                row.rank,
                _safe(str(row.participant.user)),
                row.participant.seed,
                row.points,
                row.buchholz,
                row.sonneborn_berger,
                row.rating,
                row.played,
                row.unplayed,
                row.participant.get_status_display(),
                _safe("; ".join(row.replaced)),
            ]
        )
    if not overview.standings:
        for p in overview.participants:
            writer.writerow(
                [p.final_place or "", _safe(str(p.user)), p.seed, "", "", "", p.rating_at_start or "", "", ""]
                + [p.get_status_display(), ""]
            )
    return response


def _safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@login_required
@require_POST
def bye_request(request, pk: int):
    form = _valid(request, ByeForm)
    if form is None:
        return redirect("tournament-detail", pk=pk)
    number = form.cleaned_data["round"]
    return _act(
        request,
        pk,
        lambda: services.bye_request(tournament_id=pk, user=request.user, round_number=number, now=timezone.now()),
        _("You sit out round %(number)s for half a point.") % {"number": number},
    )


def problem_text(problem, names: dict[int, str]) -> str:
    """A hand-made pairing's warning (``pairing.Problem``) as a sentence."""
    who = [names.get(p, "?") for p in problem.players]
    if problem.kind == "rematch":
        return _("%(a)s and %(b)s have met before: this would be game %(count)s between them.") % {
            "a": who[0],
            "b": who[1],
            "count": problem.count,
        }
    if problem.kind == "three_in_a_row":
        if problem.count > 0:
            return _("%(player)s would move first three times in a row.") % {"player": who[0]}
        return _("%(player)s would move second three times in a row.") % {"player": who[0]}
    return _("%(player)s would be more than two games ahead in moving first or second.") % {"player": who[0]}


@organiser_required
def round_pairing(request, pk: int, number: int):
    """Edit the pairing of the Swiss round that waits to start."""
    tournament = get_object_or_404(Tournament, pk=pk)
    proposal = services.round_pairing_proposal(tournament)
    if proposal is None or proposal.round != number:
        messages.error(request, _("No round waits to be paired: pause the tournament before the round ends."))
        return redirect(tournament)
    participants = {p.pk: p for p in selectors.participants_of(tournament)}
    names = {pid: str(p.user) for pid, p in participants.items()}
    seated = [p for table in proposal.tables for p in table] + list(proposal.byes)
    choices = [(pid, names[pid]) for pid in sorted(seated, key=lambda p: participants[p].seed or 0)]
    tables, byes = list(proposal.tables), list(proposal.byes)
    problems = list(proposal.problems)
    if request.method == "POST":
        try:
            tables = [
                (int(request.POST[f"first-{i}"]), int(request.POST[f"second-{i}"])) for i in range(1, len(tables) + 1)
            ]
            byes = [int(request.POST["bye"])] if request.POST.get("bye") else []
        except (KeyError, ValueError):
            messages.error(request, _("Pair every player still in exactly once, with one bye at most."))
        else:
            try:
                problems = services.round_pairing_set(
                    tournament_id=pk, number=number, tables=tables, byes=byes, by=request.user, now=timezone.now()
                )
            except GameActionError as error:
                messages.error(request, error.message)
            else:
                messages.success(request, _("Round %(number)s is paired by hand.") % {"number": number})
                if not problems:
                    return redirect(tournament)
    return render(
        request,
        "tournaments/pairing.html",
        {
            "tournament": tournament,
            "number": number,
            "boards": [(i, a, b) for i, (a, b) in enumerate(tables, 1)],
            "bye": byes[0] if byes else None,
            "needs_bye": bool(proposal.byes),
            "choices": choices,
            "by_hand": proposal.by_hand or request.method == "POST",
            "warnings": [problem_text(p, names) for p in problems],
        },
    )
