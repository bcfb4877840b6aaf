"""Tournament pages: the list, creating one, the tournament page (settings,
players, bracket, rounds, standings, organiser controls) and its actions.
Every action calls one service; its ``GameActionError`` becomes a message."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from core.actions import form_post
from core.moments import written_moment
from games.services import GameActionError

from . import selectors, services
from .forms import (
    ExtendForm,
    MessageForm,
    NameOrAddressForm,
    ReasonForm,
    SeedingForm,
    TournamentForm,
)
from .models import ByeRequest, Participant, Substitution, Tournament, TournamentEmailInvitation, open_invitation
from .overview import tournament_overview
from .overview_standings import tie_breaks
from .view_actions import act, address_mailed, form_act, invitation_page
from .views_organiser import organiser_required


def tournament_list(request):
    context = selectors.tournaments_listed()
    context["can_create"] = request.user.is_authenticated and (
        request.user.is_staff or selectors.clubs_organised_by(request.user).exists()
    )
    return render(request, "tournaments/list.html", context)


@login_required
def tournament_new(request):
    initial = {"club": request.GET.get("club")}
    form = TournamentForm(request.POST or None, user=request.user, initial=initial)
    if not form.fields["club"].choices:
        messages.error(request, _("Tournaments are created by club organisers: start a club first."))
        return redirect("clubs")
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        club_id = data.pop("club")
        try:
            tournament = services.tournament_create(creator=request.user, club_id=club_id, now=timezone.now(), **data)
        except GameActionError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("The tournament is open for registration."))
            return redirect(tournament)
    return render(request, "tournaments/new.html", {"form": form})


#: Log entries the tournament page shows before "Show the whole log".
LOG_SHOWN = 30


def _log(tournament: Tournament, *, whole: bool) -> dict[str, object]:
    """The page's log, newest first: its ``LOG_SHOWN`` newest entries, or
    all with ``whole``; ``log_count`` says how many there are in all."""
    events = tournament.events.select_related("user").order_by("-created_at", "-pk")
    shown = list(events if whole else events[: LOG_SHOWN + 1])
    count = len(shown) if whole or len(shown) <= LOG_SHOWN else events.count()
    return {"events": shown[: None if whole else LOG_SHOWN], "log_count": count}


def tournament_detail(request, pk: int):
    tournament = get_object_or_404(Tournament.objects.select_related("club", "created_by"), pk=pk)
    now = timezone.now()
    overview = tournament_overview(tournament)
    user = request.user
    mine = next(
        (p for p in overview.participants if user.is_authenticated and p.user_id == user.pk),
        None,
    )
    manager = selectors.can_manage(user, tournament)
    paired = max((r.number for r in overview.rounds), default=0)
    # A player someone else replaced: who took over their place, and when.
    replaced = (
        Substitution.objects.filter(participant__tournament=tournament, previous_user=user)
        .exclude(participant__user=user)
        .select_related("user")
        .last()
        if mine is None and user.is_authenticated
        else None
    )
    context: dict[str, object] = {
        "replaced": replaced,
        "replaced_round": max(replaced.round, 1) if replaced else None,
        # The half-point byes the player asked for, in rounds not paired yet.
        "my_byes": sorted(mine.bye_requests.filter(round__gt=paired).values_list("round", flat=True))
        if mine is not None and tournament.format == Tournament.Format.SWISS
        else [],
        "tournament": tournament,
        "overview": overview,
        "me": mine,
        "manager": manager,
        "registration_open": tournament.registration_open(now),
        # Not open yet (the box says when), rather than closed already.
        "registration_opens_later": tournament.registration_opens_at is not None
        and now < tournament.registration_opens_at,
        "late_open": selectors.late_registration_round(tournament),
        "full": len(overview.participants) >= tournament.capacity,
        "placings": sorted(
            (p for p in overview.participants if p.final_place),
            key=lambda p: (p.final_place, p.seed or 0),
        ),
        "tie_breaks": tie_breaks(tournament),
        **_log(tournament, whole=request.GET.get("log") == "all"),
    }
    if manager:
        context["email_invitations"] = tournament.email_invitations.filter(open_invitation).select_related(
            "participant__user"
        )
        context["reason_form"] = ReasonForm()
        context["extend_form"] = ExtendForm()
        context["message_form"] = MessageForm()
        context["pairing_proposal"] = services.round_pairing_proposal(tournament)
        # Their disqualification is another organiser's (``services.organiser.require_not_opponent``).
        context["opponents_in_play"] = selectors.opponents_in_play(user, tournament)
        context["bracket_note"] = services.bracket_note() if tournament.is_bracket else ""
        # The half-point byes asked for rounds not paired yet (an organiser may take them back).
        context["open_byes"] = (
            ByeRequest.objects.filter(
                participant__tournament=tournament,
                participant__status=Participant.Status.REGISTERED,
                round__gt=paired,
            )
            .select_related("participant__user")
            .order_by("round", "participant__seed", "pk")
            if tournament.format == Tournament.Format.SWISS
            else []
        )
        if tournament.status == Tournament.Status.REGISTRATION and tournament.seeding == Tournament.Seeding.MANUAL:
            context["seeding_form"] = SeedingForm(participants=overview.participants)
    return render(request, "tournaments/detail.html", context)


@form_post("tournament-detail")
@login_required
def tournament_register(request, pk: int):
    """Register; in a running Swiss that takes late players, join it from
    the next round."""
    late = selectors.late_registration_round(get_object_or_404(Tournament, pk=pk))
    return act(
        request,
        pk,
        lambda: services.tournament_register(tournament_id=pk, user=request.user, now=timezone.now()),
        _("You are registered: you play from round %(number)s.") % {"number": late}
        if late
        else _("You are registered."),
    )


@form_post("tournament-detail")
@login_required
def tournament_unregister(request, pk: int):
    return act(
        request,
        pk,
        lambda: services.tournament_unregister(tournament_id=pk, user=request.user, now=timezone.now()),
        _("Your registration is taken back."),
    )


@form_post("tournament-detail")
@organiser_required
def tournament_start(request, pk: int):
    """Start now; with ``paused`` posted, round 1 waits for the organiser's
    pairing (``services.tournament_start``)."""
    # A box: ticked ("on") or not sent; "0" or "false" from a hand-made form is no tick.
    paused = forms.BooleanField(required=False).to_python(request.POST.get("paused"))
    try:
        tournament = services.tournament_start(tournament_id=pk, by=request.user, now=timezone.now(), paused=paused)
    except GameActionError as error:
        messages.error(request, error.message)
        return redirect("tournament-detail", pk=pk)
    if tournament.status == Tournament.Status.CANCELLED:
        # Too few players: the start cancels (as the automatic start does).
        needed = services.players_needed(tournament)
        messages.warning(
            request,
            _(
                "Too few players registered to start (at least %(count)s are needed): the tournament is cancelled "
                "and its players are told."
            )
            % {"count": needed},
        )
    elif paused:
        messages.success(
            request,
            _(
                "Registration is closed; round 1 waits for your pairing: check or change it, then resume the "
                "tournament."
            ),
        )
    else:
        messages.success(request, _("Registration is closed and round 1 is under way."))
    return redirect("tournament-detail", pk=pk)


@form_post("tournament-detail")
@organiser_required
def tournament_invite(request, pk: int):
    def invite(form) -> None:
        name = form.cleaned_data["display_name"]
        invited = services.tournament_invite(tournament_id=pk, display_name=name, by=request.user, now=timezone.now())
        if isinstance(invited, TournamentEmailInvitation):
            address_mailed(request, invited)
        else:
            messages.success(request, _("%(player)s is invited.") % {"player": invited.user})

    return form_act(request, pk, NameOrAddressForm, invite, "")


def tournament_email_invitation(request, token: str):
    """The page an invitation by email links to: a signed-in reader enters with one button."""
    invitation = services.tournament_email_invitation_open(token)
    return invitation_page(
        request,
        invitation,
        template="tournaments/tournament_email_invitation.html",
        accept=services.tournament_email_invitation_accept,
        welcome=lambda tournament: _("You are in %(tournament)s.") % {"tournament": tournament},
    )


@form_post("tournament-detail")
@organiser_required
def tournament_seeding(request, pk: int):
    tournament = get_object_or_404(Tournament, pk=pk)
    return form_act(
        request,
        pk,
        SeedingForm,
        lambda form: services.tournament_seeds_set(
            tournament_id=pk, order=form.order(), by=request.user, now=timezone.now()
        ),
        _("The seeding order is saved."),
        participants=selectors.participants_of(tournament),
    )


@form_post("tournament-detail")
@organiser_required
def participant_replace(request, pk: int, participant: int):
    def replace(form) -> None:
        replaced = services.participant_replace(
            tournament_id=pk,
            participant_id=participant,
            display_name=form.cleaned_data["display_name"],
            by=request.user,
            now=timezone.now(),
        )
        if isinstance(replaced, TournamentEmailInvitation):
            address_mailed(request, replaced)
        else:
            messages.success(request, _("The player is replaced."))

    return form_act(request, pk, NameOrAddressForm, replace, "")


@form_post("tournament-detail")
@organiser_required
def participant_reinstate(request, pk: int, participant: int):
    """Let a player who withdrew back in, from the next pairing (or from
    the round after a Swiss round already paired by hand, which says so)."""
    name = Participant.objects.filter(pk=participant, tournament_id=pk).select_related("user").first()
    kept = services.round_kept_from_reinstated(get_object_or_404(Tournament, pk=pk))
    done = _("%(player)s plays again from the next pairing.") % {"player": name}
    if kept is not None:
        done = _(
            "%(player)s plays again from round %(next)s: round %(round)s was already paired by hand without them."
        ) % {"player": name, "round": kept, "next": kept + 1}
    return act(
        request,
        pk,
        lambda: services.participant_reinstate(
            tournament_id=pk, participant_id=participant, by=request.user, now=timezone.now()
        ),
        done,
    )


@form_post("tournament-detail")
@organiser_required
def round_extend(request, pk: int, number: int):
    deadline = []

    def extend(form) -> None:
        deadline.append(
            services.round_extend(
                tournament_id=pk,
                number=number,
                days=form.cleaned_data["days"],
                by=request.user,
                now=timezone.now(),
            )
        )

    response = form_act(request, pk, ExtendForm, extend, "")
    if deadline:
        # The new deadline, in the organiser's zone and with it named.
        when = written_moment(timezone.get_current_timezone(), deadline[0])
        messages.success(
            request,
            _("Round %(number)s is extended.") % {"number": number}
            + " "
            + _("Its deadline is now %(deadline)s.") % {"deadline": when},
        )
    return response
