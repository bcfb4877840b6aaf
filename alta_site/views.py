"""Site pages that belong to no app."""

import contextlib
import sys
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.defaults import bad_request as bad_request_page
from django.views.defaults import page_not_found
from django.views.defaults import server_error as server_error_page
from rest_framework.exceptions import AuthenticationFailed

from games.boards import playable_slugs
from games.engine import get_rules
from ratings.models import Rating

from . import dashboard
from .accounts.tokens import ApiTokenAuthentication
from .database_away import database_away_answer, database_failed


def home(request):
    """For a visitor: what the service is and its games.  For a signed-in
    player: their games (their move first), challenges, tournament games
    and ratings."""
    games = [get_rules(slug) for slug in playable_slugs()]
    if request.user.is_authenticated:
        board = dashboard.dashboard_for(request.user, now=timezone.now())
        return render(request, "home_player.html", {"dash": board, "games": games})
    return render(request, "home.html", {"games": games})


#: The query parameter of the page of a player's games in play ("page" is
#: their finished games').
RUNNING_PAGE = "in_play"


def player(request, who: str):
    """A player's public page: ratings per game, games in play (to watch)
    and recent results.  Never their email address."""
    user = get_user_model().objects.filter(display_name__iexact=who, is_active=True).first()
    if user is None:
        raise Http404(_("There is no such player."))
    running = dashboard.running_games_page(user, request.GET.get(RUNNING_PAGE))
    recent, reader = dashboard.recent_games_page(user, request.GET.get("page")), request.user.pk
    for match in running.object_list:
        # The seated players in seat order, for "Ann, Ben" (an empty seat is left out).
        match.seated = [seat.user for seat in match.seats.all() if seat.user]  # type: ignore[attr-defined]
    context = {
        "player": user,
        "ratings": Rating.objects.filter(user=user).order_by("game"),
        "running": running,
        # The reader's own games among them are theirs to play, not to watch.
        "playing": {m.pk for m in running.object_list if reader and any(s.user_id == reader for s in m.seats.all())},
        "recent": recent,
        # Each list's page links keep the other list on the page it shows.
        "keep_running": urlencode({"page": recent.number}) if recent.has_other_pages() else "",
        "keep_recent": urlencode({RUNNING_PAGE: running.number}) if running.has_other_pages() else "",
        "running_page": RUNNING_PAGE,
    }
    return render(request, "player.html", context)


def privacy(request):
    """What the site stores and for how long (the retention it enforces)."""
    context = {
        "retention_days": settings.INBOUND_MAIL_RETENTION_DAYS,
        "sent_body_days": settings.SENT_MAIL_BODY_RETENTION_DAYS,
    }
    return render(request, "privacy.html", context)


def _as_token_owner(request) -> None:
    """Speak the language of the API token ``request`` carries, if it is a
    valid one: an address no API view answers never authenticated it (the
    views do), and its owner reads errors in their language everywhere."""
    with contextlib.suppress(AuthenticationFailed):
        ApiTokenAuthentication().authenticate(request)


def not_found(request, exception):
    """A 404 in the API's JSON error shape under ``/api/`` (clients there
    parse JSON, whatever URL they got wrong), Django's page elsewhere."""
    if request.path.startswith("/api/"):
        _as_token_owner(request)
        return JsonResponse({"code": "not_found", "detail": str(_("Not found."))}, status=404)
    return page_not_found(request, exception)


def bad_request(request, exception):
    """A 400 Django answers itself (a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``,
    a forged Host): in the API's JSON error shape under ``/api/``, Django's
    page elsewhere.  A session the database failed to save is its 503."""
    if database_failed(exception):
        return database_away_answer(request)
    if request.path.startswith("/api/"):
        _as_token_owner(request)
        if isinstance(exception, RequestDataTooBig):
            body = {"code": "too_large", "detail": str(_("The request body is too large."))}
        else:
            body = {"code": "bad_request", "detail": str(_("The request could not be understood."))}
        return JsonResponse(body, status=400)
    return bad_request_page(request, exception)


def server_error(request):
    """A 500 (a bug, or a service away outside the API's own handling): in
    the API's JSON error shape under ``/api/`` (clients there parse JSON at
    every status), the site's plain 500 page elsewhere.  A database that
    failed (outside a view that answered it itself, such as reading the
    session) is a 503 to retry, not a bug (``database_away``).  Nothing
    here may query: the database may be what failed."""
    if database_failed(sys.exc_info()[1]):  # Django calls this while handling the exception
        return database_away_answer(request)
    if request.path.startswith("/api/"):
        detail = str(_("The site ran into an error. Please try again in a few minutes."))
        return JsonResponse({"code": "server_error", "detail": detail}, status=500)
    return server_error_page(request)
