"""The game page's forms for its creator's invitations before the game
starts: invite into a free seat, take an invitation back
(``services.seat_invite``, ``services.seat_invitation_take_back``)."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _

from core.actions import action_redirect, form_post
from core.throttling import form_write_allowed
from games import services
from games.forms import SeatInviteForm

_act = partial(action_redirect, to="game-detail")


@form_post("game-detail")
@login_required
def seat_invite(request, pk: int):
    form = SeatInviteForm(request.POST)
    if not form.is_valid():  # empty, too long, or a NUL character no name or address holds
        messages.error(request, _("Type a display name or an email address."))
        return redirect("game-detail", pk=pk)
    invitee = form.cleaned_data["invitee"]
    if not form_write_allowed(request):  # the API's per-user write limit: the form is no way around it
        messages.error(request, _("You are inviting too fast. Wait a minute, then try again."))
        return redirect("game-detail", pk=pk)
    return _act(
        request,
        pk,
        lambda: services.seat_invite(match_id=pk, invitee=invitee, user=request.user, now=timezone.now()),
        _("The invitation is sent."),
    )


@form_post("game-detail")
@login_required
def seat_invitation_take_back(request, pk: int, seat_id: int):
    return _act(
        request,
        pk,
        lambda: services.seat_invitation_take_back(match_id=pk, seat_id=seat_id, user=request.user, now=timezone.now()),
        _("The invitation is taken back: the seat is free."),
    )
