"""Replies to invitations (``join+`` addresses) and to the addresses other
apps own (``intake_kinds``, e.g. ladder challenges)."""

from __future__ import annotations

import datetime as dt
import re

from allauth.account.models import EmailAddress
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from games.models import Match, Seat
from games.services import GameActionError, invitation_accept, invitation_decline

from .addresses import command_address
from .answers import answer, in_language, language_of, reply_subject, site_line
from .inbound import InboundMessage, first_line_of
from .intake_common import account_of, finish, generic_reply
from .intake_kinds import takes_any_sender
from .invitees import address_is_taken, email_only_account_create, email_only_account_told
from .models import InboundEmail, OutgoingEmail

# Dutch in both forms, as the command address takes them (``invitee_commands``):
# "accepteer", and the infinitive "Accepteren" many write an answer in.
_YES = re.compile(
    r"^\s*(accept|accepteer|accepteren|aanvaard|aanvaarden|yes|ja|join|ok(?:ay|e|é)?|play|speel)\b", re.IGNORECASE
)
_NO = re.compile(r"^\s*(decline|weiger|weigeren|no|nee|reject)\b", re.IGNORECASE)
#: The language of each word that accepts (the invitation names it in its own).
_YES_LANGUAGE = {
    **dict.fromkeys(("accepteer", "accepteren", "aanvaard", "aanvaarden", "ja", "speel"), "nl"),
    **dict.fromkeys(("accept", "yes", "join", "play"), "en"),
}


def answer_invitation(record: InboundEmail, message: InboundMessage, now: dt.datetime) -> InboundEmail:
    """A reply to an invitation: "accept" takes the seat, "decline" frees it
    (and the game's creator is told, ``lifecycle_mail.on_declined``).  The
    sender must own a verified address: the invited player's, or for an
    invitation by email address, that address.  An invitation to an
    address without an account is accepted by a reply from it: the reply
    verifies the address, and an email-only account (no password) is
    created for it (``invitees.email_only_account_create``)."""
    seat = Seat.objects.select_related("match", "invited_user").filter(invitation_token=message.token or "").first()
    address = EmailAddress.objects.select_related("user").filter(email__iexact=message.sender, verified=True).first()
    user = address.user if address is not None else None
    by_address = seat is not None and not seat.invited_user_id and seat.invited_email.lower() == message.sender.lower()
    stranger = user is None and by_address and not address_is_taken(message.sender)
    allowed = seat is not None and ((user is not None and (seat.invited_user_id == user.pk or by_address)) or stranger)
    if seat is None and user is not None and (seated := _seated_by_invitation(message, user)) is not None:
        with transaction.atomic():
            return _answered_again(record, message, seated, user, now)
    # Its seat no longer offered by that mail: taken back, declined, started or cancelled.
    if seat is None and (withdrawn := _games_of_the_invitation_answered(message).first()) is not None:
        with transaction.atomic():
            return _invitation_gone(record, message, withdrawn, user, now)
    if not allowed or seat is None:
        with transaction.atomic():
            # A member answering another's invitation (forwarded) is told so.
            generic_reply(message, record, now, someone_elses=seat is not None)
            return finish(record, InboundEmail.Outcome.UNKNOWN_TOKEN, "no valid invitation for this sender")
    first_line = first_line_of(message.body)
    # An address without an account reads on in the invitation's language.
    reader = user or seat.match.created_by
    if not _YES.match(first_line) and not _NO.match(first_line):
        with transaction.atomic():
            with in_language(reader):
                paragraphs = [
                    _('To answer this invitation, reply with "accept" or "decline" on the first line.'),
                    site_line(),
                ]
                subject = reply_subject(message.subject, _("Your answer to the invitation"))
            answer(
                record,
                to=message.sender,
                subject=subject,
                paragraphs=paragraphs,
                now=now,
                user=user,
                match=seat.match,
                kind=OutgoingEmail.Kind.INVITATION,
            )
            return finish(
                record, InboundEmail.Outcome.REJECTED, "reply 'accept' or 'decline'", match=seat.match, user=user
            )
    accepting = bool(_YES.match(first_line))
    known = user  # the sender's account before this reply (a new one may roll back)
    try:
        with transaction.atomic():
            created = False
            if accepting and user is None:
                language = _language_of_yes(first_line, inviter=seat.match.created_by)
                user = email_only_account_create(address=message.sender, now=now, language=language)
                created = True
            if accepting:
                match = invitation_accept(token=message.token or "", user=user, now=now)
            else:
                match = invitation_decline(token=message.token or "", user=user, now=now)
            _invitation_answered(record, message, match, user, accepting=accepting, created=created, now=now)
    except (GameActionError, IntegrityError) as error:
        # IntegrityError: a second reply made the same account at the same time.
        why = error.message if isinstance(error, GameActionError) else _("Please try again.")
        with transaction.atomic():
            with in_language(known or seat.match.created_by):
                paragraphs = [_("Your answer could not be used. %(why)s") % {"why": why}, site_line()]
                subject = reply_subject(message.subject, _("Your answer to the invitation"))
            answer(record, to=message.sender, subject=subject, paragraphs=paragraphs, now=now, user=known)
            return finish(record, InboundEmail.Outcome.REJECTED, why, match=seat.match, user=known)
    verb = "accepted" if accepting else "declined"
    return finish(record, InboundEmail.Outcome.ACCEPTED, f"invitation {verb}", match=seat.match, user=user)


def _language_of_yes(first_line: str, *, inviter) -> str:
    """The language of a new email-only player: that of the word they
    accepted with ("accepteer", "ja": Dutch; "accept": English), else
    ("ok") that of the invitation they answered, which an address without
    an account gets in its inviter's language (``lifecycle_mail.on_invited``)."""
    found = _YES.match(first_line)
    word = found.group(1).lower() if found else ""
    return _YES_LANGUAGE.get(word) or language_of(inviter)


def _invitation_answered(record, message, match, user, *, accepting: bool, created: bool, now) -> None:
    """The answer to an invitation reply.  A game that started with it
    needs none (its "game started" mail is the answer); otherwise the
    sender learns what happened, and a new email-only player how they
    play."""
    if accepting and match.status == Match.Status.ACTIVE and not created:
        return
    # A stranger who declined has no account: they read the invitation's language.
    with in_language(user or match.created_by):
        if not accepting:
            paragraphs = [_("You declined the invitation; the game's creator has been told.")]
        elif match.status == Match.Status.ACTIVE:
            paragraphs = [_("You took your seat and the game has started: its first emails are on their way.")]
        else:
            paragraphs = [_("You took your seat; the game starts when every seat is taken, and you will get an email.")]
        if created:
            paragraphs += email_only_account_told(user, opponents=match.opponent_count)
    _answer_invitation_reply(record, message, match, user, paragraphs, now)


def _answer_invitation_reply(record, message, match, user, paragraphs: list[str], now) -> None:
    """Send ``paragraphs`` (written in ``user``'s language, the inviter's for
    a stranger) as the answer to a reply to ``match``'s invitation."""
    with in_language(user or match.created_by):
        paragraphs = [*paragraphs, site_line()]
        subject = reply_subject(message.subject, _("Your answer to the invitation"))
    answer(
        record,
        to=message.sender,
        subject=subject,
        paragraphs=paragraphs,
        now=now,
        user=user,
        match=match,
        kind=OutgoingEmail.Kind.INVITATION,
    )


def _seated_by_invitation(message: InboundMessage, user) -> Match | None:
    """The game whose invitation mail (named in the reply's References)
    ``user`` answered before: they hold a seat in it, so the invitation's
    address no longer leads anywhere (an answer sent twice, or "decline"
    once the seat was taken).  ``None`` for any other reply."""
    return _games_of_the_invitation_answered(message).filter(seats__user=user).first()


def _games_of_the_invitation_answered(message: InboundMessage) -> QuerySet[Match]:
    """The game whose invitation mail, named in the reply's References,
    went to the sender (its Message-ID is known only to the mail's
    reader); none for a reply naming no such mail."""
    if not message.references:
        return Match.objects.none()
    invited = OutgoingEmail.objects.filter(
        message_id__in=message.references, kind=OutgoingEmail.Kind.INVITATION, to__iexact=message.sender
    ).exclude(match=None)
    return Match.objects.filter(pk__in=invited.values("match_id"))


def _invitation_gone(record: InboundEmail, message: InboundMessage, match: Match, user, now: dt.datetime):
    """The answer to a reply to an invitation that no longer holds a seat."""
    with in_language(user or match.created_by):
        paragraphs = [
            _(
                "The invitation to %(game)s that you answered is no longer valid: it was taken back or declined, "
                "or the game started or was cancelled. Nothing was changed."
            )
            % {"game": match}
        ]
    _answer_invitation_reply(record, message, match, user, paragraphs, now)
    return finish(record, InboundEmail.Outcome.REJECTED, "invitation no longer valid", match=match, user=user)


def _answered_again(record: InboundEmail, message: InboundMessage, match: Match, user, now: dt.datetime):
    """The answer to a reply to an invitation whose seat ``user`` took."""
    with in_language(user):
        paragraphs = [_("You have already taken your seat in %(game)s.") % {"game": match}]
        if match.is_active:
            paragraphs.append(
                _('It has started: you play by replying to its emails; "resign" to one of them leaves it.')
            )
        elif match.is_open:
            paragraphs.append(
                _(
                    "It starts when every seat is taken. To give your seat back before then, "
                    'send "cancel %(id)s" to %(address)s.'
                )
                % {"id": match.pk, "address": command_address()}
            )
        else:
            paragraphs.append(_("It is over."))
    _answer_invitation_reply(record, message, match, user, paragraphs, now)
    return finish(record, InboundEmail.Outcome.REJECTED, "invitation: seat already taken", match=match, user=user)


def answer_other(handler, record: InboundEmail, message: InboundMessage, now: dt.datetime) -> InboundEmail:
    """A reply to an address another app owns (``intake_kinds``), from a
    verified address of the account the token is for; for a kind that
    takes any sender, from any address (its handler checks the sender)."""
    user = account_of(message.sender)
    first_line = first_line_of(message.body)
    with transaction.atomic(), in_language(user):
        reply = {"token": message.token or "", "user": user, "first_line": first_line, "now": now}
        result = None
        if takes_any_sender(message.token_kind):
            result = handler(**reply, sender=message.sender)
        elif user is not None:
            result = handler(**reply)
        if result is None:
            generic_reply(message, record, now)
            return finish(record, InboundEmail.Outcome.UNKNOWN_TOKEN, f"no valid {message.token_kind} token")
        reader = result.user or user
        with in_language(reader):
            closing = site_line()
        answer(
            record,
            to=message.sender,
            subject=reply_subject(message.subject, result.subject),
            paragraphs=[*result.paragraphs, closing],
            now=now,
            user=reader,
            match=result.match,
            kind=OutgoingEmail.Kind.NOTICE,
        )
        return finish(record, result.outcome, result.detail, user=reader, match=result.match)
