"""Reading a bounce (pure: bytes in, plain data out).

Two shapes reach the intake:

- a delivery status notification (RFC 3464): ``multipart/report;
  report-type=delivery-status`` with a ``message/delivery-status`` part
  (per recipient ``Final-Recipient``, ``Action``, ``Status`` and often
  ``Diagnostic-Code``) and the original's headers (``text/rfc822-headers``)
  or whole message (``message/rfc822``);
- the older plain-text kind (qmail, old Exim, some Exchange gateways):
  a few lines of explanation with the SMTP status in them, then a copy of
  the original, its headers included.

Status codes (RFC 3463): 5.x.x is permanent (5.1.1 no such mailbox, 5.2.2
mailbox full, 5.7.1 refused by policy), 4.x.x transient ("delayed": the
sending server is still trying).  A report with ``Action: failed`` but a
4.x.x status (given up after days of 4.4.7) is read as transient, as its
cause was.

Hostile input cannot stop it: the message is parsed with ``compat32``
(headers as plain text), each part's text is cut before it is searched,
and every pattern is linear.
"""

from __future__ import annotations

import email
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message
from email.policy import compat32

#: Parts looked at, and characters of each part's text searched.
_MAX_PARTS = 50
_TEXT_LIMIT = 64 * 1024
_REASON_LIMIT = 300
#: An enhanced status code (RFC 3463).
_STATUS = re.compile(r"(?<![\d.])([245])\.(\d{1,3})\.(\d{1,3})(?![\d.])")
_QUOTED_ID = re.compile(r"^[ \t>]*Message-ID:[ \t]*(<[^<>\s]{1,250}>)", re.IGNORECASE | re.MULTILINE)
#: Where a plain bounce's copy of the original starts: its first header,
#: or the marker line above it.
_COPY_STARTS = re.compile(
    r"^(?:[ \t>]*(?:Return-Path|Received|From|To|Subject|Date|Message-ID|MIME-Version):|.*\bcopy of\b|-{3,})",
    re.IGNORECASE | re.MULTILINE,
)
_PERMANENT_WORDS = re.compile(r"permanent (?:error|failure)|\b55[0-4][ -]", re.IGNORECASE)
_TRANSIENT_WORDS = re.compile(r"delayed|will (?:retry|try again|keep trying|continue)|\b4[0-5]\d[ -]", re.IGNORECASE)
_ADDRESS = re.compile(r"<([^<>\s@]{1,200}@[^<>\s@]{1,200})>")


@dataclass(frozen=True)
class DeliveryReport:
    """What a bounce says about one recipient of the original mail."""

    #: A permanent failure (5.x.x): the mail was not delivered and will not be.
    permanent: bool
    #: The enhanced status code ("5.1.1"), "" when the bounce gives none.
    status: str
    #: RFC 3464's Action ("failed", "delayed"), "" for a plain bounce.
    action: str
    #: The recipient that failed, lower case ("" when not named).
    recipient: str
    #: The receiving server's words, on one line.
    diagnostic: str
    #: The Message-IDs of the original as the bounce quotes them.
    message_ids: tuple[str, ...]

    @property
    def reason(self) -> str:
        """Status, then the server's words, in one short line (for staff;
        the player reads what the status means, ``bounce_meaning``)."""
        return f"{self.status} {self.diagnostic}".strip()[:_REASON_LIMIT]


def read_report(raw: bytes) -> DeliveryReport | None:
    """The report ``raw`` holds, or ``None`` when it is no bounce that can
    be read (an out-of-office, a person's mail, or unreadable bytes)."""
    try:
        message = email.message_from_bytes(raw, policy=compat32)
        parts = list(report_parts(message))
        status_part = next((p for p in parts if content_type(p) == "message/delivery-status"), None)
        ids = original_ids(parts)
        if status_part is not None:
            return _from_status_part(status_part, ids)
        return _from_text(parts, ids)
    except Exception:  # the email package raises many kinds on hostile MIME
        return None


def relay_report(*, permanent: bool, recipient: str, response: str, message_id: str) -> DeliveryReport:
    """What a relay's delivery event says (the relay got the bounce: it
    sent our mail from its own envelope sender): whether the failure is
    permanent, the recipient, the receiving server's response (whose
    enhanced status code, when it has one, is the report's status) and
    the Message-ID of our mail."""
    diagnostic = one_line(response)[:_REASON_LIMIT]
    found = _STATUS.search(diagnostic)
    return DeliveryReport(
        permanent=permanent,
        status=found.group(0) if found else "",
        action="failed" if permanent else "delayed",
        recipient=recipient.strip("<>").lower()[:320],
        diagnostic=diagnostic,
        message_ids=(message_id,) if message_id else (),
    )


# -- Parts of a report (shared with ``arf``, which reads feedback reports) --


def report_parts(message: Message) -> Iterator[Message]:
    """The report's parts, the first ``_MAX_PARTS`` only (hostile MIME)."""
    return itertools.islice(message.walk(), _MAX_PARTS)


def content_type(part: Message) -> str:
    """The part's content type, lower case."""
    return part.get_content_type().lower()


def one_line(value: str) -> str:
    """``value`` on one line, its runs of white space single spaces."""
    return " ".join(str(value).split())


def _text_of(part: Message) -> str:
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    charset = part.get_content_charset() or "utf-8"
    try:
        return payload[:_TEXT_LIMIT].decode(charset, "replace")
    except LookupError:  # an unknown charset
        return payload[:_TEXT_LIMIT].decode("utf-8", "replace")


def original_ids(parts: list[Message]) -> tuple[str, ...]:
    """The Message-IDs of the original: from its copy (``message/rfc822``),
    its headers (``text/rfc822-headers``) or, in a plain bounce, the
    ``Message-ID:`` lines of the copy in the text (never the bounce's own,
    which is a header of the bounce, not a line of its text)."""
    found: list[str] = []
    for part in parts[1:]:
        kind = content_type(part)
        if kind == "message/rfc822":
            inner = part.get_payload()
            copy = inner[0] if isinstance(inner, list) and inner else None
            if isinstance(copy, Message) and copy.get("Message-ID"):
                found.append(one_line(copy["Message-ID"]))
        elif kind in {"text/rfc822-headers", "text/plain"}:
            found += _QUOTED_ID.findall(_text_of(part))
    if not parts[0].is_multipart() and content_type(parts[0]) == "text/plain":
        found += _QUOTED_ID.findall(_text_of(parts[0]))
    return tuple(dict.fromkeys(found))


def _field(block: Message, name: str) -> str:
    """A DSN field's value after its type ("rfc822; a@b" -> "a@b")."""
    value = one_line(block.get(name, ""))
    return value.split(";", 1)[1].strip() if ";" in value else value


def _blocks(part: Message) -> list[Message]:
    """The header blocks of a ``message/delivery-status`` part (the
    per-message block, then one per recipient)."""
    payload = part.get_payload()
    if isinstance(payload, list):
        return [block for block in payload if isinstance(block, Message)]
    text = payload if isinstance(payload, str) else ""
    return [email.message_from_string(block.strip() + "\n", policy=compat32) for block in re.split(r"\n\s*\n", text)]


def _from_status_part(part: Message, ids: tuple[str, ...]) -> DeliveryReport | None:
    recipients = [b for b in _blocks(part)[:_MAX_PARTS] if b.get("Action") or b.get("Final-Recipient")]
    if not recipients:
        return None
    # A report on several recipients: a failure outweighs a delay.
    block = next((b for b in recipients if _field(b, "Action").lower() == "failed"), recipients[0])
    action = _field(block, "Action").lower()
    found = _STATUS.search(_field(block, "Status"))
    status = found.group(0) if found else ""
    return DeliveryReport(
        permanent=action == "failed" and status.startswith("5"),
        status=status,
        action=action,
        recipient=_field(block, "Final-Recipient").strip("<>").lower()[:320],
        diagnostic=_field(block, "Diagnostic-Code")[:_REASON_LIMIT],
        message_ids=ids,
    )


def _from_text(parts: list[Message], ids: tuple[str, ...]) -> DeliveryReport | None:
    """A plain bounce: its explanation is the text above the copy of the
    original (a status code in the copy is no verdict)."""
    text = next((_text_of(p) for p in parts if content_type(p) == "text/plain"), "")
    copy = _COPY_STARTS.search(text)
    verdict = text[: copy.start()] if copy else text
    found = _STATUS.search(verdict)
    if found is not None:
        status = found.group(0)
        permanent = status.startswith("5")
        line_start = verdict.rfind("\n", 0, found.start()) + 1
        line_end = verdict.find("\n", found.end())
        diagnostic = one_line(verdict[line_start : line_end if line_end >= 0 else None])
    elif _PERMANENT_WORDS.search(verdict) and not _TRANSIENT_WORDS.search(verdict):
        status, permanent = "", True
        diagnostic = one_line(_PERMANENT_WORDS.search(verdict).group(0))  # type: ignore[union-attr]
    elif _TRANSIENT_WORDS.search(verdict):
        status, permanent, diagnostic = "", False, "delayed"
    else:
        return None
    address = _ADDRESS.search(verdict)
    return DeliveryReport(
        permanent=permanent,
        status=status,
        action="",
        recipient=address.group(1).lower() if address else "",
        diagnostic=diagnostic[:_REASON_LIMIT],
        message_ids=ids,
    )
