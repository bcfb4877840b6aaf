"""Activate the signed-in user's time zone and language for each request;
a signed-out reader's zone is their browser's (``visitor_zone``)."""

import functools
import zoneinfo

from django.conf import settings
from django.utils import timezone, translation

from core.moments import zone_for_language

#: The request attribute that asks for the language cookie (``signals``):
#: set when a player signs in or out, so that the pages a signed-out
#: browser reads (``LocaleMiddleware`` reads the cookie before the
#: browser's Accept-Language) stay in the player's language.
REMEMBER_LANGUAGE = "_alta_remember_language"


def activate_preferences(request, user) -> None:
    """The rest of ``request`` speaks ``user``'s language and shows times in
    their zone (their settings win over the browser's Accept-Language)."""
    timezone.activate(user.zone)
    translation.activate(user.language)
    request.LANGUAGE_CODE = user.language


def speak_as(request, user) -> None:
    """``activate_preferences``, and the pages after this request too (the
    language cookie ``REMEMBER_LANGUAGE`` asks for)."""
    activate_preferences(request, user)
    setattr(request, REMEMBER_LANGUAGE, user.language)


#: The cookie in which a signed-out browser names its time zone (``alta/visitor_zone.js``).
ZONE_COOKIE = "alta_zone"


@functools.cache
def _zone_names() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def visitor_zone(request) -> zoneinfo.ZoneInfo:
    """A signed-out reader's time zone: the one their browser names
    (``ZONE_COOKIE``, when it is a known zone), else the one their
    language suggests, as a new account's (Dutch: Europe/Amsterdam)."""
    name = request.COOKIES.get(ZONE_COOKIE, "")
    if name not in _zone_names():
        name = zone_for_language(translation.get_language() or "")
    return zoneinfo.ZoneInfo(name)


class UserPreferencesMiddleware:
    """For a session's user; an API token's user is known only once the API
    view authenticates it (``tokens.ApiTokenAuthentication`` activates the
    same preferences then)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            activate_preferences(request, user)
        elif request.path_info.startswith("/api/"):
            timezone.deactivate()  # the API writes UTC offsets for every client alike
        else:
            timezone.activate(visitor_zone(request))
        response = self.get_response(request)
        language = getattr(request, REMEMBER_LANGUAGE, None)
        if language:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response
