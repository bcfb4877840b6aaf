"""Unsubscribe and mute links from emails (RFC 8058 one-click included)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt

from games.models import Match

from .addresses import unsubscribe_target
from .models import GameMute


def _apply(user_id: int, match_id: int | None) -> tuple[object, Match | None]:
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise Http404("Unknown link.")
    if match_id is None:
        user.notifications = user.Notifications.NONE
        user.save(update_fields=["notifications"])
        return user, None
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise Http404("Unknown game.")
    GameMute.objects.get_or_create(user=user, match=match)
    return user, match


@csrf_exempt  # one-click unsubscribe is a POST from the mail client, carrying the signed token
def unsubscribe(request, token: str):
    target = unsubscribe_target(token)
    if target is None:
        raise Http404("This link is not valid.")
    user_id, match_id = target
    if request.method == "POST":
        user, match = _apply(user_id, match_id)
        if request.POST.get("List-Unsubscribe") == "One-Click":
            return HttpResponse("Unsubscribed.", content_type="text/plain")
        return render(request, "mail/unsubscribed.html", {"match": match, "user_": user})
    match = Match.objects.filter(pk=match_id).first() if match_id else None
    return render(request, "mail/unsubscribe.html", {"match": match})
