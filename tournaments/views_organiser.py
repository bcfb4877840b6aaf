"""The organiser tools' pages: pause and resume, a message to every
player, late registration, the standings as CSV, pairing a round by hand;
and the player's request
for a half-point bye.  Every organiser URL answers 403 to anyone else
(``organiser_required``) before the service checks again."""

from __future__ import annotations

import csv
from collections.abc import Callable
from fractions import Fraction
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.formats import get_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core.actions import form_post
from games.services import GameActionError

from . import selectors, services
from .forms import ByeForm, ByeWithdrawForm, MessageForm, NameOrAddressForm
from .models import Participant, Tournament, TournamentEmailInvitation
from .overview import Overview, round_robin_rests, status_text, tournament_overview
from .overview_standings import StandingRow, is_round_robin, points_decimal
from .pairing_warnings import problem_text
from .services.running import half_byes_of
from .view_actions import act, address_mailed, form_act


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


@form_post("tournament-detail")
@organiser_required
def tournament_pause(request, pk: int):
    return act(
        request,
        pk,
        lambda: services.tournament_pause(tournament_id=pk, by=request.user, now=timezone.now()),
        _("The tournament is paused: the clocks of its games are stopped, and each turn keeps the time it had left."),
    )


@form_post("tournament-detail")
@organiser_required
def email_invitation_take_back(request, pk: int, invitation: int):
    """Take back an invitation by email not used yet (a mistyped address)."""
    return act(
        request,
        pk,
        lambda: services.tournament_email_invitation_take_back(
            tournament_id=pk, invitation_id=invitation, by=request.user, now=timezone.now()
        ),
        _("The invitation is taken back: its link no longer enters the tournament."),
    )


@form_post("tournament-detail")
@organiser_required
def tournament_resume(request, pk: int):
    return act(
        request,
        pk,
        lambda: services.tournament_resume(tournament_id=pk, by=request.user, now=timezone.now()),
        _("The tournament runs again: each turn runs on with the time it had left when paused."),
    )


@form_post("tournament-detail")
@organiser_required
def players_message(request, pk: int):
    return form_act(
        request,
        pk,
        MessageForm,
        lambda form: services.players_message(
            tournament_id=pk,
            subject=form.cleaned_data["subject"],
            text=form.cleaned_data["text"],
            by=request.user,
            now=timezone.now(),
        ),
        _("The message is on its way to every player."),
    )


@form_post("tournament-detail")
@organiser_required
def participant_add_late(request, pk: int):
    def add(form) -> None:
        name = form.cleaned_data["display_name"]
        added = services.participant_add_late(tournament_id=pk, display_name=name, by=request.user, now=timezone.now())
        if isinstance(added, TournamentEmailInvitation):
            address_mailed(request, added)
        else:
            messages.success(request, _("%(player)s plays from the next round.") % {"player": added.user})

    return form_act(request, pk, NameOrAddressForm, add, "")


@organiser_required
def standings_csv(request, pk: int):
    """The standings (points formats: every tie-break the page shows in its
    own column, ``_tie_break_columns``) or a bracket's places as CSV:
    plain UTF-8 with commas and decimal points, or, with ``?excel=1``, as
    the reader's spreadsheet opens it (``_excel_dialect``)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    overview = tournament_overview(tournament)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = slugify(tournament.name) or f"tournament-{tournament.pk}"
    excel = request.GET.get("excel") == "1"
    response["Content-Disposition"] = f'attachment; filename="{name}-standings{"-excel" if excel else ""}.csv"'
    delimiter, decimal = _excel_dialect(response) if excel else (",", ".")
    writer = csv.writer(response, delimiter=delimiter)
    if overview.standings:
        _standings_rows(writer, tournament, overview, lambda value: points_decimal(value).replace(".", decimal))
    else:
        _placings_rows(writer, tournament, overview)
    return response


def _excel_dialect(response: HttpResponse) -> tuple[str, str]:
    """Start ``response`` with a byte-order mark (without it Excel reads
    the names in its own code page: "ChloÃ«") and return the field
    delimiter and decimal mark of the active language's spreadsheet: where
    a comma marks decimals (Dutch), fields are separated by semicolons."""
    response.write("\ufeff")
    decimal = get_format("DECIMAL_SEPARATOR")
    return (";" if decimal == "," else ","), decimal


def _standings_rows(writer, tournament: Tournament, overview: Overview, number: Callable[[Fraction], str]) -> None:
    """The points formats' standings, with the tie-breaks the page shows;
    ``number`` writes points in the reader's decimals."""
    tie_breaks = _tie_break_columns(tournament, number)
    writer.writerow(
        [
            _("Rank"),
            _("Player"),
            pgettext("tournament seeding", "Seed"),
            _("Points"),
            *(header for header, _value in tie_breaks),
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
                number(row.exact[0]),
                *(value(row) for _header, value in tie_breaks),
                row.rating,
                row.played,
                row.unplayed,
                status_text(tournament, row.participant, overview.done),
                _safe("; ".join(row.replaced)),
            ]
        )


def _placings_rows(writer, tournament: Tournament, overview: Overview) -> None:
    """A bracket's players as the page's final placings give them: by
    place once placed, then by seed; no points nor tie-break columns (a
    bracket has none)."""
    writer.writerow([_("Place"), _("Player"), pgettext("tournament seeding", "Seed"), _("Rating"), _("Status")])
    placed = sorted(overview.participants, key=lambda p: (p.final_place or len(overview.participants) + 1, p.seed or 0))
    for p in placed:
        writer.writerow(
            [
                p.final_place or "",
                _safe(str(p.user)),
                p.seed,
                p.rating_at_start or "",
                status_text(tournament, p, overview.done),
            ]
        )


def _tie_break_columns(
    tournament: Tournament, number: Callable[[Fraction], str]
) -> list[tuple[str, Callable[[StandingRow], object]]]:
    """The CSV's tie-break columns (header, value of a standings row), as
    the standings on the page show them: a round robin's Sonneborn-Berger
    and wins (Buchholz parts nobody where everyone meets everyone), the
    other formats' Buchholz and Sonneborn-Berger."""
    sonneborn_berger = (_("Sonneborn-Berger"), lambda row: number(row.exact[2]))
    if is_round_robin(tournament):
        return [sonneborn_berger, (_("Wins"), lambda row: row.wins)]
    return [(_("Buchholz"), lambda row: number(row.exact[1])), sonneborn_berger]


def _safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@form_post("tournament-detail")
@login_required
def bye_request(request, pk: int):
    return form_act(
        request,
        pk,
        ByeForm,
        lambda form: services.bye_request(
            tournament_id=pk, user=request.user, round_number=form.cleaned_data["round"], now=timezone.now()
        ),
        lambda form: _("You sit out round %(number)s for half a point.") % {"number": form.cleaned_data["round"]},
    )


@form_post("tournament-detail")
@login_required
def bye_withdraw(request, pk: int):
    """A player (or an organiser, for the player posted) takes back a
    half-point bye."""

    def withdraw(form):
        return services.bye_withdraw(
            tournament_id=pk,
            by=request.user,
            round_number=form.cleaned_data["round"],
            participant_id=form.cleaned_data["participant"],
            now=timezone.now(),
        )

    def done(form) -> str:
        number, participant = form.cleaned_data["round"], form.cleaned_data["participant"]
        if participant is None:
            return _("You play round %(number)s after all: your half-point bye is taken back.") % {"number": number}
        player = Participant.objects.filter(pk=participant).select_related("user").first()
        return _("%(player)s plays round %(number)s after all: the half-point bye is taken back.") % {
            "player": player,
            "number": number,
        }

    return form_act(request, pk, ByeWithdrawForm, withdraw, done)


def _posted_pairing(post, proposal) -> tuple[list[tuple[int, ...]], list[int]]:
    """The tables (``seat-<table>-<seat>``) and byes (``bye-<n>``) of the
    form, shaped as the proposal it was drawn from.

    :raises KeyError, ValueError: a field is missing or not a number.
    """
    tables = [
        tuple(int(post[f"seat-{board}-{seat}"]) for seat in range(1, len(table) + 1))
        for board, table in enumerate(proposal.tables, 1)
    ]
    byes = [int(post[f"bye-{n}"]) for n in range(1, len(proposal.byes) + 1)]
    return tables, byes


@organiser_required
def round_pairing(request, pk: int, number: int):
    """Edit the pairing of the round that waits to start: every seat in a
    Swiss, the seat order at each table in the formats whose tables are
    fixed; a bracket says why it has none."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if not services.pairing_by_hand_possible(tournament):
        messages.error(request, services.bracket_note())
        return redirect(tournament)
    proposal = services.round_pairing_proposal(tournament)
    if proposal is None or proposal.round != number:
        messages.error(request, services.round_pairing_refusal(tournament, number))
        return redirect(tournament)
    participants = {p.pk: p for p in selectors.participants_of(tournament)}
    names = {pid: str(p.user) for pid, p in participants.items()}
    seated = [p for table in proposal.tables for p in table] + list(proposal.byes)
    mine = next((pid for pid, p in participants.items() if p.user_id == request.user.pk), None)
    choices = [(pid, names[pid]) for pid in sorted(seated, key=lambda p: participants[p].seed or 0)]
    tables, byes = [tuple(t) for t in proposal.tables], list(proposal.byes)
    problems = list(proposal.problems)
    saved = False
    if request.method == "POST":
        try:
            tables, byes = _posted_pairing(request.POST, proposal)
        except (KeyError, ValueError):
            messages.error(request, _("Choose a player for every seat."))
        else:
            try:
                problems = services.round_pairing_set(
                    tournament_id=pk, number=number, tables=tables, byes=byes, by=request.user, now=timezone.now()
                )
            except GameActionError as error:
                messages.error(request, error.message)
            else:
                saved = True
                messages.success(request, _("Round %(number)s is paired by hand.") % {"number": number})
                if not problems:
                    return redirect(tournament)
    return render(
        request,
        "tournaments/pairing.html",
        {
            "tournament": tournament,
            "number": number,
            # Where only the seat order may change, a seat offers its own table's players.
            "boards": [
                (
                    board,
                    list(enumerate(table, 1)),
                    [c for c in choices if c[0] in table] if proposal.mode == services.SEATS else choices,
                )
                for board, table in enumerate(tables, 1)
            ],
            "byes": list(enumerate(byes, 1)),
            "seats_only": proposal.mode == services.SEATS,
            "choices": choices,
            "names": names,
            "by_hand": proposal.by_hand or saved,
            # A refused pairing is shown as posted, to be corrected: it is not the one kept.
            "unsaved": request.method == "POST" and not saved,
            "started": proposal.started and request.method != "POST",
            "set_aside": proposal.set_aside and request.method != "POST",
            "warnings": [problem_text(p, names) for p in problems],
            # In no seat: the players who asked to sit the round out.
            "resting": sorted(
                (names[pid] for pid in half_byes_of(tournament).get(number, ()) if pid in names), key=str.casefold
            ),
            # Let back in after the round was paired by hand: the pairing stands without them.
            "sitting_out": [names[pid] for pid in proposal.sitting_out if pid in names],
            # A round robin's rest (an odd field): no game, no points.
            "rests": [names[pid] for pid in round_robin_rests(tournament, [number]).get(number, ()) if pid in names],
            # An organiser who plays: every player is told who paired the round (``game_context``).
            "plays_in_round": mine is not None and mine in seated,
        },
    )
