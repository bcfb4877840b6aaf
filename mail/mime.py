"""Building an outbox row's message for the wire, cheaper where Django's
own way is costly.

Django hands a non-ASCII header to ``email.header.Header(value, "utf-8")``,
whose utf-8 charset picks the shorter of quoted-printable and base64 per
line by measuring the quoted-printable length of every prefix of the line
(quadratic in its length): about half of all message building for a
Dutch subject, a name with an accent or a move in typographic quotes.
``subject_header`` writes the same subject as RFC 2047 base64 words
instead, which a mail client decodes to the same text.

Writing the message, the standard library folds every header through
``email.header.Header`` (a few hundred Python calls each, a third of
sending a mail) even when the line is short plain ASCII and comes out as
it went in; ``_POLICY`` writes such a line directly.

The standard library's generator also makes up each multipart boundary
as it writes the message, compiling a regular expression for it and
searching the whole text for a clash; ``OutboxMessage`` sets a boundary of
128 random bits first, which no text of a mail repeats by chance.
"""

from __future__ import annotations

import base64
import secrets
from email.policy import Compat32

from django.core.mail import EmailMultiAlternatives

#: Bytes of text per encoded word: 56 base64 characters, so that a word
#: ("=?utf-8?b?" + 56 + "?=", 68 characters) fits after "Subject: " in the
#: 78 columns a header line should keep to (RFC 5322; RFC 2047 allows 75).
_WORD_BYTES = 42


def subject_header(value: str) -> str:
    """``value`` as a header's text in ASCII: itself when it is ASCII (or
    holds a line break, which Django then refuses as it always did),
    else RFC 2047 base64 words of at most 68 characters, separated by
    spaces (where the header may be folded; the space between two
    encoded words is not part of the text), each ending on a whole
    character."""
    if value.isascii() or "\n" in value or "\r" in value:
        return value
    data = value.encode()
    words = []
    start = 0
    while start < len(data):
        end = min(start + _WORD_BYTES, len(data))
        while end < len(data) and data[end] & 0xC0 == 0x80:
            end -= 1  # never split a character's bytes between two words
        words.append(f"=?utf-8?b?{base64.b64encode(data[start:end]).decode()}?=")
        start = end
    return " ".join(words)


class _ShortLines(Compat32):
    """Django's policy (``compat32``), writing a header that already fits
    on one line without ``Header``'s folding: printable ASCII (no line
    break or other control character, which ``Header`` splits at) of
    ``max_line_length`` or less with its name, which ``Header`` writes
    unchanged."""

    def fold_binary(self, name, value):
        if (
            isinstance(value, str)
            and value.isascii()
            and value.isprintable()
            and len(name) + 2 + len(value) <= (self.max_line_length or 1_000_000)
        ):
            return f"{name}: {value}{self.linesep}".encode("ascii")
        return super().fold_binary(name, value)


_POLICY = _ShortLines()


class OutboxMessage(EmailMultiAlternatives):
    """A multipart mail whose subject is encoded by ``subject_header``
    (``subject`` itself stays the text, as every reader of the message
    object expects), its boundary set before it is written, its short
    headers written by ``_POLICY``."""

    def message(self, *args, **kwargs):
        subject = self.subject
        self.subject = subject_header(str(subject))
        try:
            message = super().message(*args, **kwargs)
        finally:
            self.subject = subject
        if message.is_multipart() and message.get_boundary() is None:
            message.set_boundary(f"=_{secrets.token_hex(16)}")
        message.policy = _POLICY  # the generator writes the parts with it too
        return message
