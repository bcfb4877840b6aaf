"""Reading an incoming email (pure: bytes in, plain data out).

Finds the reply token, who sent it, whether it is an automatic message,
and the player's own words (``reply_text.clean_reply``); HTML-only bodies
go through a small HTML-to-text step, any charset is decoded with
replacement.
"""

from __future__ import annotations

import email
import email.policy
import re
from dataclasses import dataclass
from email.message import EmailMessage, MIMEPart
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

from .addresses import is_command_address, token_from_address
from .reply_text import clean_reply

_AUTO_SUBJECT = re.compile(
    r"^(auto(matic)?[ _-]?(reply|response|antwoord)|out of (the )?office|afwezig|"
    r"automatisch antwoord|abwesenheit|undeliver(ed|able)|delivery status notification|"
    r"mail delivery (failed|system)|returned mail)",
    re.IGNORECASE,
)
_SUBJECT_PREFIX = re.compile(r"^\s*((re|fwd?|aw|antw|tr|sv|vs)\s*(\[\d+\])?\s*:\s*)+", re.IGNORECASE)


class MalformedEmail(ValueError):
    """The bytes are not a readable email message."""


@dataclass
class InboundMessage:
    message_id: str
    sender: str
    recipients: list[str]
    subject: str
    body: str
    token: str | None
    is_automatic: bool
    #: "play" (a move) or "join" (an invitation) when a token was found;
    #: "commands" for the command address (no token).
    token_kind: str = ""
    automatic_reason: str = ""


class _TextExtractor(HTMLParser):
    """HTML to text: block elements become line breaks, quotes are dropped."""

    _BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "table"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        classes = dict(attrs).get("class") or ""
        if tag in {"style", "script", "head", "blockquote"} or "gmail_quote" in classes or "moz-cite-prefix" in classes:
            self._skip += 1
        elif tag in self._BLOCKS and not self._skip:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in {"style", "script", "head", "blockquote"} and self._skip:
            self._skip -= 1
        elif tag in self._BLOCKS and not self._skip:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    extractor = _TextExtractor()
    extractor.feed(html)
    text = "".join(extractor.parts).replace("\xa0", " ")
    return "\n".join(line.strip() for line in text.splitlines())


def _automatic(message: EmailMessage, sender: str, subject: str) -> str:
    auto = (message.get("Auto-Submitted") or "no").strip().lower()
    if auto != "no":
        return f"Auto-Submitted: {auto}"
    for header in ("X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress"):
        if message.get(header) and header != "X-Auto-Response-Suppress":
            return header
    precedence = (message.get("Precedence") or "").strip().lower()
    if precedence in {"bulk", "junk", "list", "auto_reply"}:
        return f"Precedence: {precedence}"
    if message.get("List-Id"):
        return "mailing list"
    if message.get_content_type() == "multipart/report":
        return "delivery report"
    local = sender.split("@")[0].lower()
    if not sender or local in {"mailer-daemon", "postmaster"} or local.startswith(("noreply", "no-reply")):
        return f"sender {sender or '<>'}"
    if (message.get("Return-Path") or "").strip() == "<>":
        return "empty Return-Path"
    if _AUTO_SUBJECT.match(strip_subject(subject)):
        return f"subject {subject!r}"
    return ""


def strip_subject(subject: str) -> str:
    return _SUBJECT_PREFIX.sub("", subject or "").strip()


def _decoded(part: MIMEPart) -> str:
    """A text part's content, whatever its charset or transfer encoding:
    an unknown charset is read as UTF-8 and undecodable bytes become U+FFFD."""
    try:
        return part.get_content()
    except (LookupError, UnicodeError, AssertionError, ValueError):
        payload = part.get_payload(decode=True)
        if not isinstance(payload, bytes):  # a multipart has no bytes of its own
            payload = b""
        charset = part.get_content_charset() or "utf-8"
        try:
            return payload.decode(charset, "replace")
        except LookupError:
            return payload.decode("utf-8", "replace")


def _body(message: EmailMessage) -> str:
    plain = message.get_body(preferencelist=("plain",))
    if plain is not None:
        return _decoded(plain)
    html = message.get_body(preferencelist=("html",))
    if html is not None:
        return html_to_text(_decoded(html))
    return ""


def parse_inbound(raw: bytes, *, envelope_recipients: list[str] | None = None) -> InboundMessage:
    """Parse raw RFC 822 bytes.

    The token comes from the envelope recipients when the intake knows them
    (SMTP RCPT TO, MTA pipe), else from To/Cc/Delivered-To headers.

    :raises MalformedEmail: the bytes are no email with a sender.
    """
    try:
        message = email.message_from_bytes(raw, policy=email.policy.default)
    except Exception as error:  # the email package raises many kinds
        raise MalformedEmail(f"unreadable message: {error}") from None
    if not message.keys():
        raise MalformedEmail("no headers")
    sender = parseaddr(str(message.get("From", "")))[1].lower()
    header_recipients = [
        address
        for _, address in getaddresses(
            [str(v) for key in ("Delivered-To", "X-Original-To", "To", "Cc") for v in message.get_all(key, [])]
        )
        if address
    ]
    recipients = list(envelope_recipients or []) + header_recipients
    found = next((t for t in (token_from_address(r) for r in recipients) if t), None)
    token_kind, token = found if found else ("", None)
    if found is None and any(is_command_address(r) for r in recipients):
        token_kind = "commands"
    subject = str(message.get("Subject", ""))
    try:
        body = clean_reply(_body(message))
    except (LookupError, UnicodeError, AttributeError) as error:
        raise MalformedEmail(f"unreadable body: {error}") from None
    reason = _automatic(message, sender, subject)
    return InboundMessage(
        message_id=str(message.get("Message-ID", "")).strip(),
        sender=sender,
        recipients=recipients,
        subject=subject,
        body=body,
        token=token,
        token_kind=token_kind,
        is_automatic=bool(reason),
        automatic_reason=reason,
    )
