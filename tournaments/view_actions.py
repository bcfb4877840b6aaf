"""The pattern behind every POSTed action of the tournament pages: check
the form, run one service, tell the person what happened (the service's
``GameActionError`` becomes an error message), and go back to the
tournament page; the message for a player named by an address without
an account, mailed a link instead (``stranger_mailed``); and the page
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

from .models import TournamentEmailInvitation

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


def stranger_mailed(request, invitation: TournamentEmailInvitation) -> None:
    """Say that ``invitation`` (what a service returned for an address
    without an account) is mailed, and what its link does."""
    said = {"email": invitation.email}
    if invitation.participant is not None:
        said["player"] = str(invitation.participant.user)
        text = _(
            "%(email)s has no account yet: they are mailed a link that signs them up and then takes over the "
            "place of %(player)s, who keeps it until then."
        )
    else:
        text = _("%(email)s has no account yet: they are mailed a link that signs them up and enters them.")
    messages.success(request, text % said)


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
