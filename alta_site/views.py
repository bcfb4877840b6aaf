"""Site pages that belong to no app."""

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.defaults import page_not_found

from games import selectors
from games.boards import playable_slugs
from games.engine import get_rules


def home(request):
    """What the service is, its games with their rules, and for a player
    how many games wait for their move."""
    context = {"games": [get_rules(slug) for slug in playable_slugs()]}
    if request.user.is_authenticated:
        context["your_move"] = selectors.matches_for_user(request.user).filter(my_turn=True).count()
    return render(request, "home.html", context)


def privacy(request):
    """What the site stores and for how long (the retention it enforces)."""
    context = {
        "retention_days": settings.INBOUND_MAIL_RETENTION_DAYS,
        "sent_body_days": settings.SENT_MAIL_BODY_RETENTION_DAYS,
    }
    return render(request, "privacy.html", context)


def not_found(request, exception):
    """A 404 in the API's JSON error shape under ``/api/`` (clients there
    parse JSON, whatever URL they got wrong), Django's page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "not_found", "detail": str(_("Not found."))}, status=404)
    return page_not_found(request, exception)
