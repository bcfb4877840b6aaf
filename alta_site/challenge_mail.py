"""Ladder challenges by mail (here because it joins two apps that do not
know each other, ``ratings`` and ``mail``).

1. A new challenge mails the challenged player, with a reply address
   ``challenge+<token>@…``: "accept" (``accepteer``, ``ja``) or "decline"
   (``weiger``, ``nee``) on the first line answers it through the same
   services as the site.
2. An answer, whichever way it came (page, API, mail), mails the
   challenger.
3. A challenge the challenger takes back mails the challenged player.

The mails are written in the transaction that creates or answers the
challenge (``post_save``), so they exist exactly when it commits.  The
token names the challenge by itself (``mail.addresses.id_token``).
"""

from __future__ import annotations

import datetime as dt
import re
from html import escape

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _

from core.moments import moment_for
from games.services import GameActionError
from mail.addresses import id_of_token, id_token, reply_address
from mail.intake_kinds import IntakeAnswer
from mail.models import InboundEmail, OutgoingEmail
from mail.outbox import email_queue, wants_mail
from mail.render import in_language
from mail.templatetags.mail_text import wrapped
from ratings.models import Challenge
from ratings.services import challenge_accept, challenge_decline

KIND = "challenge"
# Dutch in both forms, as the command address takes them: "weiger", "Weigeren".
_YES = re.compile(r"^\s*(accept|accepteer|accepteren|aanvaard|aanvaarden|yes|ja|ok|play|speel)\b", re.IGNORECASE)
_NO = re.compile(r"^\s*(decline|weiger|weigeren|no|nee|reject)\b", re.IGNORECASE)


#: The salt of a challenge's reply token (``mail.addresses.id_token``).
_SALT = "alta_site.challenge_mail"


def challenge_token(challenge_id: int) -> str:
    return id_token(_SALT, challenge_id)


def challenge_of_token(token: str) -> int | None:
    """The challenge id a genuine token names, else ``None``."""
    return id_of_token(_SALT, token)


def _ladder_url(challenge: Challenge) -> str:
    return settings.SITE_URL + reverse("ladder-detail", args=[challenge.ladder_id])


def notice_queue(user, *, subject: str, paragraphs: list[str], key: str, now: dt.datetime, reply_to: str = "") -> None:
    """Queue a site notice of ``paragraphs`` to ``user`` (once per ``key``),
    answered at ``reply_to`` if given."""
    text = "\n\n".join(wrapped(p, hanging=0) for p in paragraphs) + "\n"  # at the mail's width
    html = "".join(f"<p>{escape(p)}</p>" for p in paragraphs)
    headers = {"Auto-Submitted": "auto-generated"} | ({"Reply-To": reply_to} if reply_to else {})
    email_queue(
        kind=OutgoingEmail.Kind.NOTICE,
        to=user.email,
        subject=f"[{settings.SITE_NAME}] {subject}",
        text=text,
        html=html,
        dedupe_key=key,
        now=now,
        user=user,
        headers=headers,
    )


def challenge_mail_created(challenge: Challenge, now: dt.datetime) -> None:
    """Tell the challenged player, with the reply address that answers."""
    user = challenge.challenged
    if not wants_mail(user, None, kind=OutgoingEmail.Kind.NOTICE):
        return
    with in_language(user):
        names = {"player": challenge.challenger, "ladder": challenge.ladder.title}
        paragraphs = [
            _("%(player)s challenges you to a rated game on the ladder %(ladder)s.") % names,
            _('To accept, reply to this email with "accept" on the first line; to say no, reply "decline".'),
            _("The challenge expires on %(when)s (%(zone)s time). The ladder: %(url)s")
            % {**moment_for(user, challenge.expires_at), "url": _ladder_url(challenge)},
        ]
        subject = _("%(player)s challenges you") % names
    notice_queue(
        user,
        subject=subject,
        paragraphs=paragraphs,
        key=f"challenge:{challenge.pk}:made",
        now=now,
        reply_to=reply_address(challenge_token(challenge.pk), kind=KIND),
    )


def challenge_mail_declined(challenge: Challenge, now: dt.datetime) -> None:
    """Tell the challenger that their challenge was declined.  An accepted
    one mails nothing of its own: the game's first mail, sent to every
    seat, says whose challenge was accepted (one mail, not two)."""
    user = challenge.challenger
    if not wants_mail(user, None, kind=OutgoingEmail.Kind.NOTICE):
        return
    with in_language(user):
        names = {"player": challenge.challenged, "ladder": challenge.ladder.title}
        subject = _("%(player)s declined your challenge") % names
        paragraphs = [
            _("%(player)s declined your challenge on the ladder %(ladder)s.") % names,
            _("The ladder: %(url)s") % {"url": _ladder_url(challenge)},
        ]
    key = f"challenge:{challenge.pk}:{challenge.status}"
    notice_queue(user, subject=subject, paragraphs=paragraphs, key=key, now=now)


def challenge_mail_taken_back(challenge: Challenge, now: dt.datetime) -> None:
    """Tell the challenged player that the challenger took their challenge back."""
    user = challenge.challenged
    if not wants_mail(user, None, kind=OutgoingEmail.Kind.NOTICE):
        return
    with in_language(user):
        names = {"player": challenge.challenger, "ladder": challenge.ladder.title}
        subject = _("%(player)s took back their challenge") % names
        paragraphs = [
            _("%(player)s took back their challenge on the ladder %(ladder)s; there is nothing to answer.") % names,
            _("The ladder: %(url)s") % {"url": _ladder_url(challenge)},
        ]
    key = f"challenge:{challenge.pk}:{challenge.status}"
    notice_queue(user, subject=subject, paragraphs=paragraphs, key=key, now=now)


def on_challenge_saved(sender, instance: Challenge, created: bool, update_fields=None, **kwargs) -> None:
    """``post_save`` of ``Challenge``: mail what changed (in its transaction)."""
    if created:
        challenge_mail_created(instance, instance.created_at)
    elif update_fields and "status" in update_fields and instance.status == Challenge.Status.TAKEN_BACK:
        challenge_mail_taken_back(instance, instance.answered_at or instance.created_at)
    elif update_fields and "status" in update_fields and instance.status == Challenge.Status.DECLINED:
        challenge_mail_declined(instance, instance.answered_at or instance.created_at)


def challenge_reply(*, token: str, user, first_line: str, now: dt.datetime) -> IntakeAnswer | None:
    """A reply to a challenge mail (``mail.intake_kinds``), in the sender's
    language; ``None`` when the token is not this user's challenge."""
    challenge_id = challenge_of_token(token)
    challenge = Challenge.objects.filter(pk=challenge_id, challenged=user).first() if challenge_id else None
    if challenge is None:
        return None
    subject = _("Your answer to the challenge")
    if _YES.match(first_line):
        service, done = (
            challenge_accept,
            _("You accepted the challenge: the game has started, its first emails are on their way."),
        )
    elif _NO.match(first_line):
        service, done = (
            challenge_decline,
            _("You declined the challenge; %(player)s has been told.") % {"player": challenge.challenger},
        )
    else:
        return IntakeAnswer(
            InboundEmail.Outcome.REJECTED,
            "reply 'accept' or 'decline'",
            subject,
            [_('To answer this challenge, reply with "accept" or "decline" on the first line.')],
        )
    try:
        answered = service(challenge_id=challenge.pk, user=user, now=now)
    except GameActionError as error:
        return IntakeAnswer(
            InboundEmail.Outcome.REJECTED,
            error.message,
            subject,
            [_("Your answer could not be used. %(why)s") % {"why": error.message}],
        )
    return IntakeAnswer(
        InboundEmail.Outcome.ACCEPTED, f"challenge {answered.status}", subject, [done], match=answered.match
    )
