"""Chat mail at once, for the players who asked for it (``chat_at_once``)."""

from __future__ import annotations

import datetime as dt
from html import escape

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from core.name_lists import names_text
from games.models import ChatMessage, ChatReader
from games.organised import event_context
from games.selectors_chat import chat_unmailed, chat_writers_departed
from games.services.chat import chat_mark_mailed

from .addresses import reply_address
from .chat_mail import chat_blocks, writer_name
from .game_body import event_html, event_text
from .models import OutgoingEmail
from .outbox import email_queue, reply_token_for, wants_mail
from .render import in_language


def chat_deliver(*, chat_id: int, now: dt.datetime) -> int:
    """Mail a new chat message at once to each other seated player who
    asked for that (``chat_at_once``), with every line they have not been
    mailed yet; once the game is over every other player gets it at once
    (no game mail will follow to carry it).  Players who muted the chat,
    the game or all game mail get nothing.  Safe to run twice: the mail's key names the line and the
    reader, and lines already mailed are not mailed again.  Returns how
    many mails were queued."""
    message = ChatMessage.objects.select_related("match").filter(pk=chat_id).first()
    if message is None:
        return 0
    match = message.match
    queued = 0
    for seat in match.seats.select_related("user").exclude(user=None):
        user = seat.user
        if user is None or user.pk == message.author_id:
            continue
        if not _at_once(user, match) or not wants_mail(user, match, kind=OutgoingEmail.Kind.NOTICE):
            continue
        with transaction.atomic():
            # The reader's row, locked: two lines posted at once never mail
            # the same unmailed lines twice.
            ChatReader.objects.get_or_create(match=match, user=user)
            ChatReader.objects.select_for_update().get(match=match, user=user)
            queued += _deliver_to(seat, user, match=match, chat_id=chat_id, now=now)
    return queued


def _at_once(user, match) -> bool:
    return user.chat_at_once or not match.is_active


def chat_later(match, author) -> list:
    """The other seated players, in seat order, who will read a line
    ``author`` posts now only with their next game mail or digest: they
    get game mail, but not chat at once, and did not mute the chat (they
    never read it: naming them would say otherwise)."""
    muted = set(ChatReader.objects.filter(match=match, muted=True).values_list("user_id", flat=True))
    return [
        seat.user
        for seat in match.seats.select_related("user").exclude(user=None).order_by("index")
        if seat.user.pk != author.pk
        and seat.user.pk not in muted
        and not _at_once(seat.user, match)
        and wants_mail(seat.user, match, kind=OutgoingEmail.Kind.NOTICE)
    ]


def _deliver_to(seat, user, *, match, chat_id: int, now: dt.datetime) -> bool:
    """Queue one mail with ``user``'s unmailed lines (if any) and mark them
    mailed; expects the caller to hold the lock on their reader row."""
    lines = chat_unmailed(match, user, seated=True)
    if not lines:
        return False
    with in_language(user):
        text_block, html_block = chat_blocks(lines, match=match)
        # Who wrote is what a reader scans the inbox for.
        departed = chat_writers_departed(lines)
        authors = names_text(dict.fromkeys(writer_name(line, departed) for line in lines))
        subject = _("[%(site)s] %(game)s: chat from %(authors)s") % {
            "site": settings.SITE_NAME,
            "game": match,
            "authors": authors,
        }
        link = settings.SITE_URL + match.get_absolute_url()
        # Marked outside the f-strings: makemessages reads no f-string.
        page, open_page = _("Game page:"), _("Open the game page")
        text = f"{text_block}\n{page} {link}\n"
        html = f'{html_block}<p><a href="{escape(link)}">{escape(open_page)}</a></p>'
        # A tournament's game names its tournament first, as its game
        # mails do (a casual game's: None, with no query).
        event = event_context(match)
        if event is not None:
            line, event_url = event.line(), settings.SITE_URL + event.url
            text, html = event_text(line, event_url) + text, event_html(line, event_url) + html
    headers = {"Auto-Submitted": "auto-generated"}
    if seat.index is not None and match.is_active:
        token = reply_token_for(match=match, seat_index=seat.index, user=user, ply=match.ply, now=now)
        headers["Reply-To"] = reply_address(token.token)
    email_queue(
        kind=OutgoingEmail.Kind.NOTICE,
        to=user.email,
        subject=subject,
        text=text,
        html=html,
        dedupe_key=f"chat:{chat_id}:{user.pk}",
        now=now,
        user=user,
        match=match,
        headers=headers,
    )
    chat_mark_mailed(match_id=match.pk, user=user, through=lines[-1].pk)
    return True
