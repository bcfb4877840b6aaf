"""The daily digest: one morning email listing the games where it is the
user's move, most urgent first, each with its own reply address."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, Q
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.deadlines.selectors import duration_text
from games.models import Match, Seat
from games.organised import event_context
from games.services.chat import chat_mark_mailed
from games.timing.clock import seat_settings, stopped_time_left

from .addresses import reply_address, unsubscribe_headers, unsubscribe_url
from .bounce_policy import game_mail_paused
from .chat_mail import chat_sections
from .models import GameMute, OutgoingEmail
from .outbox import email_queue, reply_token_for
from .render import as_reader
from .templatetags.mail_text import wrapped

#: The local hours in which the day's digest goes out: from 07:00 until
#: noon.  A move that comes to a digest reader later waits for the next
#: morning's digest (it greets "Good morning"; at night it would be a
#: second mail the same day in all but name).
DIGEST_HOUR = 7
DIGEST_UNTIL_HOUR = 12


def digests_send(*, now: dt.datetime) -> int:
    """Queue today's digest for every digest user whose morning it is (in
    their own time zone, ``DIGEST_HOUR`` to ``DIGEST_UNTIL_HOUR``) and who
    has a move to make; once per local day.  Returns how many were queued."""
    User = get_user_model()
    queued = 0
    for user in User.objects.filter(notifications=User.Notifications.DAILY_DIGEST, is_active=True):
        if game_mail_paused(user):  # its address keeps bouncing
            continue
        local = now.astimezone(user.zone)
        if not DIGEST_HOUR <= local.hour < DIGEST_UNTIL_HOUR:
            continue
        key = f"digest:{user.pk}:{local.date().isoformat()}"
        if OutgoingEmail.objects.filter(dedupe_key=key).exists():
            continue
        with transaction.atomic():
            if _digest_queue(user, key, local, now):
                queued += 1
    return queued


def _digest_queue(user, key: str, local: dt.datetime, now: dt.datetime) -> bool:
    muted = GameMute.objects.filter(user=user).values("match")
    seats = (
        # A turn runs from its start; its deadline is empty while a
        # tournament's pause stops its clock, and it is the player's move all the same.
        Seat.objects.filter(Q(deadline_at__isnull=False) | Q(turn_started_at__isnull=False))
        .filter(user=user, departed="", match__status=Match.Status.ACTIVE)
        .exclude(match__in=muted)
        .select_related("match")
        .order_by(F("deadline_at").asc(nulls_last=True), "pk")
    )
    items, replies, events = [], {}, []
    for seat in seats:
        stopped = None
        if seat.deadline_at is None:
            stopped = stopped_time_left(seat.match, seat, seat_settings(seat))
            if stopped is None:
                continue
        token = reply_token_for(match=seat.match, seat_index=seat.drawn_index, user=user, ply=seat.match.ply, now=now)
        replies[seat.match.pk] = reply_address(token.token)
        # A tournament's game names its tournament, round and board, as its
        # game mails do (a casual game's: None, with no query).
        events.append(event_context(seat.match))
        items.append(
            {
                "match": seat.match,
                "deadline": seat.deadline_at,
                "stopped": stopped,
                "url": settings.SITE_URL + seat.match.get_absolute_url(),
                "reply": replies[seat.match.pk],
            }
        )
    if not items:
        return False
    context = {
        "user": user,
        "items": items,
        "date": local.date(),
        "site_name": settings.SITE_NAME,
        "unsubscribe_url": unsubscribe_url(user.pk),
        "site_url": settings.SITE_URL,
    }
    with as_reader(user):
        for item, event in zip(items, events, strict=True):
            if event is not None:
                item["event"], item["event_url"] = event.line(), settings.SITE_URL + event.url
            if isinstance(kept := item["stopped"], dt.timedelta):
                item["clock"] = _("clock stopped while the tournament is paused: %(left)s left") % {
                    "left": duration_text(int(kept.total_seconds()))
                }
        subject = ngettext(
            "%(site)s: your move in %(count)s game", "%(site)s: your move in %(count)s games", len(items)
        ) % {"site": settings.SITE_NAME, "count": len(items)}
        text, html, chat_marks = chat_sections(
            # At the mail's width: a game's lines go on under their indent.
            wrapped(render_to_string("mail/email/digest-body.txt", context), hanging=0),
            render_to_string("mail/email/digest-body.html", context),
            matches=[item["match"] for item in items],
            user=user,
            replies=replies,
        )
    email_queue(
        kind=OutgoingEmail.Kind.DIGEST,
        to=user.email,
        subject=subject,
        text=text,
        html=html,
        dedupe_key=key,
        now=now,
        user=user,
        headers=unsubscribe_headers(context["unsubscribe_url"]),
    )
    for match_id, through in chat_marks.items():
        chat_mark_mailed(match_id=match_id, user=user, through=through)
    return True
