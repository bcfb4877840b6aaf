"""Answers to mail a person sent us: one per received message.

Every answer is marked ``Auto-Submitted: auto-replied`` (so well-behaved
auto-responders do not answer back), threads under the message it answers
(``In-Reply-To``/``References``) and is written in the recipient's
language when we know it.  Its ``dedupe_key`` names the stored inbound row,
so a message is answered at most once while a different body reusing a
Message-ID (a new row) gets its own answer.
"""

from __future__ import annotations

import datetime as dt
from html import escape

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from .addresses import threading_headers
from .inbound import strip_subject
from .models import InboundEmail, OutgoingEmail
from .outbox import email_queue
from .templatetags.mail_text import wrapped


def reply_subject(subject: str, fallback: str) -> str:
    """``Re: <subject>`` with any earlier ``Re:``/``Fwd:``/``Antw:`` removed."""
    stripped = strip_subject(subject)
    return f"Re: {stripped}"[:200] if stripped else fallback


def mark_as_answer(email: OutgoingEmail | None, record: InboundEmail) -> None:
    """Give an answer written elsewhere (a game mail about a refused move)
    the headers of an answer to ``record``; in the caller's transaction,
    before the send that runs after commit."""
    if email is None or email.status != OutgoingEmail.Status.QUEUED:
        return
    email.headers = {**email.headers, **threading_headers(record.message_id)}
    OutgoingEmail.objects.filter(pk=email.pk).update(headers=email.headers)


def language_of(user) -> str:
    return getattr(user, "language", "") or settings.LANGUAGE_CODE


def answer(
    record: InboundEmail,
    *,
    to: str,
    subject: str,
    paragraphs: list[str],
    now: dt.datetime,
    user=None,
    match=None,
    kind: str = OutgoingEmail.Kind.UNKNOWN,
    key: str = "answer",
    reply_to: str = "",
) -> OutgoingEmail:
    """Queue one plain answer to ``record`` (``paragraphs`` already
    translated by the caller, see ``in_language``); with ``reply_to``, a
    reply to it goes there (a game's reply address)."""
    # Readable at 72 columns; an indented line (a list's) keeps its indent.
    text = "\n\n".join(wrapped(p, hanging=0) for p in paragraphs) + "\n"
    html = "".join(f"<p>{escape(p)}</p>".replace("\n", "<br>") for p in paragraphs)
    return email_queue(
        kind=kind,
        to=to,
        subject=subject,
        text=text,
        html=html,
        user=user,
        match=match,
        headers=threading_headers(record.message_id) | ({"Reply-To": reply_to} if reply_to else {}),
        now=now,
        dedupe_key=f"{key}:inbound:{record.pk}",
    )


def in_language(user):
    """A context manager: strings built inside are in ``user``'s language
    (the site's default for an address without an account)."""
    return translation.override(language_of(user))


def site_line() -> str:
    return _("%(site)s: %(url)s") % {"site": settings.SITE_NAME, "url": settings.SITE_URL + "/"}
