"""Joining and leaving a ladder by mail (here because it joins two apps
that do not know each other, ``ratings`` and ``mail``, as
``challenge_mail`` does).

Joining (or rejoining) a ladder, on the site or by the API, is confirmed
by mail with a reply address ``ladder+<token>@…``: "leave" (``verlaat``)
on the first line of a reply leaves the ladder through the same service
as the page, so a player who plays by mail stops the ladder's games from
their inbox.  The token names the membership by itself
(``mail.addresses.id_token``).
"""

from __future__ import annotations

import datetime as dt
import re

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.services import GameActionError
from mail.addresses import id_of_token, id_token, reply_address
from mail.intake_kinds import IntakeAnswer
from mail.models import InboundEmail, OutgoingEmail
from mail.outbox import wants_mail
from mail.render import in_language
from ratings.models import LadderMembership
from ratings.services import ladder_leave

from .challenge_mail import notice_queue

KIND = "ladder"
_LEAVE = re.compile(r"^\s*(leave|verlaat|stop|uit)\b", re.IGNORECASE)
#: The salt of a membership's reply token (``mail.addresses.id_token``).
_SALT = "alta_site.ladder_mail"


def membership_token(membership_id: int) -> str:
    return id_token(_SALT, membership_id)


def membership_of_token(token: str) -> int | None:
    """The membership id a genuine token names, else ``None``."""
    return id_of_token(_SALT, token)


def joined_key(membership: LadderMembership) -> str:
    """The dedupe key of the confirmation of ``membership``'s latest join."""
    return f"ladder:{membership.pk}:{membership.joined_at.isoformat()}"


def joined_reply_to(membership: LadderMembership) -> str:
    """The reply address of a join confirmation: "leave" there leaves."""
    return reply_address(membership_token(membership.pk), kind=KIND)


def joined_text(membership: LadderMembership) -> tuple[str, list[str]]:
    """``(subject, paragraphs)`` of the join confirmation, in the active
    language."""
    ladder = membership.ladder
    said = {"ladder": ladder.title, "count": membership.capacity}
    paragraphs = [
        ngettext(
            "You joined the ladder %(ladder)s: up to %(count)s game at once, every game rated.",
            "You joined the ladder %(ladder)s: up to %(count)s games at once, every game rated.",
            membership.capacity,
        )
        % said,
        _("The ladder finds you opponents; each game comes by email, and you play it by replying."),
        _('To leave the ladder, reply to this email with "leave" on the first line; your running games go on.'),
        _("The ladder: %(url)s") % {"url": settings.SITE_URL + ladder.get_absolute_url()},
    ]
    return _("You joined the ladder %(ladder)s") % said, paragraphs


def ladder_mail_joined(membership: LadderMembership) -> None:
    """Confirm a join, with the reply address that leaves."""
    user = membership.user
    if not wants_mail(user, None, kind=OutgoingEmail.Kind.NOTICE):
        return
    with in_language(user):
        subject, paragraphs = joined_text(membership)
    notice_queue(
        user,
        subject=subject,
        paragraphs=paragraphs,
        key=joined_key(membership),
        now=membership.joined_at,
        reply_to=joined_reply_to(membership),
    )


def on_membership_saved(sender, instance: LadderMembership, created: bool, update_fields=None, **kwargs) -> None:
    """``post_save`` of ``LadderMembership``: confirm a join or a rejoin
    (in its transaction)."""
    rejoined = update_fields is not None and "left_at" in update_fields and instance.left_at is None
    if created or rejoined:
        ladder_mail_joined(instance)


def ladder_reply(*, token: str, user, first_line: str, now: dt.datetime) -> IntakeAnswer | None:
    """A reply to a join confirmation (``mail.intake_kinds``), in the
    sender's language; ``None`` when the token is not this user's."""
    membership_id = membership_of_token(token)
    membership = (
        LadderMembership.objects.filter(pk=membership_id, user=user).select_related("ladder").first()
        if membership_id
        else None
    )
    if membership is None:
        return None
    subject = _("Your reply about the ladder %(ladder)s") % {"ladder": membership.ladder.title}
    if not _LEAVE.match(first_line):
        return IntakeAnswer(
            InboundEmail.Outcome.REJECTED,
            "reply 'leave'",
            subject,
            [_('To leave the ladder, reply with "leave" on the first line.')],
        )
    try:
        ladder_leave(ladder_id=membership.ladder_id, user=user, now=now)
    except GameActionError as error:
        return IntakeAnswer(
            InboundEmail.Outcome.REJECTED,
            error.message,
            subject,
            [_("Your reply could not be used. %(why)s") % {"why": error.message}],
        )
    done = _("You left the ladder %(ladder)s. Your running games go on.") % {"ladder": membership.ladder.title}
    return IntakeAnswer(InboundEmail.Outcome.ACCEPTED, "left the ladder", subject, [done])
