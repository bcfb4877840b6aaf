"""Answering invitations by mail: the invitation mail carries a reply
address (``reply_tokens``).  "register" (``inschrijven``, ``ja``) on the
first line registers for the tournament, "join" (``meedoen``, ``ja``)
joins the club, through the same services as the pages, so a player who
only uses mail can take part; "no" (``nee``) declines."""

from __future__ import annotations

import datetime as dt
import re

from django.utils.translation import gettext as _

from games.services import GameActionError
from mail.intake_kinds import IntakeAnswer
from mail.models import InboundEmail

from .models import ClubMembership, TournamentInvitation
from .reply_tokens import club_invitation_of_token, invitation_of_token
from .services import club_join, club_leave, tournament_register

ACCEPTING = re.compile(r"^\s*(register|aanmelden|inschrijven|join|meedoen|yes|ja|ok)\b", re.IGNORECASE)
DECLINING = re.compile(r"^\s*(decline|no|nee|afzeggen|weiger)\b", re.IGNORECASE)


def invitation_reply(*, token: str, user, first_line: str, now: dt.datetime) -> IntakeAnswer | None:
    """A reply to a tournament invitation (``mail.intake_kinds``), in the
    sender's language; ``None`` when the token is not this user's invitation."""
    invitation_id = invitation_of_token(token)
    invitation = (
        TournamentInvitation.objects.select_related("tournament").filter(pk=invitation_id, user=user).first()
        if invitation_id is not None
        else None
    )
    if invitation is None:
        return None
    tournament = invitation.tournament
    subject = _("Your answer to the invitation")
    if DECLINING.match(first_line):
        return IntakeAnswer(
            InboundEmail.Outcome.COMMAND,
            "tournament: not registering",
            subject,
            [_("Fine: you are not registered for %(tournament)s.") % {"tournament": tournament}],
        )
    if not ACCEPTING.match(first_line):
        return IntakeAnswer(
            InboundEmail.Outcome.REJECTED,
            "tournament: reply 'register'",
            subject,
            [
                _('To register for %(tournament)s, reply with "register" on the first line.')
                % {"tournament": tournament}
            ],
        )
    try:
        tournament_register(tournament_id=tournament.pk, user=user, now=now)
    except GameActionError as error:
        return IntakeAnswer(
            InboundEmail.Outcome.REJECTED,
            f"tournament: {error.code}",
            subject,
            [_("You were not registered. %(why)s") % {"why": error.message}],
        )
    return IntakeAnswer(
        InboundEmail.Outcome.ACCEPTED,
        "tournament: registered",
        subject,
        [
            _("You are registered for %(tournament)s. Your games come by email when they start; reply to them to play.")
            % {"tournament": tournament}
        ],
    )


def club_invitation_reply(*, token: str, user, first_line: str, now: dt.datetime) -> IntakeAnswer | None:
    """A reply to a club invitation (``mail.intake_kinds``), in the sender's
    language; ``None`` when the token is not this user's place in a club
    (an invitation declined or taken back since is gone)."""
    membership_id = club_invitation_of_token(token)
    membership = (
        ClubMembership.objects.select_related("club").filter(pk=membership_id, user=user).first()
        if membership_id is not None
        else None
    )
    if membership is None:
        return None
    club = membership.club
    subject = _("Your answer to the invitation")
    invited = membership.status == ClubMembership.Status.INVITED
    if DECLINING.match(first_line) and invited:
        club_leave(club_id=club.pk, user=user, now=now)
        return IntakeAnswer(
            InboundEmail.Outcome.COMMAND,
            "club: declined",
            subject,
            [_("Fine: you did not join %(club)s.") % {"club": club}],
        )
    if not ACCEPTING.match(first_line):
        return IntakeAnswer(
            InboundEmail.Outcome.REJECTED,
            "club: reply 'join'",
            subject,
            [_('To join %(club)s, reply with "join" on the first line.') % {"club": club}],
        )
    try:
        club_join(club_id=club.pk, user=user, now=now)
    except GameActionError as error:
        return IntakeAnswer(
            InboundEmail.Outcome.REJECTED,
            f"club: {error.code}",
            subject,
            [_("You did not join. %(why)s") % {"why": error.message}],
        )
    return IntakeAnswer(
        InboundEmail.Outcome.ACCEPTED,
        "club: joined",
        subject,
        [
            _(
                "You are a member of %(club)s. Its organisers can now invite you to the club's tournaments, "
                "and you can register for them."
            )
            % {"club": club}
        ],
    )
