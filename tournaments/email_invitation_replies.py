"""Answering by mail an invitation mailed to an email address
(``services.strangers``): its reply address (``reply_tokens``) takes
"register" (tournament) or "join" (club) on the first line, the same
words as a named invitation's (``mail_replies``), from the address the
invitation went to, and accepts it through the service its link's button
calls.  The address's active account (verified) is entered; an address no
account uses gets an email-only account first, as a game invitation by
mail does (``mail.invitees``).  A reply from any other address changes
nothing: only the address's owner reads the reply address, as only they
should follow the link."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.services import GameActionError, NotAllowed
from mail.answers import in_language, language_of
from mail.intake_kinds import IntakeAnswer
from mail.invitees import address_holder, address_is_taken, email_only_account_create, email_only_account_told
from mail.models import InboundEmail

from .mail_replies import ACCEPTING, DECLINING
from .models import ClubEmailInvitation, TournamentEmailInvitation
from .reply_tokens import club_email_invitation_of_token, email_invitation_of_token
from .services import club_email_invitation_accept, tournament_email_invitation_accept

Outcome = InboundEmail.Outcome


@dataclass(frozen=True)
class _Kind:
    """What tells a tournament's invitation by address from a club's: its
    rows, its token, the link's service and the answer's sentences (each
    given the invitation, written in the active language)."""

    name: str
    model: type[TournamentEmailInvitation] | type[ClubEmailInvitation]
    #: Read with the invitation before it is accepted: ``accepted`` words
    #: the answer from that state (whose place a replacement took).
    related: tuple[str, ...]
    of_token: Callable[[str], int | None]
    accept: Callable[..., object]
    accepted: Callable[[Any], str]
    declined: Callable[[Any], str]
    how: Callable[[Any], str]
    refused: Callable[[str], str]
    #: How many opponents a game of theirs has (``Match.opponent_count``),
    #: which the wording about the others turns on.
    opponents: Callable[[Any], int]


def tournament_email_invitation_reply(**reply) -> IntakeAnswer | None:
    """A reply to a tournament invitation by address (``mail.intake_kinds``)."""
    return _reply(_TOURNAMENT, **reply)


def club_email_invitation_reply(**reply) -> IntakeAnswer | None:
    """A reply to a club invitation by address (``mail.intake_kinds``)."""
    return _reply(_CLUB, **reply)


def _reply(kind: _Kind, *, token: str, user, sender: str, first_line: str, now: dt.datetime) -> IntakeAnswer | None:
    """Accept the invitation ``token`` names when ``sender`` is its address
    and ``first_line`` says so; ``None`` for a token that names none.  The
    answer is in the language of the sender's account (``user``), else in
    the invitation mail's (``strangers.address_mail``: the inviter's)."""
    invitation_id = kind.of_token(token)
    invitations = kind.model.objects.select_related(*kind.related)
    invitation = invitations.filter(pk=invitation_id).first() if invitation_id is not None else None
    if invitation is None:
        return None
    with in_language(user or invitation.invited_by):
        subject = _("Your answer to the invitation")
        if sender.lower() != invitation.email.lower():
            # Forwarded, or read by someone else: whose address it was is not theirs to learn.
            why = _(
                "Your reply changed nothing: this invitation is accepted by a reply from the address it was "
                "sent to, or by following its link."
            )
            return IntakeAnswer(Outcome.REJECTED, f"{kind.name}: not the invited address", subject, [why])
        if DECLINING.match(first_line):
            return IntakeAnswer(Outcome.COMMAND, f"{kind.name}: not accepted", subject, [kind.declined(invitation)])
        if not ACCEPTING.match(first_line):
            return IntakeAnswer(Outcome.REJECTED, f"{kind.name}: no answer", subject, [kind.how(invitation)])
        try:
            with transaction.atomic():  # a new account goes if the service refuses
                entrant, created = _entrant(sender, language=language_of(invitation.invited_by), now=now)
                kind.accept(token=invitation.token, user=entrant, now=now)
        except (GameActionError, IntegrityError) as error:
            # IntegrityError: a second reply made the same account at the same time.
            code, why = (
                (error.code, error.message) if isinstance(error, GameActionError) else ("race", _("Please try again."))
            )
            return IntakeAnswer(Outcome.REJECTED, f"{kind.name}: {code}", subject, [kind.refused(why)])
    with in_language(entrant):
        paragraphs = [kind.accepted(invitation)]
        if created:
            paragraphs += email_only_account_told(entrant, opponents=kind.opponents(invitation))
        subject = _("Your answer to the invitation")
    return IntakeAnswer(Outcome.ACCEPTED, f"{kind.name}: accepted", subject, paragraphs, user=entrant)


def _entrant(address: str, *, language: str, now: dt.datetime):
    """``(account, created)``: the active account whose verified address
    ``address`` is, else a new email-only one reading ``language``.  In
    the caller's transaction.

    :raises NotAllowed: an account uses the address without having
        confirmed it (the reply would confirm it for them)."""
    holder = address_holder(address)
    if holder is not None:
        return holder, False
    if address_is_taken(address):
        raise NotAllowed(
            _("An account uses this address without having confirmed it: follow the invitation's link instead."),
            code="address_unconfirmed",
        )
    return email_only_account_create(address=address, now=now, language=language), True


def _tournament_entered(invitation: TournamentEmailInvitation) -> str:
    """What the invitation's acceptance did, as its link's three ways in
    (``services.tournament_email_invitation_accept``) differ: a place taken
    over (``invitation.participant.user`` is still its previous player, as
    read before), a late entry, a registration."""
    names = {"tournament": invitation.tournament}
    if invitation.participant is not None:
        return _(
            "You take over the place of %(player)s in %(tournament)s. Your games come by email; reply to them to play."
        ) % {**names, "player": invitation.participant.user}
    if invitation.late_entry:
        return (
            _(
                "You are in %(tournament)s from its next round. Your games come by email when they start; "
                "reply to them to play."
            )
            % names
        )
    return (
        _("You are registered for %(tournament)s. Your games come by email when they start; reply to them to play.")
        % names
    )


_TOURNAMENT = _Kind(
    name="tournament by address",
    model=TournamentEmailInvitation,
    related=("tournament", "participant__user"),
    of_token=email_invitation_of_token,
    accept=tournament_email_invitation_accept,
    accepted=lambda invitation: _tournament_entered(invitation),
    declined=lambda invitation: (
        _("Fine: you are not registered for %(tournament)s.") % {"tournament": invitation.tournament}
    ),
    how=lambda invitation: (
        _('To register for %(tournament)s, reply with "register" on the first line.')
        % {"tournament": invitation.tournament}
    ),
    refused=lambda why: _("You were not registered. %(why)s") % {"why": why},
    opponents=lambda invitation: invitation.tournament.players_per_table - 1,
)

_CLUB = _Kind(
    name="club by address",
    model=ClubEmailInvitation,
    related=("club",),
    of_token=club_email_invitation_of_token,
    accept=club_email_invitation_accept,
    accepted=lambda invitation: (
        _(
            "You are a member of %(club)s. Its organisers can now invite you to the club's tournaments, "
            "and you can register for them."
        )
        % {"club": invitation.club}
    ),
    declined=lambda invitation: _("Fine: you did not join %(club)s.") % {"club": invitation.club},
    how=lambda invitation: _('To join %(club)s, reply with "join" on the first line.') % {"club": invitation.club},
    refused=lambda why: _("You did not join. %(why)s") % {"why": why},
    # A club's games have any number of players.
    opponents=lambda invitation: 2,
)
