"""A game's invitation mailed to an address its creator typed, bounced
for good (a mistyped address): while its seat is still offered to that
address, the creator is told once, in their language, with the
invitation's link to pass on another way and the game page, where they
may take it back and invite the right address
(``games.services.seat_invitation_take_back``, ``seat_invite``); the
page marks the seat.  Taken, declined or cancelled, it is moot; an
invitation by display name never tells the creator anything of the
invitee's mailbox.

Registered for ``lifecycle_mail.on_invited``'s mails (``invited:<event
id>``) with ``bounces.bounced_mail_register`` in ``MailConfig.ready``."""

from __future__ import annotations

import datetime as dt
from html import escape

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _

from games.models import Match, MatchEvent, Seat

from .addresses import command_address
from .invitation_commands import invite_example
from .models import OutgoingEmail
from .outbox import notice_queue, wants_mail
from .render import in_language
from .templatetags.mail_text import wrapped

PREFIX = "invited"
#: The creator's notice's dedupe keys' start (a reply to it is a command: ``command_address``).
NOTICE_PREFIX = "invitation-bounced"


def game_invitation_bounced(sent: OutgoingEmail, now: dt.datetime) -> None:
    """``sent``, a game's invitation mail, bounced for good: mark its seat
    and tell the game's creator, once, if the seat is still offered to the
    address the mail went to in a game not started.  Runs inside the
    transaction that marks the mail bounced."""
    event_id = sent.dedupe_key.partition(":")[2]
    event = MatchEvent.objects.filter(pk=int(event_id)).first() if event_id.isdigit() else None
    if event is None:
        return
    offered = Seat.objects.filter(
        pk=event.data.get("seat_id"),
        match_id=event.match_id,
        match__status=Match.Status.OPEN,
        user__isnull=True,
        invited_user__isnull=True,
        invited_email__iexact=sent.to,
        invitation_token__isnull=False,
        invitation_bounced_at__isnull=True,
    )
    seat = offered.select_related("match__created_by").first()
    # The update is the once: a second report finds the seat marked.
    if seat is None or not Seat.objects.filter(pk=seat.pk, invitation_bounced_at__isnull=True).update(
        invitation_bounced_at=now
    ):
        return
    match, creator = seat.match, seat.match.created_by
    if creator is None or not wants_mail(creator, match, kind=OutgoingEmail.Kind.NOTICE):
        return
    link = settings.SITE_URL + reverse("game-invitation", args=[seat.invitation_token])
    page = settings.SITE_URL + match.get_absolute_url()
    with in_language(creator):
        said = _(
            "Our mail inviting %(address)s to %(game)s could not be delivered: the receiving mail server refused"
            " it for good. Perhaps the address is mistyped."
        ) % {"address": seat.invited_email, "game": match}
        keep = _("The seat stays reserved for whoever holds the invitation's link. Pass it on another way:")
        again = _("Or take the invitation back on the game page and invite the right address:")
        subject = _("[%(site)s] %(game)s: your invitation could not be delivered") % {
            "site": settings.SITE_NAME,
            "game": match,
        }
        by_mail = _('Or by email: reply "%(take_back)s" (or send it to %(address)s), then "%(invite)s".') % {
            "take_back": _("take back %(id)s %(whom)s") % {"id": match.pk, "whom": seat.invited_email},
            "address": command_address(),
            "invite": invite_example(match.pk),
        }
        lines = [wrapped(said, hanging=0), "", wrapped(keep, hanging=0), link, "", wrapped(again, hanging=0), page]
        text = "\n".join([*lines, "", wrapped(by_mail, hanging=0)]) + "\n"
        html = (
            f'<p>{escape(said)}</p><p>{escape(keep)}<br><a href="{escape(link)}">{escape(link)}</a></p>'
            f'<p>{escape(again)} <a href="{escape(page)}">{escape(str(match))}</a></p><p>{escape(by_mail)}</p>'
        )
    notice_queue(
        creator,
        match,
        subject=subject,
        text=text,
        html=html,
        dedupe_key=f"{NOTICE_PREFIX}:{sent.pk}",
        now=now,
    )
