"""Club pages: the list, founding a club, the club page (members,
tournaments, recent results) and membership actions."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from core.actions import action_redirect, form_post
from games.services import GameActionError

from . import selectors, services
from .forms import ClubForm, NameOrAddressForm
from .models import Club, ClubEmailInvitation, ClubMembership, Tournament, open_invitation
from .view_actions import address_mailed, invitation_page


def club_list(request):
    return render(request, "tournaments/club_list.html", {"clubs": selectors.clubs_listed()})


@login_required
def club_new(request):
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_create(creator=request.user, now=timezone.now(), **form.cleaned_data)
        except GameActionError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Your club is founded; you are its organiser."))
            return redirect(club)
    return render(request, "tournaments/club_new.html", {"form": form})


def club_detail(request, pk: int):
    club = get_object_or_404(Club, pk=pk)
    members = list(selectors.club_members(club))
    mine = next(
        (m for m in members if request.user.is_authenticated and m.user_id == request.user.pk),
        None,
    )
    organiser = selectors.is_club_organiser(request.user, club)
    Status = ClubMembership.Status
    context = {
        "club": club,
        "me": mine,
        "organiser": organiser,
        "members": [m for m in members if m.status == Status.ACTIVE],
        "requests": [m for m in members if m.status == Status.REQUESTED] if organiser else [],
        "invited": [m for m in members if m.status == Status.INVITED] if organiser else [],
        # Addresses invited by email whose link is not used yet.
        "invited_by_email": list(club.email_invitations.filter(open_invitation).order_by("email")) if organiser else [],
        "tournaments": club.tournaments.exclude(status=Tournament.Status.CANCELLED).order_by("-created_at")[:30],
        "recent": selectors.recent_results(club),
        "invite_form": NameOrAddressForm() if organiser else None,
    }
    return render(request, "tournaments/club_detail.html", context)


_act = partial(action_redirect, to="club-detail")


@form_post("club-detail")
@login_required
def club_join(request, pk: int):
    def join():
        membership = services.club_join(club_id=pk, user=request.user, now=timezone.now())
        if membership.status == ClubMembership.Status.REQUESTED:
            messages.info(request, _("Your request is sent; an organiser will answer."))

    return _act(request, pk, join, _("Welcome to the club."))


@form_post("club-detail")
@login_required
def club_leave(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.club_leave(club_id=pk, user=request.user, now=timezone.now()),
        _("You left the club."),
    )


@form_post("club-detail")
@login_required
def club_invite(request, pk: int):
    form = NameOrAddressForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Write the player's display name or an email address."))
        return redirect("club-detail", pk=pk)
    name = form.cleaned_data["display_name"]

    def invite() -> None:
        invited = services.club_invite(club_id=pk, display_name=name, by=request.user, now=timezone.now())
        if isinstance(invited, ClubEmailInvitation):
            address_mailed(request, invited)
        else:
            messages.success(request, _("%(player)s is invited.") % {"player": invited.user})

    return _act(request, pk, invite, "")


def club_email_invitation(request, token: str):
    """The page an invitation by email links to: a signed-in reader joins with one button."""
    invitation = (
        ClubEmailInvitation.objects.select_related("club", "invited_by").filter(open_invitation, token=token).first()
    )
    return invitation_page(
        request,
        invitation,
        template="tournaments/club_email_invitation.html",
        accept=services.club_email_invitation_accept,
        welcome=lambda club: _("You are a member of %(club)s.") % {"club": club},
    )


@form_post("club-detail")
@login_required
def club_approve(request, pk: int, user: int):
    return _act(
        request,
        pk,
        lambda: services.club_request_approve(club_id=pk, user_id=user, by=request.user, now=timezone.now()),
        _("Request accepted."),
    )


@form_post("club-detail")
@login_required
def club_remove(request, pk: int, user: int):
    return _act(
        request,
        pk,
        lambda: services.club_member_remove(club_id=pk, user_id=user, by=request.user, now=timezone.now()),
        _("Done."),
    )


@form_post("club-detail")
@login_required
def club_email_invitation_take_back(request, pk: int, invitation: int):
    return _act(
        request,
        pk,
        lambda: services.club_email_invitation_take_back(
            club_id=pk, invitation_id=invitation, by=request.user, now=timezone.now()
        ),
        _("Done."),
    )


@form_post("club-detail")
@login_required
def club_promote(request, pk: int, user: int):
    return _act(
        request,
        pk,
        lambda: services.club_member_promote(club_id=pk, user_id=user, by=request.user, now=timezone.now()),
        _("They organise the club too now."),
    )
