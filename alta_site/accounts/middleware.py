"""Activate the signed-in user's time zone and language for each request."""

from django.utils import timezone, translation


def activate_preferences(request, user) -> None:
    """The rest of ``request`` speaks ``user``'s language and shows times in
    their zone (their settings win over the browser's Accept-Language)."""
    timezone.activate(user.zone)
    translation.activate(user.language)
    request.LANGUAGE_CODE = user.language


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
        return self.get_response(request)
