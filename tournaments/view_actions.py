"""The pattern behind every POSTed action of the tournament pages: check
the form, run one service, tell the person what happened (the service's
``GameActionError`` becomes an error message), and go back to the
tournament page; the message for a player named by an email address,
mailed a link instead (``address_mailed``, clubs' too); and the page
that link opens (``invitation_page``, clubs' too)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from core.actions import action_redirect
from games.services import GameActionError

from .models import ClubEmailInvitation, TournamentEmailInvitation

#: ``act(request, pk, action, success)``: run ``action()`` and go back to
#: tournament ``pk`` with ``success`` or the error as a message.
act = partial(action_redirect, to="tournament-detail")


def form_act(request, pk: int, form_class, action: Callable, success: str | Callable, **form_kwargs):
    """:func:`act` with a form: ``form_class`` is bound to the POST (with
    ``form_kwargs``); when it is invalid its first error is the message and
    nothing runs.  Else ``action(form)`` runs; ``success`` is the message,
    or ``success(form)`` makes it."""
    form = form_class(request.POST, **form_kwargs)
    if not form.is_valid():
        messages.error(request, _first_error(form))
        return redirect("tournament-detail", pk=pk)
    return act(request, pk, lambda: action(form), success(form) if callable(success) else success)


def _first_error(form) -> str:
    """The form's first error, after its field's label: the tournament
    page has many small forms, and "This field is required." alone does
    not say which field."""
    name, errors = next(iter(form.errors.items()))
    field = form.fields.get(name)
    if field is None or not field.label:
        return errors[0]
    return _("%(field)s: %(error)s") % {"field": field.label, "error": errors[0]}


def address_mailed(request, invitation: ClubEmailInvitation | TournamentEmailInvitation) -> None:
    """Say that ``invitation`` (what a service returned for an email
    address) is mailed, and what its link does: the same words whether an
    account uses the address or not, so that typing one never tells
    whose it is."""
    participant = getattr(invitation, "participant", None)
    if participant is not None:
        text = _(
            "An invitation was sent to %(email)s: its link takes over the place of %(player)s, who keeps it until then."
        ) % {"email": invitation.email, "player": participant.user}
    else:
        text = _("An invitation was sent to %(email)s.") % {"email": invitation.email}
    messages.success(request, text)


def invitation_page(request, invitation, *, template: str, accept: Callable, welcome: Callable[[Any], str]):
    """The page an invitation by email links to (``invitation``: an open
    one, else None): a visitor signs up (or logs in) and comes back; a
    signed-in reader's post runs ``accept(token=, user=, now=)`` and goes to
    what it invites to (``invitation.target``) with ``welcome(target)`` or
    the refusal as a message."""
    if invitation is None:
        return render(request, template, {"invalid": True}, status=404)
    if request.method == "POST" and request.user.is_authenticated:
        try:
            accept(token=invitation.token, user=request.user, now=timezone.now())
        except GameActionError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, welcome(invitation.target))
        return redirect(invitation.target)
    return render(request, template, {"invitation": invitation})
