"""Answers to mail a person sent us: one per received message.

Every answer is marked ``Auto-Submitted: auto-replied`` (so well-behaved
auto-responders do not answer back), threads under the message it answers
(``In-Reply-To``/``References``) and is written in the recipient's
language: their account's, else the one their mail names, else English
and Dutch in turn (``written_for``).  Its ``dedupe_key`` names the stored
inbound row, so a message is answered at most once while a different body
reusing a Message-ID (a new row) gets its own answer.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from games.organised import event_context

from .addresses import threading_headers
from .game_body import event_html, event_text
from .inbound import strip_subject
from .models import InboundEmail, OutgoingEmail
from .outbox import email_queue
from .templatetags.mail_text import wrapped


@dataclass(frozen=True)
class Rich:
    """A paragraph of an answer whose HTML part is more than its text
    escaped (a help's headings, lists and tables): ``html`` is safe as
    it stands, ``text`` is already laid out for the plain part."""

    text: str
    html: str


def reply_subject(subject: str, fallback: str) -> str:
    """``Re: <subject>`` with any earlier ``Re:``/``Fwd:``/``Antw:`` removed.
    A NUL in the subject (raw, or decoded from an encoded word) is left out:
    PostgreSQL refuses it in the stored answer, and the mail would be
    retried for ever, unanswered."""
    stripped = strip_subject(subject.replace("\x00", ""))
    return f"Re: {stripped}"[:200] if stripped else fallback


def answer_key(key: str, record_id: int) -> str:
    """The dedupe key of the answer ``key`` to the inbound mail
    ``record_id``: one such answer per mail, however often it is read."""
    return f"{key}:inbound:{record_id}"


def answered_record(dedupe_key: str) -> int | None:
    """The inbound mail an answer's ``dedupe_key`` (``answer_key``) names;
    ``None`` for a mail that answers none."""
    _key, marker, number = dedupe_key.rpartition(":inbound:")
    return int(number) if marker and number.isdigit() else None


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
    paragraphs: Sequence[str | Rich],
    now: dt.datetime,
    user=None,
    match=None,
    kind: str = OutgoingEmail.Kind.UNKNOWN,
    key: str = "answer",
    reply_to: str = "",
    about_game: bool = True,
) -> OutgoingEmail:
    """Queue one plain answer to ``record`` (``paragraphs`` already
    translated by the caller, see ``in_language``; a ``Rich`` one brings
    its own HTML); with ``reply_to``, a reply to it goes there (a game's
    reply address).  An answer about ``match`` (``about_game``: not one
    about all of the player's games) names the event the game belongs to
    first, as the game's own mails do ("Club Cup · round 2 · board T1")."""
    # Readable at 72 columns; an indented line (a list's) keeps its indent.
    text = "\n\n".join(p.text if isinstance(p, Rich) else wrapped(p, hanging=0) for p in paragraphs) + "\n"
    html = "".join(p.html if isinstance(p, Rich) else f"<p>{escape(p)}</p>".replace("\n", "<br>") for p in paragraphs)
    # A casual game's: None, with no query.
    event = event_context(match) if match is not None and about_game else None
    if event is not None:
        with in_language(user):
            line, url = event.line(), settings.SITE_URL + event.url
        text, html = event_text(line, url) + text, event_html(line, url) + html
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
        dedupe_key=answer_key(key, record.pk),
    )


def in_language(user):
    """A context manager: strings built inside are in ``user``'s language
    (the site's default for an address without an account)."""
    return translation.override(language_of(user))


#: What an answer to an address without an account is written in when its
#: mail names none of these languages: each in turn (the first-class ones).
ANSWER_LANGUAGES = ("en", "nl")
#: Between the languages of such an answer ("-- " would start a signature,
#: which mail programs fold away).
_LANGUAGE_BREAK = "* * *"


def written_for(user, languages: tuple[str, ...], build: Callable[[], tuple[str, list[str]]]) -> tuple[str, list[str]]:
    """``(subject, paragraphs)`` as ``build`` writes them in the active
    language, for the reader of an answer: in ``user``'s language; for an
    address without an account, in the first of ``languages`` (those its
    mail named) that is one of ``ANSWER_LANGUAGES``, else in each of those in
    turn (subjects joined by " / ", a paragraph written alike in both, such
    as a link, only once)."""
    if user is not None:
        with in_language(user):
            return build()
    named = next((code for code in languages if code in ANSWER_LANGUAGES), None)
    if named is not None:
        with translation.override(named):
            return build()
    subjects: list[str] = []
    paragraphs: list[str] = []
    for code in ANSWER_LANGUAGES:
        with translation.override(code):
            subject, written = build()
        if subject not in subjects:
            subjects.append(subject)
        if paragraphs:
            paragraphs.append(_LANGUAGE_BREAK)
        paragraphs += [p for p in written if p not in paragraphs]
    return " / ".join(subjects), paragraphs


def site_line() -> str:
    return _("%(site)s: %(url)s") % {"site": settings.SITE_NAME, "url": settings.SITE_URL + "/"}
