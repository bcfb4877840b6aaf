"""Signing up by mail: a command ("play alta", "join 12", "ladders") from an
address of no account is answered with an offer to make one; a reply of
"yes" to that answer, from the same address, makes an email-only account
(``invitees.email_only_account_create``, no password) and then carries
out the command the first mail held, answered as the command address
answers it.

The reply proves the address: the answer goes to it alone, and its reply
address (``signup+<token>``) holds an HMAC of that address, so a reply
from any other address, or to an address made up, makes nothing.  The
command is read again from the first mail, which the reply names (its
References, the answer's Message-ID), so nothing is stored meanwhile.  A
sender the receiving server judged forged gets no offer (``services``);
one it could not judge gets one offer they never asked for, as any mail
we answer does, and nothing more happens unless that address replies."""

from __future__ import annotations

import datetime as dt
import re

from django.db import IntegrityError, transaction
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _

from .addresses import command_address, reply_address
from .answers import answer, answered_record, in_language, reply_subject, site_line, written_for
from .inbound import InboundMessage, first_line_of
from .intake_common import finish, stranger_paragraphs, unused_subject
from .invitees import address_is_taken, email_only_account_create, email_only_account_told
from .models import InboundEmail, OutgoingEmail

KIND = "signup"
_SALT = "alta.mail.signup"
_YES = re.compile(r"^\s*(yes|ja|ok(?:ay|e|é)?|sign\s*up|aanmelden|graag)\b", re.IGNORECASE)
_YES_LANGUAGE = {"ja": "nl", "oké": "nl", "aanmelden": "nl", "graag": "nl", "yes": "en", "okay": "en"}


def signup_token(address: str) -> str:
    """The reply token of the offer to ``address``: an HMAC of the address
    (32 hex characters), which only a reply from that address matches."""
    return salted_hmac(_SALT, address.strip().lower(), algorithm="sha256").hexdigest()[:32]


def signup_offer(message: InboundMessage, record: InboundEmail, command: str, now: dt.datetime) -> None:
    """Answer ``record``, a mail with ``command`` from an address of no
    account: reply "yes" and we make the account and carry the command
    out; or link the address to an account on the site."""

    def build() -> tuple[str, list[str]]:
        offer = _(
            'Or, to play by email alone without signing up, reply to this email with "yes": an account is made '
            'for this address, without a password, and your command "%(command)s" is carried out. If you did not '
            "write to us, ignore this email."
        ) % {"command": command}
        return unused_subject(message), [*stranger_paragraphs(), offer]

    # Its own key: a reply names the offer, and through it the first mail (``_first_mail``).
    _answer_newcomer(record, message, now, build, key=KIND, reply_to=_signup_address(message))


def answer_signup(record: InboundEmail, message: InboundMessage, now: dt.datetime, carry_out) -> InboundEmail:
    """A reply to a sign-up offer: "yes" from the address it went to makes
    the account and ``carry_out(first, user, now)`` does the command of the
    first mail (its ``InboundEmail``), returning its ``AddressAnswer``;
    anything else is answered with what to write.  Exactly one answer, as
    for any mail."""
    genuine = constant_time_compare(message.token or "", signup_token(message.sender))
    first = _first_mail(message) if genuine else None
    with transaction.atomic():
        if first is None:
            return _refused(record, message, now, "signup: not this address's offer")
        if address_is_taken(message.sender):
            return _refused(record, message, now, "signup: address has an account", taken=True)
        first_line = first_line_of(message.body)
        if not _YES.match(first_line):
            return _refused(record, message, now, "signup: no yes", asked=True)
        found = _YES.match(first_line)
        language = _YES_LANGUAGE.get(found.group(1).lower(), "") if found else ""
        language = language or next((code for code in message.languages if code in ("en", "nl")), "")
        try:
            with transaction.atomic():
                user = email_only_account_create(address=message.sender, now=now, language=language)
        except IntegrityError:  # a second "yes" made it at the same moment
            return _refused(record, message, now, "signup: address has an account", taken=True)
        with in_language(user):
            said = carry_out(first, user, now)
            # "The other players see you as Guest-12345": the name any game of theirs shows.
            paragraphs = [*email_only_account_told(user, opponents=2), *said.paragraphs, site_line()]
            subject = reply_subject(message.subject, _("Your account"))
        answer(
            record,
            to=message.sender,
            subject=subject,
            paragraphs=paragraphs,
            now=now,
            user=user,
            kind=OutgoingEmail.Kind.NOTICE,
            reply_to=said.reply_to,
        )
        outcome = InboundEmail.Outcome.COMMAND if said.done else InboundEmail.Outcome.REJECTED
        return finish(record, outcome, f"signup: account made; {said.detail}", user=user)


def _first_mail(message: InboundMessage) -> InboundEmail | None:
    """The mail whose offer ``message`` answers (named in its References),
    if the offer went to the sender."""
    offers = OutgoingEmail.objects.filter(
        message_id__in=message.references, to__iexact=message.sender, dedupe_key__startswith=f"{KIND}:"
    )
    offer = offers.order_by("-pk").first()
    record_id = answered_record(offer.dedupe_key) if offer is not None else None
    return InboundEmail.objects.filter(pk=record_id).first() if record_id else None


def _refused(
    record: InboundEmail, message: InboundMessage, now: dt.datetime, detail: str, *, taken=False, asked=False
) -> InboundEmail:
    def build() -> tuple[str, list[str]]:
        if taken:
            said = _(
                "This address already has an account: send your commands to %(address)s, or reply to a game's emails."
            ) % {"address": command_address()}
        elif asked:
            said = _('To make an account for this address, reply to our email with "yes" on the first line.')
        else:
            said = _(
                "This reply belongs to an offer we sent to another address, or to none: nothing was made. Write "
                "your command to %(address)s from the address you play from."
            ) % {"address": command_address()}
        return reply_subject(message.subject, _("Your account")), [said, site_line()]

    _answer_newcomer(record, message, now, build, reply_to=_signup_address(message) if asked else "")
    return finish(record, InboundEmail.Outcome.REJECTED, detail)


def _signup_address(message: InboundMessage) -> str:
    return reply_address(signup_token(message.sender), kind=KIND)


def _answer_newcomer(record, message: InboundMessage, now: dt.datetime, build, *, key="answer", reply_to="") -> None:
    """Answer ``record`` from an address of no account as ``build`` writes it
    (``answers.written_for``: in the languages its mail named, else in each)."""
    subject, paragraphs = written_for(None, message.languages, build)
    answer(
        record,
        to=message.sender,
        subject=subject,
        paragraphs=paragraphs,
        now=now,
        kind=OutgoingEmail.Kind.NOTICE,
        key=key,
        reply_to=reply_to,
    )
