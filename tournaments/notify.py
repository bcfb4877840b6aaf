"""Tournament and club notices by email, through the mail app's outbox.

Each notice is rendered from ``tournaments/email/<name>-subject.txt``,
``-body.txt`` and ``-body.html`` and queued with
``mail.outbox.email_queue`` inside the caller's transaction, so it is
sent only if that transaction commits.  The ``dedupe_key`` names the event
and the recipient: a repeated task never mails anyone twice.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse

from mail.outbox import email_queue
from mail.render import as_reader
from mail.templatetags.mail_text import wrapped


def absolute(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def notice_send(
    *,
    user,
    template: str,
    context: dict[str, Any],
    dedupe_key: str,
    now: dt.datetime,
    reply_to: str = "",
    to: str = "",
    holder=None,
) -> None:
    """Queue one notice for ``user`` (once per ``dedupe_key``), answered at
    ``reply_to`` when given.  ``to``: an address an organiser typed (an
    invitation by email), sent unasked ("auto-generated"); ``user`` is
    then the sender, and ``holder`` the active account ``to`` belongs to,
    if any: the mail is written in the holder's language (an email-only
    holder gets their sign-in link with it), else in the sender's (the
    address has none).

    Expects to run inside the transaction of the event it announces.
    Written in the reader's language and time zone.
    """
    reader = (holder or user) if to else user
    context = {"user": reader, "site_name": settings.SITE_NAME, **context}
    base = f"tournaments/email/{template}"
    with as_reader(reader):
        subject = " ".join(render_to_string(f"{base}-subject.txt", context).split())
        # At the mail's width, as every other mail (an organiser's long line too).
        text = wrapped(render_to_string(f"{base}-body.txt", context), hanging=0)
        html = render_to_string(f"{base}-body.html", context)
    headers = {"Reply-To": reply_to} if reply_to else {}
    if to:
        headers["Auto-Submitted"] = "auto-generated"
    email_queue(
        kind="notice",
        to=to or user.email,
        subject=f"[{settings.SITE_NAME}] {subject}",
        text=text,
        html=html,
        dedupe_key=dedupe_key[:200],
        now=now,
        user=holder if to else user,
        headers=headers or None,
    )


def tournament_url(tournament) -> str:
    return absolute(reverse("tournament-detail", args=[tournament.pk]))


def club_url(club) -> str:
    return absolute(reverse("club-detail", args=[club.pk]))
