"""A match's chat: seated players write to each other; nobody else reads it.

Writes here; reads in ``games.selectors_chat``.  A message is delivered by
mail (``mail.chat_mail``) with each other player's next game mail, or at
once to those who asked for that (``chat_posted`` hook).
"""

from __future__ import annotations

import datetime as dt
import re

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import GameActionError, NotAllowed, NotFound
from games.models import CHAT_MAX_LENGTH, ChatMessage, ChatReader, Match
from games.signals import chat_posted

from .idempotency import created_once

#: Control characters (all but newline and tab; the C1 controls too: a
#: terminal reads CSI as an escape) never reach a page or a mail.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def chat_text_clean(text: str, limit: int = CHAT_MAX_LENGTH) -> str:
    """``text`` as stored: control and direction-override characters
    removed, lines trimmed, blank lines at the ends dropped, cut at
    ``limit`` characters.  HTML is kept as typed: every output escapes."""
    text = _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    lines = [line.rstrip() for line in text.split("\n")]
    return "\n".join(lines).strip()[:limit]


def chat_post(
    *,
    match_id: int,
    user,
    text: str,
    source: str,
    now: dt.datetime,
    idempotency_key: str | None = None,
    idempotency_fingerprint: str = "",
) -> ChatMessage:
    """Store a chat message by ``user``, a seated player of the match.  A
    repeated ``idempotency_key`` returns the message it wrote, changing
    nothing, if the request's ``idempotency_fingerprint`` is the first's
    (``games.services.idempotency``).

    :raises NotFound: no such match.
    :raises NotAllowed: ``user`` holds no seat in it (spectators cannot chat).
    :raises GameActionError: the text is empty once cleaned, or the game
        was cancelled.
    :raises KeyReused: the key was used for another request.
    """
    return created_once(
        # ``match__pk``, not ``match_id``: an id beyond the column's range
        # then finds nothing (Django's range check) instead of failing.
        ChatMessage.objects.filter(match__pk=match_id),
        idempotency_key,
        lambda: _chat_write(
            match_id=match_id,
            user=user,
            text=text,
            source=source,
            now=now,
            idempotency_key=idempotency_key,
            idempotency_fingerprint=idempotency_fingerprint,
        ),
        idempotency_fingerprint,
    )


def _chat_write(
    *,
    match_id: int,
    user,
    text: str,
    source: str,
    now: dt.datetime,
    idempotency_key: str | None,
    idempotency_fingerprint: str,
) -> ChatMessage:
    """``chat_post`` without the look-up of an earlier key.

    :raises NotFound, NotAllowed, GameActionError: as ``chat_post``."""
    cleaned = chat_text_clean(text)
    if not cleaned:
        raise GameActionError(_("Write a message first."), code="chat_empty")
    with transaction.atomic():
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            raise NotFound(_("There is no such game."))
        seat = match.seats.filter(user=user).first()
        if seat is None:
            raise NotAllowed(_("Only the players of this game can chat in it."), code="not_seated")
        if match.status == Match.Status.CANCELLED:
            raise GameActionError(_("This game was cancelled."), code="cancelled")
        message = ChatMessage.objects.create(
            match=match,
            author=user,
            seat_index=seat.index,
            text=cleaned,
            source=source,
            created_at=now,
            idempotency_key=idempotency_key or None,
            idempotency_fingerprint=idempotency_fingerprint if idempotency_key else "",
        )
        transaction.on_commit(lambda: chat_posted.send_robust(sender=ChatMessage, chat_id=message.pk))
    return message


def chat_mute(*, match_id: int, user, muted: bool) -> None:
    """Mute (or unmute) a match's chat for ``user``: a muted chat is neither
    mailed nor shown to them; they can still write.

    :raises NotAllowed: ``user`` holds no seat in the match.
    """
    if not Match.objects.filter(pk=match_id, seats__user=user).exists():
        raise NotAllowed(_("Only the players of this game can chat in it."), code="not_seated")
    reader, created = ChatReader.objects.get_or_create(match_id=match_id, user=user, defaults={"muted": muted})
    if not created and reader.muted != muted:
        ChatReader.objects.filter(pk=reader.pk).update(muted=muted)


def chat_mark_mailed(*, match_id: int, user, through: int) -> None:
    """Record that ``user`` has been mailed the chat up to message
    ``through``.  Only ever moves forward: two mails written at once never
    move it back (and so never mail a line twice after the later one)."""
    reader, _created = ChatReader.objects.get_or_create(match_id=match_id, user=user)
    ChatReader.objects.filter(pk=reader.pk, mailed_through__lt=through).update(mailed_through=through)
