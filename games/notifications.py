"""Emails about a game's lifecycle, sent after the event has committed.

For now: invitations.  (The outbox with retries and per-turn mail comes with
the play-by-email work; this module is where it plugs in.)
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse

from games.models import MatchEvent, Seat


def render_email(name: str, context: dict) -> tuple[str, str, str]:
    """``(subject, text, html)`` from ``games/email/<name>-*`` templates."""
    base = f"games/email/{name}"
    subject = " ".join(render_to_string(f"{base}-subject.txt", context).split())
    return subject, render_to_string(f"{base}-body.txt", context), render_to_string(f"{base}-body.html", context)


def invitation_send(*, event_id: int) -> None:
    """Email the invitee of an ``invited`` event a link that takes the seat."""
    event = MatchEvent.objects.select_related("match", "match__created_by").get(pk=event_id)
    seat = Seat.objects.select_related("invited_user").filter(pk=event.data.get("seat_id")).first()
    if seat is None or not seat.invitation_token:
        return
    address = seat.invited_user.email if seat.invited_user_id else seat.invited_email
    match = event.match
    context = {
        "match": match,
        "inviter": match.created_by,
        "link": settings.SITE_URL + reverse("game-invitation", args=[seat.invitation_token]),
        "help_link": settings.SITE_URL + reverse("game-help", args=[match.game]),
        "site_name": settings.SITE_NAME,
    }
    subject, text, html = render_email("invitation", context)
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [address])
    message.attach_alternative(html, "text/html")
    message.send()


def on_match_event(sender, *, match_id: int, event_id: int, **kwargs) -> None:
    if MatchEvent.objects.filter(pk=event_id, kind="invited").exists():
        invitation_send(event_id=event_id)
