"""Bounces as mail servers write them, for tests: an RFC 3464 delivery
status notification, and the plain-text kind that quotes the original
headers (qmail, old Exim); and a spam complaint as a feedback loop
(Yahoo, Outlook's JMRP) writes it: an RFC 5965 feedback report; and a
relay's (Mailgun's) event about a mail it sent for us."""

from __future__ import annotations

import time
from itertools import count

_ids = count()


def dsn(
    *,
    to: str,
    final_recipient: str,
    message_id: str = "",
    action: str = "failed",
    status: str = "5.1.1",
    diagnostic: str = "smtp; 550 5.1.1 <{rcpt}>: Recipient address rejected: User unknown in virtual mailbox table",
) -> bytes:
    """A Postfix-style DSN sent to ``to``; it quotes the original's headers
    (with ``message_id`` when given)."""
    quoted = f"Message-ID: {message_id}\n" if message_id else ""
    return f"""Return-Path: <>
From: MAILER-DAEMON@mx.example.net (Mail Delivery System)
To: {to}
Subject: Undelivered Mail Returned to Sender
Message-ID: <dsn{next(_ids)}@mx.example.net>
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
 boundary="B0UND"

This is a MIME-encapsulated message.

--B0UND
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.example.net.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

--B0UND
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net
Arrival-Date: Mon,  5 Jan 2026 09:00:01 +0000 (UTC)

Final-Recipient: rfc822; {final_recipient}
Original-Recipient: rfc822;{final_recipient}
Action: {action}
Status: {status}
Diagnostic-Code: {diagnostic.format(rcpt=final_recipient)}

--B0UND
Content-Type: text/rfc822-headers

From: Alta <noreply@alta.test>
To: {final_recipient}
Subject: Alta: your move
{quoted}
--B0UND--
""".replace("\n", "\r\n").encode()


def plain_bounce(*, to: str, final_recipient: str, message_id: str, permanent: bool = True) -> bytes:
    """A qmail-style bounce: no report part, the original quoted below."""
    verdict = (
        "Sorry, no mailbox here by that name. (#5.1.1)\n\n"
        "This is a permanent error; I've given up. Sorry it didn't work out."
        if permanent
        else "Connection refused (#4.4.1)\nI'm not going to try again until later; the message has been delayed."
    )
    return f"""From: MAILER-DAEMON@mx.example.net
To: {to}
Subject: failure notice
Message-ID: <plain{next(_ids)}@mx.example.net>

Hi. This is the qmail-send program at mx.example.net.
I'm afraid I wasn't able to deliver your message to the following addresses.

<{final_recipient}>:
{verdict}

--- Below this line is a copy of the message.

Return-Path: <bounce@alta.test>
From: Alta <noreply@alta.test>
To: {final_recipient}
Subject: Alta: your move
Message-ID: {message_id}

Your move.
""".replace("\n", "\r\n").encode()


def arf(
    *, to: str, original_to: str, message_id: str = "", original_mail_from: str = "", feedback_type: str = "abuse"
) -> bytes:
    """A feedback loop's report (RFC 5965) sent to ``to``: a reader of
    ``original_to`` marked our mail as spam.  It names the original's
    envelope sender when ``original_mail_from`` is given, and quotes the
    original whole (with ``message_id`` when given)."""
    mail_from = f"Original-Mail-From: <{original_mail_from}>\n" if original_mail_from else ""
    quoted = f"Message-ID: {message_id}\n" if message_id else ""
    return f"""From: staff@hotmail.example
To: {to}
Subject: complaint about message from 192.0.2.1
Message-ID: <arf{next(_ids)}@fbl.example>
Date: Mon, 5 Jan 2026 09:30:00 +0000
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report;
 boundary="FB0UND"

--FB0UND
Content-Type: text/plain; charset=us-ascii

This is an email abuse report for an email message received from IP 192.0.2.1.

--FB0UND
Content-Type: message/feedback-report

Feedback-Type: {feedback_type}
User-Agent: JMRP/1.0
Version: 1
{mail_from}Original-Rcpt-To: <{original_to}>
Arrival-Date: Mon, 5 Jan 2026 09:00:01 +0000
Source-IP: 192.0.2.1
Reported-Domain: alta.test

--FB0UND
Content-Type: message/rfc822
Content-Disposition: inline

From: Alta <noreply@alta.test>
To: {original_to}
Subject: Alta: your move
{quoted}Date: Mon, 5 Jan 2026 09:00:00 +0000

Your move.

--FB0UND--
""".replace("\n", "\r\n").encode()


def mailgun_event(row, event: str, *, token: str, message_id: str | None = None, **fields) -> dict:
    """Mailgun's ``event`` ("failed", "complained") about ``row`` as its
    webhook posts it, unsigned (its Message-ID as Mailgun writes it,
    without the angle brackets; ``fields``: the event's own)."""
    return {
        "signature": {"timestamp": str(int(time.time())), "token": token, "signature": ""},
        "event-data": {
            "timestamp": time.time(),
            "event": event,
            "recipient": row.to,
            "message": {
                "headers": {
                    "to": row.to,
                    "message-id": (message_id or row.message_id).strip("<>"),
                    "from": "Alta <noreply@localhost>",
                    "subject": row.subject,
                },
                "attachments": [],
                "size": 1234,
            },
            "user-variables": {},
            "tags": [],
            **fields,
        },
    }
