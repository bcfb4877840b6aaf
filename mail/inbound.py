"""Reading an incoming email (pure: bytes in, plain data out).

Finds the reply token, who sent it, whether it is an automatic message,
and the player's own words (``reply_cleaning.clean_reply``); HTML-only bodies
go through a small HTML-to-text step (``html_text``), any charset is
decoded with replacement (what a part labelled UTF-8 holds of Latin-1
read as such).

Hostile mail cannot stop it: headers are read as plain text (the email
package's own header parsers raise on some values and are slow on
others), HTML by two linear patterns, and every step takes time linear
in the mail's size (the reply cleaner, which does not, only ever reads a
bounded text).
"""

from __future__ import annotations

import codecs
import email
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.header import decode_header, make_header
from email.message import Message
from email.policy import Compat32
from email.utils import getaddresses, parseaddr

from django.core.mail.message import sanitize_address

from .addresses import is_command_address, token_from_address
from .html_text import html_to_text
from .reply_cleaning import clean_reply, without_invisibles
from .reply_text import greeting
from .sender_check import forged_verdict

_AUTO_SUBJECT = re.compile(
    r"^(auto(matic)?[ _-]?(reply|response|antwoord)|out of (the )?office|afwezig|"
    r"automatisch antwoord|abwesenheit|undeliver(ed|able)|delivery status notification|"
    r"mail delivery (failed|system)|returned mail)",
    re.IGNORECASE,
)
_SUBJECT_PREFIX = re.compile(r"^\s*((re|fwd?|aw|antw|tr|sv|vs)\s*(\[\d+\])?\s*:\s*)+", re.IGNORECASE)
#: RFC 5322's msg-id (dot-atom-text "@" dot-atom-text or a domain literal),
#: within what the stored column holds.
_ATOM = r"[^\s<>()\[\]\\,;:@\"]"
_MESSAGE_ID = re.compile(rf"<{_ATOM}{{1,200}}@(?:{_ATOM}{{1,50}}|\[[^\s\[\]\\]{{0,48}}\])>")
#: A msg-id named in References or In-Reply-To.
_REFERENCE = re.compile(r"<[^<>\s]{1,250}>")
#: The newest of them, enough to find the mail answered in a long thread.
_MAX_REFERENCES = 20
# Characters parseaddr leaves in an "address" only when it could not read one.
_NOT_IN_AN_ADDRESS = re.compile(r'[\s<>"]')
_BRACKETED_ADDRESS = re.compile(r"<([^<>\s\"]+@[^<>\s\"]+)>")
#: The first keyword of an Auto-Submitted value, after any comments.
_AUTO_SUBMITTED = re.compile(r"\s*(?:\([^()]*\)\s*)*([\w-]*)")


class MalformedEmail(ValueError):
    """The bytes are not a readable email message."""


@dataclass
class InboundMessage:
    #: The Message-ID, or "" when it is missing or not a valid one.
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
    #: The Date header as written (with the others, it tells a redelivery
    #: of a mail without a Message-ID).
    date: str = ""
    #: The Message-IDs the mail answers (References, then In-Reply-To).
    references: list[str] = field(default_factory=list)
    #: The languages the mail says it is written in or its writer reads
    #: (``languages_named``), for a sender we know no language of.
    languages: tuple[str, ...] = ()
    #: Does the mail hold a text part to read (plain or HTML, no
    #: attachment)?  Not one that holds only a picture, or is encrypted or
    #: signed as a whole (S/MIME's application/pkcs7-mime).
    has_text: bool = True
    #: The readable text as written, quotes included (``body`` is the
    #: reply cleaned of them): what a reply quotes names the mail it
    #: answers when its headers do not.
    text: str = ""
    #: The receiving server's failed sender check ("dmarc=fail"), or ""
    #: (``sender_check.forged_verdict``): the mail is then neither used
    #: nor answered.
    forged: str = ""


# -- Bytes -------------------------------------------------------------


def _as_windows_1252(error: UnicodeError) -> tuple[str, int]:
    """A decoding error handler: the bytes UTF-8 could not read are read as
    Windows-1252 (Latin-1 with curly quotes and dashes where Latin-1 has
    control characters), one of its five unused bytes as U+FFFD."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return error.object[error.start : error.end].decode("cp1252", "replace"), error.end


#: Old mail programs (many Dutch club members') label Latin-1 or
#: Windows-1252 text UTF-8 or ASCII, or name no charset: read as UTF-8,
#: what is no UTF-8 is read as Windows-1252 ("één", not "��n"), so valid
#: UTF-8 (a quoted game mail) and the writer's own bytes both stay legible.
_UTF_8_OR_WINDOWS_1252 = "alta-utf-8-or-windows-1252"
codecs.register_error(_UTF_8_OR_WINDOWS_1252, _as_windows_1252)
_READ_AS_UTF_8 = {"utf-8", "utf8", "us-ascii", "ascii"}
#: Charsets a part's UTF-8 is mislabelled as, read as UTF-8 when it is valid UTF-8.
_LATIN = {"iso-8859-1", "latin-1", "latin1", "iso-8859-15", "windows-1252", "cp1252"}


# -- Headers ------------------------------------------------------------

#: The message is parsed with ``email.policy.compat32``: headers stay
#: plain text, read by the few simple steps below.  The modern policy's
#: header parsers take time far worse than linear on hostile values (a
#: 20 KB Content-Type of quotes took 15 s; 100 parts with 2 KB ones, 20 s)
#: and raise on some (``Message-ID: <>``).  Each header keeps at most
#: ``_HEADER_LIMIT`` characters; no header the intake reads is longer
#: (References keeps its end, the newest Message-IDs).
_HEADER_LIMIT = 2_000


class _Policy(Compat32):
    """``email.policy.compat32`` with each header cut as it is read."""

    def header_source_parse(self, sourcelines: list[str]) -> tuple[str, str]:
        name, value = super().header_source_parse(sourcelines)
        if len(value) > _HEADER_LIMIT:
            value = value[-_HEADER_LIMIT:] if name.lower() == "references" else value[:_HEADER_LIMIT]
        return name, value


_POLICY = _Policy()


def _header_values(message: Message, name: str) -> list[str]:
    """Every value of the header ``name``, unfolded, 8-bit bytes read as
    UTF-8 (RFC 6532)."""
    return [_unfolded(value) for key, value in message.raw_items() if key.lower() == name.lower()]


def _unfolded(value: str) -> str:
    # The parser keeps each byte over 127 as a surrogate: back to the bytes
    # sent, read as a body is (a Latin-1 subject from an old program too).
    return " ".join(value.encode("utf-8", "surrogateescape").decode("utf-8", _UTF_8_OR_WINDOWS_1252).split())


def _header(message: Message, name: str) -> str:
    values = _header_values(message, name)
    return values[0] if values else ""


def _sender(message: Message) -> str:
    """The From address, lower case; "" when there is none to read or it
    is no address mail can be sent to."""
    value = _header(message, "From")
    try:
        address = parseaddr(value)[1]
    except Exception:  # e.g. RecursionError on "((((…": no sender
        return ""
    if "@" not in address or _NOT_IN_AN_ADDRESS.search(address):
        # A broken display name (`"unterminated <p@example.org>`) makes
        # parseaddr return the whole header or a word of it; the bracketed
        # address in it is still the one to answer.
        bracketed = _BRACKETED_ADDRESS.findall(value)
        address = bracketed[-1] if bracketed else ""
    try:
        # An address no mail server would take ("@example.com", "a@x..com")
        # names nobody to answer, as none does.
        sanitize_address(address, "utf-8")
    except ValueError:
        return ""
    return address.lower()


def _recipients(message: Message) -> list[str]:
    """The addresses the headers deliver the mail to, first those the
    receiving server added."""
    found = []
    for key in ("Delivered-To", "X-Original-To", "To", "Cc"):
        for value in _header_values(message, key):
            try:
                found += [address for _name, address in getaddresses([value]) if address]
            except Exception:  # as in ``_sender``: this value names nobody
                continue
    return found


def _message_id(message: Message) -> str:
    """The Message-ID; "" when it is missing or no msg-id (the caller then
    makes a stand-in)."""
    value = _header(message, "Message-ID")
    return value if _MESSAGE_ID.fullmatch(value) else ""


def _subject(message: Message) -> str:
    """The Subject, its encoded words (RFC 2047) decoded where they can be."""
    value = _header(message, "Subject")
    try:
        return " ".join(str(make_header(decode_header(value))).split())
    except Exception:  # an unknown charset, a broken word: as written
        return value


def _references(message: Message) -> list[str]:
    """The Message-IDs the mail answers, the one it replies to last."""
    named = " ".join(_header_values(message, "References") + _header_values(message, "In-Reply-To"))
    return _REFERENCE.findall(named)[-_MAX_REFERENCES:]


def languages_named(message: Message) -> tuple[str, ...]:
    """The primary language subtags (``nl`` of ``nl-NL``), lower case and in
    order, of the Content-Language header (RFC 3282), then of the
    Accept-Language header some mail programs add (RFC 9110: q-values are
    ignored, the writer lists their first choice first)."""
    named = []
    for name in ("Content-Language", "Accept-Language"):
        for tag in _header(message, name).split(","):
            primary = tag.split(";")[0].strip().split("-")[0].lower()
            if primary.isalpha() and primary not in named:
                named.append(primary)
    return tuple(named)


def _content_type(message: Message) -> str:
    try:
        return message.get_content_type()
    except Exception:  # a hostile Content-Type: no type to go by
        return ""


def _automatic(message: Message, sender: str, subject: str, envelope_sender: str | None) -> str:
    """Why the mail is automatic (never answered, RFC 3834), or "".

    Each machine signal is enough on its own; a subject such as "Out of
    office" only together with one, since a person may write it too."""
    auto = _auto_submitted(message)
    if auto != "no":
        return f"Auto-Submitted: {auto}"
    if envelope_sender is not None and not envelope_sender.strip(" <>"):
        return "null envelope sender"
    for header in ("X-Autoreply", "X-Autorespond"):
        if _header(message, header):
            return header
    precedence = _header(message, "Precedence").strip().lower()
    if precedence in {"bulk", "junk", "list", "auto_reply"}:
        return f"Precedence: {precedence}"
    if _header(message, "List-Id"):
        return "mailing list"
    if _content_type(message) == "multipart/report":
        return "delivery report"
    local = sender.split("@")[0].lower()
    if not sender or local in {"mailer-daemon", "postmaster"} or local.startswith(("noreply", "no-reply")):
        return f"sender {sender or '<>'}"
    if _header(message, "Return-Path").strip() == "<>":
        return "empty Return-Path"
    # Exchange marks its out-of-office replies so; people's mail rarely.
    if _header(message, "X-Auto-Response-Suppress") and _AUTO_SUBJECT.match(strip_subject(subject)):
        return f"subject {subject!r}"
    return ""


def _auto_submitted(message: Message) -> str:
    """The keyword of Auto-Submitted, "no" when there is none: its first
    word after any comment (RFC 3834), so "no (sent by a human)" is "no"."""
    found = _AUTO_SUBMITTED.match(_header(message, "Auto-Submitted"))
    return (found.group(1) if found else "").lower() or "no"


def first_line_of(text: str) -> str:
    """The first line of ``text`` that is not blank ("" when none): where a
    reply's command or answer is read.  A greeting alone on its line
    above more ("Hoi Alice,\n\nJa!") is passed over, as above a move."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and greeting(lines[0]):
        return lines[1]
    return lines[0] if lines else ""


def strip_subject(subject: str) -> str:
    return _SUBJECT_PREFIX.sub("", subject or "").strip()


# -- Body ---------------------------------------------------------------

#: ``clean_reply`` (a third-party reply parser) takes time far worse than
#: linear in a line's length and in runs of blank lines (16 KB of blank
#: lines took 18 s), so it reads a bounded text: the reply's own words,
#: which come first once quoted lines are dropped, with a short stand-in
#: for each line too long to be a quote header or a signature.
_READ_LIMIT = 12_000
_LINE_LIMIT = 500
#: Even linear steps take seconds on megabytes: a reply's own words, and
#: the quoted game mail above them, come well within this.
_PART_LIMIT = 256 * 1024
_BLANK_RUN = re.compile(r"\n(?:[^\S\n]*\n)+")
#: A private-use character, in no pattern of the cleaner, marks a stand-in.
_MARK = "\ue000"
_STAND_IN = re.compile(f"{_MARK}(\\d+){_MARK}")


def _cleaned(text: str) -> str:
    """``clean_reply(text)`` in bounded time: the cleaner reads
    ``_bounded(text)`` with stand-ins for its long lines, which are put
    back in what it keeps."""
    long_lines: list[str] = []

    def shortened(line: str) -> str:
        if len(line) <= _LINE_LIMIT:
            return line
        long_lines.append(line.strip())
        return f"{_MARK}{len(long_lines) - 1}{_MARK}"

    lines = _bounded(text.replace(_MARK, "")).split("\n")
    cleaned = clean_reply("\n".join(shortened(line) for line in lines))
    return _STAND_IN.sub(lambda found: long_lines[int(found.group(1))], cleaned)


def _bounded(text: str) -> str:
    """``text`` with each run of quoted (">") lines made its first line
    (the cleaner drops them all, reading only where a quote begins: a
    bottom-poster's words stay within the bound) and blank lines in a run
    made one, cut at ``_READ_LIMIT`` characters."""
    lines: list[str] = []
    in_quote = False
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        quoted = line.lstrip().startswith(">")
        if not (quoted and in_quote):
            lines.append(line[:_LINE_LIMIT] if quoted else line)
        in_quote = quoted
    return _BLANK_RUN.sub("\n\n", "\n".join(lines))[:_READ_LIMIT]


def _decoded(part: Message) -> str:
    """A text part's content, whatever its charset or transfer encoding:
    UTF-8, ASCII, an unknown charset or none is read as UTF-8 with any
    other bytes read as Windows-1252 (``_UTF_8_OR_WINDOWS_1252``); a
    Latin-1 label on valid UTF-8 is read as UTF-8; bytes another charset
    cannot read become U+FFFD."""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):  # a multipart has no bytes of its own
        payload = b""
    charset = (part.get_content_charset() or "utf-8").lower()
    if charset in _LATIN and not payload.isascii():
        # UTF-8 labelled Latin-1 (a program that names the charset it
        # used to): Latin-1 text is hardly ever valid UTF-8 ("Ã©").
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            pass
    if charset not in _READ_AS_UTF_8:
        try:
            return payload.decode(charset, "replace")
        except LookupError:
            pass
    try:
        return payload.decode("utf-8")
    except UnicodeDecodeError:
        # Read byte by byte where it is no UTF-8: only as much as is kept.
        return payload[:_PART_LIMIT].decode("utf-8", _UTF_8_OR_WINDOWS_1252)


def _readable_parts(part: Message) -> Iterator[Message]:
    """The parts that may hold the reply's text, depth first, as
    ``EmailMessage.get_body`` looks: no attachments, and of a
    multipart/related only its first part (the rest are its pictures)."""
    if part.get_content_disposition() == "attachment":
        return
    if part.get_content_maintype() != "multipart":
        yield part
        return
    parts = part.get_payload()
    if not isinstance(parts, list):  # a multipart without a boundary
        return
    for inner in parts[:1] if part.get_content_subtype() == "related" else parts:
        if isinstance(inner, Message):
            yield from _readable_parts(inner)


def _has_text(message: Message) -> bool:
    """Is there a plain-text or HTML part that is no attachment?"""
    return any(part.get_content_type() in {"text/plain", "text/html"} for part in _readable_parts(message))


def _body(message: Message) -> str:
    """The text of the first plain-text part, else (none, or a blank one:
    some clients send an empty plain part beside the HTML that holds the
    words) of the first HTML one."""
    parts = list(_readable_parts(message))
    plain = next((part for part in parts if part.get_content_type() == "text/plain"), None)
    if plain is not None:
        text = _decoded(plain)[:_PART_LIMIT]
        if without_invisibles(text).strip():
            return text
    html = next((part for part in parts if part.get_content_type() == "text/html"), None)
    if html is not None:
        return html_to_text(_decoded(html)[:_PART_LIMIT])
    return ""


# -- The message --------------------------------------------------------


def parse_inbound(
    raw: bytes, *, envelope_recipients: list[str] | None = None, envelope_sender: str | None = None
) -> InboundMessage:
    """Parse raw RFC 822 bytes.

    The token comes from the envelope recipients when the intake knows them
    (SMTP RCPT TO, MTA pipe), else from To/Cc/Delivered-To headers.  An
    empty ``envelope_sender`` (``MAIL FROM:<>``) marks the mail automatic;
    ``None`` means the intake does not know it.

    :raises MalformedEmail: the bytes are no email, or its body cannot be read.
    """
    try:
        message = email.message_from_bytes(raw, policy=_POLICY)
    except Exception as error:  # the email package raises many kinds
        raise MalformedEmail(f"unreadable message: {error}") from None
    if not message.keys():
        raise MalformedEmail("no headers")
    sender = _sender(message)
    recipients = list(envelope_recipients or []) + _recipients(message)
    found = next((t for t in (token_from_address(r) for r in recipients) if t), None)
    token_kind, token = found if found else ("", None)
    if found is None and any(is_command_address(r) for r in recipients):
        token_kind = "commands"
    subject = _subject(message)
    try:
        text = _body(message)
        body = _cleaned(text)
        has_text = _has_text(message)
    except Exception as error:  # hostile MIME: the email package raises many kinds
        raise MalformedEmail(f"unreadable body: {type(error).__name__}: {error}") from None
    reason = _automatic(message, sender, subject, envelope_sender)
    return InboundMessage(
        message_id=_message_id(message),
        sender=sender,
        recipients=recipients,
        subject=subject,
        body=body,
        token=token,
        token_kind=token_kind,
        is_automatic=bool(reason),
        automatic_reason=reason,
        date=_header(message, "Date"),
        references=_references(message),
        languages=languages_named(message),
        has_text=has_text,
        text=text,
        forged=forged_verdict(message),
    )


@dataclass
class UnusableMail:
    """What the intake still reads of a mail it could not use, for its
    one answer: the sender is "" when there is none or the mail is
    automatic (never answered)."""

    sender: str = ""
    subject: str = ""
    message_id: str = ""
    languages: tuple[str, ...] = ()


def read_unusable(raw: bytes, envelope_sender: str | None = None) -> UnusableMail:
    """Read ``raw`` as far as the bytes allow (the headers, no body)."""
    try:
        message = email.message_from_bytes(raw, policy=_POLICY)
    except Exception:  # not even that: nobody to answer
        return UnusableMail()
    sender = _sender(message)
    subject = _subject(message)
    if "@" not in sender or _automatic(message, sender, subject, envelope_sender):
        sender = ""
    return UnusableMail(sender, subject, _message_id(message), languages_named(message))
