"""Activate the signed-in user's time zone and language for each request."""

from django.conf import settings
from django.utils import timezone, translation

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
        else:
            timezone.deactivate()
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
