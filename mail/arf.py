"""Reading a feedback loop's report (pure: bytes in, plain data out).

A mailbox provider whose user marked our mail as spam (Yahoo's and
Outlook's feedback loops, JMRP) sends an RFC 5965 report:
``multipart/report; report-type=feedback-report`` with a human part, a
``message/feedback-report`` part (``Feedback-Type``, ``Original-Mail-From``:
the original's envelope sender, ``Original-Rcpt-To``) and the original,
whole (``message/rfc822``) or its headers (``text/rfc822-headers``), often
with the recipient's address blanked.

Hostile input cannot stop it, as ``dsn`` (whose part walker it shares):
``compat32`` parsing, a bounded number of parts, linear patterns.
"""

from __future__ import annotations

import email
from dataclasses import dataclass
from email.message import Message
from email.policy import compat32

from .dsn import content_type, one_line, original_ids, report_parts

_ADDRESS_LIMIT = 320
#: Characters of the report part read.
_TEXT_LIMIT = 16 * 1024


@dataclass(frozen=True)
class FeedbackReport:
    """What a feedback report says about the mail it quotes."""

    #: RFC 5965's Feedback-Type, lower case: "abuse" is a spam complaint
    #: ("fraud", "virus", "not-spam", "auth-failure", "other" are not).
    feedback_type: str
    #: The original's envelope sender as the report names it ("" when not).
    original_mail_from: str
    #: The Message-IDs of the original as the report quotes it.
    message_ids: tuple[str, ...]

    @property
    def is_complaint(self) -> bool:
        return self.feedback_type == "abuse"


def read_feedback(raw: bytes) -> FeedbackReport | None:
    """The feedback report ``raw`` holds, or ``None`` when it holds none
    (a bounce, a person's mail, unreadable bytes)."""
    try:
        message = email.message_from_bytes(raw, policy=compat32)
        parts = list(report_parts(message))
        part = next((p for p in parts if content_type(p) == "message/feedback-report"), None)
        if part is None:
            return None
        fields = _fields(part)
        return FeedbackReport(
            feedback_type=one_line(fields.get("Feedback-Type", "")).lower()[:40],
            original_mail_from=one_line(fields.get("Original-Mail-From", "")).strip("<>")[:_ADDRESS_LIMIT],
            message_ids=original_ids(parts),
        )
    except Exception:  # the email package raises many kinds on hostile MIME
        return None


def _fields(part: Message) -> Message:
    """The report part's fields (one header block; the email package reads
    a ``message/*`` part it does not know as text, or as one message)."""
    payload = part.get_payload()
    if isinstance(payload, list):
        first = payload[0] if payload else None
        return first if isinstance(first, Message) else Message()
    text = payload if isinstance(payload, str) else ""
    return email.message_from_string(text.strip()[:_TEXT_LIMIT] + "\n", policy=compat32)
