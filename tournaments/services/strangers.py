"""Who an organiser names when they invite, add or bring in a player: an
account, by its display name or its address, or an address no account
uses: a stranger, mailed a link that signs up and then enters the
tournament (``stranger_enter_locked``; accepted in ``tournament_email``).

Each mail to a stranger goes to someone who never asked for it, so an
organiser sends at most ``INVITATIONS_TO_STRANGERS_PER_DAY`` of them in
any 24 hours, to clubs and tournaments together, as a game's creator may
(with the same refusal)."""

from __future__ import annotations

import datetime as dt
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.urls import reverse
from django.utils.translation import gettext as _

from games.services import Conflict, LimitReached, NotFound
from mail.invitees import address_is_taken

from ..models import ClubEmailInvitation, Participant, Tournament, TournamentEmailInvitation, open_invitation
from ..notify import absolute, notice_send


def _is_address(text: str) -> bool:
    try:
        validate_email(text)
    except ValidationError:
        return False
    return True


def account_or_address(text: str):
    """The active account whose display name or address ``text`` is (case
    aside), else ``text`` lowered when it is an address no account uses.

    :raises NotFound: neither (a name nobody has, or not an address)."""
    User = get_user_model()
    text = text.strip()
    active = User.objects.filter(is_active=True)
    account = active.filter(display_name__iexact=text).first() or active.filter(email__iexact=text).first()
    if account is not None:
        return account
    if _is_address(text) and not address_is_taken(text):
        return text.lower()
    raise NotFound(
        _("There is no player called %(name)s, and it is not an email address.") % {"name": repr(text)},
        code="unknown_player",
    )


def allowance_check(by, now: dt.datetime) -> None:
    """Refuse a mail to one more stranger past ``by``'s daily allowance
    (invitations to clubs and tournaments taken back or used count too).

    :raises LimitReached."""
    allowed = settings.INVITATIONS_TO_STRANGERS_PER_DAY
    since = now - dt.timedelta(days=1)
    sent = (
        ClubEmailInvitation.objects.filter(invited_by=by, created_at__gt=since).count()
        + TournamentEmailInvitation.objects.filter(invited_by=by, created_at__gt=since).count()
    )
    if sent >= allowed:
        raise LimitReached(
            _(
                "You can invite %(allowed)d people without an account per day, and have invited %(sent)d "
                "in the last 24 hours. Invite players by their display name, or try again tomorrow."
            )
            % {"allowed": allowed, "sent": sent},
            code="invitation_limit",
        )


def stranger_enter_locked(
    tournament: Tournament, address: str, *, by, now: dt.datetime, participant: Participant | None = None
) -> TournamentEmailInvitation:
    """Invite ``address`` (no account uses it) to ``tournament``, to take
    over ``participant``'s place when given, and mail it the link, in the
    inviter's language (the address has none yet).  The caller has checked
    that the tournament takes the player now; the link checks again.
    Expects the tournament lock.

    :raises Conflict: invited already, or (to register) the tournament is
        for its club's members, or full; LimitReached: the day's allowance."""
    if tournament.email_invitations.filter(open_invitation, email__iexact=address).exists():
        raise Conflict(_("%(email)s is already invited.") % {"email": address}, code="already_invited")
    if participant is None and tournament.status == Tournament.Status.REGISTRATION:
        if tournament.registration == Tournament.Registration.MEMBERS:
            raise Conflict(
                _("This tournament is for members of %(club)s: invite %(email)s to the club first.")
                % {"club": tournament.club, "email": address},
                code="members_only",
            )
        if tournament.participants.count() >= tournament.capacity:
            raise Conflict(_("The tournament is full."), code="full")
    allowance_check(by, now)
    invitation = TournamentEmailInvitation.objects.create(
        tournament=tournament,
        email=address,
        participant=participant,
        token=secrets.token_hex(20),
        invited_by=by,
        created_at=now,
    )
    notice_send(
        user=by,
        to=address,
        template="tournament-email-invitation",
        context={
            "tournament": tournament,
            "by": by,
            "replacing": participant.user if participant is not None else None,
            "link": absolute(reverse("tournament-email-invitation", args=[invitation.token])),
        },
        dedupe_key=f"tournament-email-invitation:{invitation.pk}",
        now=now,
    )
    return invitation
